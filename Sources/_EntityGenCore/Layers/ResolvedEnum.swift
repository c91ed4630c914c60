/// A schema enum with its raw values read once by validation: translate prints it, persistence stores
/// its raw values, and the interpreter reads them, none of them re-reading the schema's text.
public struct ResolvedEnum: Sendable {
    /// A case and its raw value.
    public struct Case: Hashable, Sendable {
        /// The case's schema name.
        public var name: String
        /// The raw value: text, or decimal digits for an `Int` enum (YAML's `0x10` read as `16`).
        public var rawValue: String
    }

    /// The declaration (name, description and locations).
    public var declaration: EnumDeclaration
    /// The schema name.
    public var name: String { declaration.name.value }
    /// Whether raw values are integers (`rawType: Int`) rather than text.
    public var isInteger: Bool
    /// The listed cases, in schema order.
    public var cases: [Case]
    /// The case keeping unlisted raw values, if the schema declares one.
    public var fallback: String?

    /// Resolves a validated declaration.
    init(_ declaration: EnumDeclaration) {
        self.declaration = declaration
        let integer = declaration.rawType?.value == .int
        isInteger = integer
        cases = declaration.cases.map { Case(name: $0.name.value, rawValue: Self.rawValue(of: $0, integer: integer)) }
        fallback = declaration.fallback?.value
    }

    /// A validated case's raw value: its text, or for an `Int` enum its decimal digits.
    static func rawValue(of enumCase: EnumDeclaration.Case, integer: Bool) -> String {
        let text = enumCase.rawValue.textOrIntegerText ?? enumCase.name.value
        return integer ? SchemaValidator.integerValue(text).map { String($0) } ?? text : text
    }
}
