/// A schema enum as the renderer prints it.
struct EnumPlan: Sendable {
    /// A case and its raw value.
    struct Case: Sendable {
        /// The case name (escaped).
        var identifier: String
        /// The raw value: text, or decimal digits for integer enums.
        var rawValue: String
    }

    /// The Swift type name.
    var typeName: String
    /// Doc comment text.
    var documentation: String?
    /// Whether raw values are integers (`Int64`) rather than strings.
    var isInteger: Bool
    /// The listed cases, in schema order.
    var cases: [Case]
    /// The case (escaped) keeping unlisted raw values, if the schema declares one.
    var fallback: String?
    /// Whether the enum conforms to `Codable` (by raw value).
    var isCodable = false
}
