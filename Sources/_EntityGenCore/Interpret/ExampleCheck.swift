import EntityGenRuntime

/// Checks the schema's `examples:` through the interpreter (what `lint`, `generate` and the build plugin
/// report as `invalid-example`): each attribute example is read with the attribute's own transformer,
/// written, and read and written again, and must come out the same; a custom transformer's examples are
/// checked for its JSON kind (only the generated `checkExamples()` can run the user's conversion).
enum ExampleCheck {
    /// The findings for `schema`, whose plan is `plan`.
    static func diagnostics(_ schema: ResolvedSchema, _ plan: GenerationPlan) -> [Diagnostic] {
        let interpreter = SchemaInterpreter(plan: plan, displayPath: { $0 })
        var diagnostics: [Diagnostic] = []
        var checked: Set<String> = []
        for entity in schema.entities where !entity.isAbstract {
            for (index, attribute) in entity.attributes.enumerated() where !attribute.declaration.examples.isEmpty {
                // Inherited attributes are checked once, in the first concrete entity that has them.
                guard checked.insert(attribute.declaringEntity + "." + attribute.name).inserted,
                    let transformer = interpreter.transformer(of: entity.name, property: index)
                else { continue }
                for example in attribute.declaration.examples {
                    if let problem = Self.problem(example, transformer) {
                        diagnostics.append(
                            Diagnostic(
                                Rules.invalidExample,
                                "example \(Self.shown(example)) of attribute '\(attribute.name)' \(problem)",
                                at: example.location))
                    }
                }
            }
        }
        for declaration in schema.transformers {
            let transformer = TransformerBuilder.custom(declaration.json?.value ?? .any)
            for example in declaration.examples {
                if let problem = Self.problem(example, transformer) {
                    diagnostics.append(
                        Diagnostic(
                            Rules.invalidExample,
                            "example \(Self.shown(example)) of transformer '\(declaration.name.value)' \(problem)",
                            at: example.location))
                }
            }
        }
        return diagnostics
    }

    /// An example as written in messages: its JSON text, or its YAML text when it has no JSON form.
    static func shown(_ example: ValueNode) -> String {
        if let bytes = example.jsonBytes { return String(decoding: bytes, as: UTF8.self) }
        if case let .scalar(text, _) = example.kind { return text }
        return example.kindDescription
    }

    /// What is wrong with one example, or `nil`.
    static func problem(_ example: ValueNode, _ transformer: ErasedTransformer) -> String? {
        guard let bytes = example.jsonBytes else { return "has no JSON form" }
        if case .null? = example.scalar {
            return "is null, which is read as absent without the transformer; give a value"
        }
        switch TransformerExamples.roundTrip(transformer, bytes) {
        case .stable: return nil
        case let .unreadable(reason): return "does not read: \(reason)"
        case let .notReadBack(written, reason): return "is written as \(written), which does not read back: \(reason)"
        case let .unstable(written, rewritten):
            return "is written as \(written), then as \(rewritten): the writing is not stable"
        }
    }
}
