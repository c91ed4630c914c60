/// A schema default as the value generated code initializes a property with; Render spells it as a
/// Swift expression.
indirect enum ValueLiteral: Hashable, Sendable {
    case string(String)
    case bool(Bool)
    /// An integer, in decimal digits.
    case integer(String)
    case floatingPoint(Double)
    /// A decimal number, as written.
    case decimal(String)
    /// A date, as seconds since 1970.
    case date(secondsSince1970: Double)
    case url(String)
    case uuid(String)
    /// Data, as Base64 text.
    case data(base64: String)
    /// A case of a generated enum: the enum's Swift type name and the case's member name (unescaped).
    /// Printed qualified (`Status.none`): a bare `.none` in an optional's place would be `nil`.
    case enumCase(type: String, name: String)
    case array([ValueLiteral])
    case map([Entry])
    /// No value (a custom type, which cannot take a schema default).
    case none

    /// One entry of a map literal.
    struct Entry: Hashable, Sendable {
        /// The key.
        var key: String
        /// The value.
        var value: ValueLiteral
    }
}
