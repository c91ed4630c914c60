import EntityGenRuntime

/// Built-in transformers. Each applies to the scalar type of an attribute (to each element of an array
/// or map). `dateFormat:` is the custom-pattern date transformer and is written as its own key.
///
/// This file is the one table of built-in transformers: validation (which types each applies to),
/// translation (the runtime transformer generated code builds), the interpreter (the same runtime
/// value), the JSON Schema and the README table (checked by tests) all derive from ``descriptor``.
/// Adding one is a case here, its descriptor, and its runtime type.
public enum BuiltinTransformer: String, CaseIterable, Hashable, Sendable {
    /// ISO-8601 date-time (`2014-03-07T07:00:00Z`), fractional seconds optional when reading; written
    /// with the fraction the date has (none for whole seconds). The default for `Date`.
    case iso8601
    /// ISO-8601 with fractional seconds; read with or without, written with milliseconds at least.
    case iso8601Fractional
    /// A JSON number of seconds since 1970-01-01T00:00:00Z.
    case epochSeconds
    /// A JSON number of milliseconds since 1970-01-01T00:00:00Z.
    case epochMilliseconds
    /// A number that may arrive as a JSON string (`"42"`, `"1.5"`) or a number; written as a number.
    case numberFromString
    /// A boolean that may arrive as a string (`"true"`/`"false"`, `"yes"`/`"no"`, `"1"`/`"0"`) or a
    /// boolean; written as a boolean.
    case boolFromString
    /// An absolute or relative URL string. The default for `URL`.
    case url
    /// Base64 text. The default for `Data`.
    case base64

    /// Everything the engine knows about the transformer.
    var descriptor: BuiltinTransformerDescriptor {
        switch self {
        case .iso8601:
            return .date(RuntimeTransformer("ISO8601DateTransformer")) { ISO8601DateTransformer() }
        case .iso8601Fractional:
            return .date(RuntimeTransformer("ISO8601DateTransformer", [.bool(label: "fractionalSeconds", true)])) {
                ISO8601DateTransformer(fractionalSeconds: true)
            }
        case .epochSeconds:
            return .date(RuntimeTransformer("EpochDateTransformer", [.member("seconds")]), json: .number) {
                EpochDateTransformer(.seconds)
            }
        case .epochMilliseconds:
            return .date(RuntimeTransformer("EpochDateTransformer", [.member("milliseconds")]), json: .number) {
                EpochDateTransformer(.milliseconds)
            }
        case .numberFromString:
            return BuiltinTransformerDescriptor(
                makes: "numbers", documentedType: "any number type", json: .any, appliesTo: \.isNumeric,
                runtime: { type in
                    RuntimeTransformer("NumberFromStringTransformer", [.transformer(type.plainTransformer)])
                },
                instantiate: { type in wrapInNumberFromString(type.instantiatePlainTransformer()) }
            )
        case .boolFromString:
            return .plain(.bool, makes: "Bools", runtime: RuntimeTransformer("BoolFromStringTransformer"), json: .any) {
                BoolFromStringTransformer()
            }
        case .url:
            return .plain(.url, makes: "URLs", runtime: BuiltinType.url.plainTransformer) { URLTransformer() }
        case .base64:
            return .plain(.data, makes: "Data", runtime: BuiltinType.data.plainTransformer) { Base64Transformer() }
        }
    }
}

/// What the engine knows about one built-in transformer (see ``BuiltinTransformer``).
struct BuiltinTransformerDescriptor: Sendable {
    /// What it makes, for diagnostics: "transformer 'url' makes URLs".
    var makes: String
    /// The Swift type column of the README's transformer table.
    var documentedType: String
    /// The JSON it reads.
    var json: JSONValueKind
    /// Whether it can produce a built-in type.
    var appliesTo: @Sendable (BuiltinType) -> Bool
    /// The runtime transformer generated code builds for a type it applies to.
    var runtime: @Sendable (BuiltinType) -> RuntimeTransformer
    /// The same runtime transformer as a value, for the interpreter.
    var instantiate: @Sendable (BuiltinType) -> any JSONTransformer

    /// A transformer that makes `Date`s.
    static func date(
        _ runtime: RuntimeTransformer, json: JSONValueKind = .string,
        _ instantiate: @escaping @Sendable () -> any JSONTransformer
    ) -> Self {
        .plain(.date, makes: "Dates", runtime: runtime, json: json, instantiate)
    }

    /// A transformer that makes exactly one type.
    static func plain(
        _ type: BuiltinType, makes: String, runtime: RuntimeTransformer, json: JSONValueKind = .string,
        _ instantiate: @escaping @Sendable () -> any JSONTransformer
    ) -> Self {
        BuiltinTransformerDescriptor(
            makes: makes, documentedType: type.rawValue, json: json, appliesTo: { $0 == type },
            runtime: { _ in runtime }, instantiate: { _ in instantiate() }
        )
    }

    /// `dateFormat: pattern`: a date in a custom pattern (Unicode TR35, POSIX locale); the formatter is
    /// built once and kept.
    static func dateFormat(_ pattern: String) -> Self {
        .date(RuntimeTransformer("DateFormatTransformer", [.string(pattern)], allocates: true)) {
            DateFormatTransformer(pattern)
        }
    }
}

/// `NumberFromStringTransformer` over a transformer known only as an existential (the interpreter's).
private func wrapInNumberFromString(_ base: any JSONTransformer) -> any JSONTransformer {
    func wrap<Inner: JSONTransformer>(_ inner: Inner) -> any JSONTransformer {
        NumberFromStringTransformer<Inner>(inner)
    }
    return wrap(base)
}
