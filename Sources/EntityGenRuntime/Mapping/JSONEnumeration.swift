/// An enum generated from a schema, read from and written as its raw value.
public protocol JSONEnumeration: Sendable {
    /// The raw value type (`String` or `Int64`).
    associatedtype JSONRawValue: JSONEnumerationRawValue
    /// The case for a raw value, or the fallback case, or `nil` when there is no fallback.
    init?(jsonRawValue: JSONRawValue)
    /// The raw value to write.
    var jsonRawValue: JSONRawValue { get }
    /// Whether this is the fallback case holding an unknown raw value.
    var isFallback: Bool { get }
}

/// The raw value types schema enums use: read from JSON, written to JSON, shown in messages.
public protocol JSONEnumerationRawValue: Hashable, Sendable {
    /// The JSON kind expected, for messages ("a string", "an integer").
    static var expectedKind: String { get }
    /// The raw value in a JSON value of the right kind.
    static func read(_ value: JSONValue) -> Self?
    /// Writes the raw value.
    func write(to writer: inout JSONWriter)
    /// The raw value as messages show it (`"ios"`, `3`).
    var shown: String { get }
}

extension String: JSONEnumerationRawValue {
    public static var expectedKind: String { "a string" }
    public static func read(_ value: JSONValue) -> String? { value.string() }
    public func write(to writer: inout JSONWriter) { writer.string(self) }
    public var shown: String { "\"\(self)\"" }
}

extension Int64: JSONEnumerationRawValue {
    public static var expectedKind: String { "an integer" }
    public static func read(_ value: JSONValue) -> Int64? { value.int64() }
    public func write(to writer: inout JSONWriter) { writer.integer(self) }
    public var shown: String { String(self) }
}

/// Reads and writes schema enums; an unknown raw value goes to the fallback case (reported) or fails.
public struct EnumTransformer<Enumeration: JSONEnumeration>: JSONTransformer {
    let schemaLocation: String

    /// Creates the transformer.
    public init(schemaLocation: String = "") {
        self.schemaLocation = schemaLocation
    }

    public func decode(_ value: JSONValue, context: inout MappingContext) throws(TransformFailure) -> Enumeration {
        guard let raw = Enumeration.JSONRawValue.read(value) else {
            throw .expected(Enumeration.JSONRawValue.expectedKind, found: value)
        }
        guard let result = Enumeration(jsonRawValue: raw) else {
            throw TransformFailure("\(raw.shown) is not a case of \(Enumeration.self)")
        }
        if result.isFallback {
            context.record(
                at: value.path, schemaLocation: schemaLocation, action: .usedFallbackCase,
                message: "\(raw.shown) is not a known case of \(Enumeration.self)")
        }
        return result
    }

    public func encode(_ value: Enumeration, to writer: inout JSONWriter) { value.jsonRawValue.write(to: &writer) }
}
