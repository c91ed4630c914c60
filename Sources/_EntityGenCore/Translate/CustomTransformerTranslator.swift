/// Builds the plans of custom transformer shells.
enum CustomTransformerTranslator {
    /// The plan of a custom transformer's shell.
    static func plan(_ declaration: TransformerDeclaration) -> CustomTransformerPlan {
        CustomTransformerPlan(
            typeName: SwiftNaming.typeName(declaration.name.value),
            documentation: declaration.description?.value,
            swiftType: declaration.swiftType?.value ?? "Never",
            kind: declaration.json?.value ?? .any
        )
    }
}
