/// Builds the plans of schema enums.
enum EnumTranslator {
    /// The plan of a schema enum.
    static func plan(_ declaration: EnumDeclaration) -> EnumPlan {
        let integer = declaration.rawType?.value == .int
        let cases = declaration.cases.map { enumCase in
            let text = enumCase.rawValue.textOrIntegerText ?? ""
            return EnumPlan.Case(
                identifier: SwiftNaming.escaped(SwiftNaming.memberName(enumCase.name.value)),
                rawValue: integer ? String(SchemaValidator.integerValue(text) ?? 0) : text)
        }
        return EnumPlan(
            typeName: SwiftNaming.typeName(declaration.name.value),
            documentation: declaration.description?.value ?? "The \(declaration.name.value) enum.",
            isInteger: integer,
            cases: cases,
            fallback: declaration.fallback.map { SwiftNaming.escaped(SwiftNaming.memberName($0.value)) }
        )
    }
}
