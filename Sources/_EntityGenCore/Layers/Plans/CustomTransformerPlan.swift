/// A custom transformer's generated shell: the user writes `fromJSON` and `toJSON`.
struct CustomTransformerPlan: Sendable {
    /// The Swift type name.
    var typeName: String
    /// Doc comment text.
    var documentation: String?
    /// The Swift type it makes, as the schema names it.
    var swiftType: String
    /// The JSON kind it accepts, checked before `fromJSON`.
    var kind: JSONValueKind
    /// The schema's example JSON texts, which the generated `checkExamples()` round-trips.
    var examples: [String] = []
}
