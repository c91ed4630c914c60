import EntityGenRuntime

/// The one table of what `entitygen infer` may read a scalar as beyond its JSON kind: dates in their
/// common forms, UUIDs and URLs. A format is chosen only when every value of a member reads with its
/// runtime transformer and is written back as the same JSON (checked value by value on the samples,
/// with the transformer generated code uses), so an inferred schema never changes a value it maps.
enum ValueFormat: CaseIterable, Hashable, Sendable {
    /// ISO 8601 date-time, the fraction as written (`2014-03-07T07:00:00Z`).
    case iso8601
    /// ISO 8601 date-time with milliseconds (`2014-03-07T07:00:00.000Z`).
    case iso8601Fractional
    /// A day (`2014-03-07`).
    case dateOnly
    /// SQL's date-time (`2014-03-07 07:00:00`).
    case sqlDateTime
    /// Twitter's (`Mon Sep 24 03:35:21 +0000 2012`).
    case twitterDate
    /// RFC 2822 (`Mon, 24 Sep 2012 03:35:21 +0000`).
    case rfc2822
    /// A UUID in the case `UUID` writes (upper).
    case uuid
    /// An absolute http(s) URL.
    case url
    /// Seconds since 1970, as an integer.
    case epochSeconds
    /// Milliseconds since 1970, as an integer.
    case epochMilliseconds

    /// The formats strings may have.
    static let stringFormats: [ValueFormat] = [
        .iso8601, .iso8601Fractional, .dateOnly, .sqlDateTime, .twitterDate, .rfc2822, .uuid, .url,
    ]
    /// The formats integers may have.
    static let numberFormats: [ValueFormat] = [.epochSeconds, .epochMilliseconds]

    /// The schema type.
    var type: BuiltinType {
        switch self {
        case .iso8601, .iso8601Fractional, .dateOnly, .sqlDateTime, .twitterDate, .rfc2822, .epochSeconds,
            .epochMilliseconds:
            return .date
        case .uuid: return .uuid
        case .url: return .url
        }
    }

    /// How the schema says it: a built-in transformer, a date pattern, or nothing (the type's default).
    var spelling: (transformer: BuiltinTransformer?, dateFormat: String?) {
        switch self {
        case .iso8601, .uuid, .url: return (nil, nil)
        case .iso8601Fractional: return (.iso8601Fractional, nil)
        case .epochSeconds: return (.epochSeconds, nil)
        case .epochMilliseconds: return (.epochMilliseconds, nil)
        case .dateOnly: return (nil, Self.patterns[self])
        case .sqlDateTime: return (nil, Self.patterns[self])
        case .twitterDate: return (nil, Self.patterns[self])
        case .rfc2822: return (nil, Self.patterns[self])
        }
    }

    /// How a comment names it.
    var explanation: String {
        switch self {
        case .iso8601: return "ISO 8601"
        case .iso8601Fractional: return "ISO 8601 with milliseconds"
        case .dateOnly, .sqlDateTime, .twitterDate, .rfc2822: return "'\(Self.patterns[self] ?? "")'"
        case .uuid: return "UUIDs"
        case .url: return "http(s) URLs"
        case .epochSeconds: return "seconds since 1970"
        case .epochMilliseconds: return "milliseconds since 1970"
        }
    }

    private static let patterns: [ValueFormat: String] = [
        .dateOnly: "yyyy-MM-dd", .sqlDateTime: "yyyy-MM-dd HH:mm:ss", .twitterDate: "EEE MMM dd HH:mm:ss Z yyyy",
        .rfc2822: "EEE, dd MMM yyyy HH:mm:ss Z",
    ]

    /// A cheap test on the text before the transformer runs.
    func mayMatch(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard let first = utf8.first else { return false }
        let digitFirst = first >= 0x30 && first <= 0x39
        switch self {
        case .iso8601, .iso8601Fractional: return digitFirst && utf8.count >= 20 && text.contains("T")
        case .dateOnly: return digitFirst && utf8.count == 10
        case .sqlDateTime: return digitFirst && utf8.count == 19
        case .twitterDate: return !digitFirst && utf8.count == 30
        case .rfc2822: return !digitFirst && utf8.count == 31 && text.contains(",")
        case .uuid: return utf8.count == 36
        case .url: return text.hasPrefix("http://") || text.hasPrefix("https://")
        case .epochSeconds, .epochMilliseconds: return false
        }
    }

    /// Whether an integer's size fits the format (dates from 2001 to 2096).
    func mayMatch(integer: Double) -> Bool {
        switch self {
        case .epochSeconds: return integer >= 978_307_200 && integer < 4_000_000_000
        case .epochMilliseconds: return integer >= 978_307_200_000 && integer < 4_000_000_000_000
        case .iso8601, .iso8601Fractional, .dateOnly, .sqlDateTime, .twitterDate, .rfc2822, .uuid, .url:
            return false
        }
    }

    /// Whether `value` reads with the format's runtime transformer and is written back as the same JSON.
    func roundTrips(_ value: JSONValue) -> Bool {
        Self.roundTrips(value, through: transformer)
    }

    /// The transformer generated code would use (from ``BuiltinTransformer``'s table).
    private var transformer: any JSONTransformer {
        if let pattern = spelling.dateFormat { return DateFormatTransformer(pattern) }
        if let builtin = spelling.transformer { return builtin.descriptor.instantiate(type) }
        return type.instantiatePlainTransformer()
    }

    /// Reads `value` with `transformer`, writes the result, and compares the JSON.
    static func roundTrips(_ value: JSONValue, through transformer: some JSONTransformer) -> Bool {
        var context = MappingContext()
        guard let converted = try? transformer.decode(value, context: &context) else { return false }
        var writer = JSONWriter()
        transformer.encode(converted, to: &writer)
        guard let document = try? JSONDocument(bytes: writer.bytes) else { return false }
        return document.withRoot { written in
            switch (value.kind, written.kind) {
            case (.string, .string): return value.string() == written.string()
            case (.number, .number):
                return JSONNumberValue(value.numberLiteral() ?? "") == JSONNumberValue(written.numberLiteral() ?? "")
            default: return false
            }
        }
    }
}
