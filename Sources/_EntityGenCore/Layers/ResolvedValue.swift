import Foundation

/// A schema literal (an attribute's `default:`) checked against its type and resolved once, by
/// ``SchemaValidator``: translate (the model's initializer, a column's SQL default) and the interpreter
/// behind `check` read these typed values, and none of them reads the schema's text again.
public indirect enum ResolvedValue: Hashable, Sendable {
    /// `null`: an optional attribute's explicit "no value".
    case null
    /// A `Bool`.
    case bool(Bool)
    /// An integer of any width, in decimal digits (YAML's `0x1F` and `0o17` converted).
    case integer(String)
    /// A `Double`, `Float` or `Decimal`: the number's text (an integer's in decimal digits, a float's as
    /// written) and its value as a `Double`.
    case number(text: String, value: Double)
    /// A `String` or a `URL`, as written.
    case text(String)
    /// A `UUID`, as written (any case).
    case uuid(String)
    /// A `Data`: its Base64 text and its bytes.
    case data(base64: String, bytes: [UInt8])
    /// A `Date`: its ISO-8601 text and the instant the runtime's parser reads from it.
    case date(text: String, date: Date)
    /// A case of a schema enum: the case's schema name, and its raw value (in decimal digits when
    /// the enum's raw type is `Int`).
    case enumCase(name: String, rawValue: String, rawIsInteger: Bool)
    /// An array's elements, each resolved against the element type.
    case array([ResolvedValue])
    /// A map's entries, in the schema's order, each resolved against the element type.
    case map([Entry])

    /// One entry of a map.
    public struct Entry: Hashable, Sendable {
        /// The key.
        public var key: String
        /// The value.
        public var value: ResolvedValue
    }
}

/// One value constraint of an attribute (the runtime's `MappingConstraint`), its bound read once by
/// validation: what the generated field and the interpreter's field both check.
public enum ResolvedConstraint: Hashable, Sendable {
    /// The inclusive lower bound of a number.
    case minimum(Double)
    /// The inclusive upper bound of a number.
    case maximum(Double)
    /// The least length of text, or count of a collection.
    case minLength(Int)
    /// The greatest length of text, or count of a collection.
    case maxLength(Int)
    /// A regular expression the whole string must match.
    case pattern(String)
    /// The allowed values, as text.
    case oneOf([String])
}
