/// Builds the plans of custom transformer shells.
enum CustomTransformerTranslator {
    /// The plan of a custom transformer's shell: its examples are its own `examples:` and those of the
    /// single-valued attributes it converts (a collection's examples are not the transformer's values).
    static func plan(_ declaration: TransformerDeclaration, in schema: ResolvedSchema) -> CustomTransformerPlan {
        var examples = declaration.examples
        var seen: Set<String> = []
        for entity in schema.entities {
            for attribute in entity.attributes where attribute.declaringEntity == entity.name {
                guard case let .custom(_, name) = attribute.type, name == declaration.name.value else { continue }
                examples += attribute.declaration.examples
            }
        }
        let texts = examples.compactMap { $0.jsonBytes.map { String(decoding: $0, as: UTF8.self) } }
            .filter { seen.insert($0).inserted }
        return CustomTransformerPlan(
            typeName: SwiftNaming.typeName(declaration.name.value),
            documentation: declaration.description?.value,
            swiftType: declaration.swiftType?.value ?? "Never",
            kind: declaration.json?.value ?? .any,
            examples: texts
        )
    }
}
