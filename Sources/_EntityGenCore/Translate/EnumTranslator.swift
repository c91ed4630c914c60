/// Builds the plans of schema enums.
enum EnumTranslator {
    /// The plan of a schema enum.
    static func plan(_ resolved: ResolvedEnum) -> EnumPlan {
        EnumPlan(
            typeName: SwiftNaming.typeName(resolved.name),
            documentation: resolved.declaration.description?.value ?? "The \(resolved.name) enum.",
            isInteger: resolved.isInteger,
            cases: resolved.cases.map {
                EnumPlan.Case(identifier: SwiftNaming.escaped(SwiftNaming.memberName($0.name)), rawValue: $0.rawValue)
            },
            fallback: resolved.fallback.map { SwiftNaming.escaped(SwiftNaming.memberName($0)) }
        )
    }
}
