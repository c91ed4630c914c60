import Yams

extension SchemaParser {
    /// Parses an attribute: the short form `name: Type` / `name: [Type]`, or the mapping form.
    mutating func parseAttribute(name: Located<String>, _ node: Node) -> AttributeDeclaration? {
        var attribute = AttributeDeclaration(name: name, location: name.location)
        let what = "attribute '\(name.value)'"
        guard case .mapping = node, !isTypeMapping(node) else {
            guard let (type, optional) = typeExpression(node, "type of \(what)") else { return nil }
            attribute.type = type
            attribute.isOptional = optional
            return attribute
        }
        guard let entries = reader.mapping(node, what) else { return nil }
        reader.checkKeys(entries, allowed: SchemaKeys.attribute, in: what)
        for entry in entries {
            let value = entry.value
            switch SchemaKeys.Attribute(rawValue: entry.key.value) {
            case .type:
                if let (type, optional) = typeExpression(value, "type of \(what)") {
                    attribute.type = type
                    if let optional { attribute.isOptional = optional }
                }
            case .optional: readOptional(value, into: &attribute.isOptional, what)
            case .description: attribute.description = reader.string(value, "description")
            case .key: attribute.key = reader.keyPath(value, "key of \(what)", allowsElement: true)
            case .fallbackKeys: attribute.fallbackKeys = reader.keyPaths(value, "fallback key of \(what)")
            case .`default`: attribute.defaultValue = reader.value(value)
            case .transformer: attribute.transformer = reader.string(value, "transformer")
            case .dateFormat: attribute.dateFormat = reader.string(value, "date format")
            case .onFailure: attribute.onFailure = reader.keyword(value, "failure policy")
            case .onAbsent: attribute.onAbsent = reader.keyword(value, "absent key policy")
            case .writeNulls: attribute.writeNulls = reader.bool(value, "'writeNulls'")
            case .renamedFrom: attribute.renamedFrom = reader.string(value, "former name")
            case .examples: attribute.examples = reader.examples(value, "examples of \(what)")
            case .onInvalidElement: attribute.onInvalidElement = reader.keyword(value, "element failure policy")
            case .minimum: attribute.constraints.minimum = reader.value(value)
            case .maximum: attribute.constraints.maximum = reader.value(value)
            case .minLength: attribute.constraints.minLength = reader.value(value)
            case .maxLength: attribute.constraints.maxLength = reader.value(value)
            case .pattern: attribute.constraints.pattern = reader.string(value, "pattern")
            case .oneOf: attribute.constraints.oneOf = reader.value(value)
            case nil: break  // an unknown key: checkKeys reported it
            }
        }
        if attribute.type == nil, attribute.transformer == nil {
            reader.diagnostics.emit(
                Rules.missingKey, "\(what) needs a 'type' (or a custom 'transformer' that gives one)", at: name.location
            )
        }
        return attribute
    }

    /// Whether a mapping node is the flow form of a map type (`{String: Int}`) rather than an attribute.
    func isTypeMapping(_ node: Node) -> Bool {
        guard case let .mapping(mapping) = node, mapping.count == 1 else { return false }
        return mapping.first.map { $0.key.string == "String" } ?? false
    }
}
