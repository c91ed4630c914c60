import Yams

extension SchemaParser {
    /// Parses a relationship: the short form `name: Target` / `name: [Target]` / `name: Target?` /
    /// `name: {String: Target}`, or the mapping form with `to:`.
    mutating func parseRelationship(name: Located<String>, _ node: Node) -> RelationshipDeclaration? {
        var relationship = RelationshipDeclaration(name: name, location: name.location)
        let what = "relationship '\(name.value)'"
        guard case .mapping = node, !isTypeMapping(node) else {
            guard parseTarget(node, into: &relationship, what) else { return nil }
            return relationship
        }
        guard let entries = reader.mapping(node, what) else { return nil }
        reader.checkKeys(entries, allowed: SchemaKeys.relationship, in: what)
        for entry in entries {
            let value = entry.value
            switch SchemaKeys.Relationship(rawValue: entry.key.value) {
            case .to: _ = parseTarget(value, into: &relationship, what)
            case .optional: readOptional(value, into: &relationship.isOptional, what)
            case .description: relationship.description = reader.string(value, "description")
            case .key: relationship.key = reader.keyPath(value, "key of \(what)")
            case .fallbackKeys: relationship.fallbackKeys = reader.keyPaths(value, "fallback key of \(what)")
            case .reference: relationship.reference = parseReference(value)
            case .expandable: relationship.expandable = reader.bool(value, "'expandable'")
            case .inverse: relationship.inverse = reader.string(value, "inverse")
            case .deleteRule: relationship.deleteRule = reader.keyword(value, "delete rule")
            case .onFailure: relationship.onFailure = reader.keyword(value, "failure policy")
            case .onAbsent: relationship.onAbsent = reader.keyword(value, "absent key policy")
            case .writeNulls: relationship.writeNulls = reader.bool(value, "'writeNulls'")
            case .renamedFrom: relationship.renamedFrom = reader.string(value, "former name")
            case .onInvalidElement: relationship.onInvalidElement = reader.keyword(value, "element failure policy")
            case .onMissingTarget: relationship.onMissingTarget = reader.keyword(value, "missing target policy")
            case nil: break  // an unknown key: checkKeys reported it
            }
        }
        if relationship.target == nil, !entries.contains(where: { $0.key.value == "to" }) {
            reader.diagnostics.emit(Rules.missingKey, "\(what) needs 'to:' naming the target entity", at: name.location)
        }
        return relationship
    }

    /// `Target`, `Target?` or `[Target]`.
    private mutating func parseTarget(
        _ node: Node, into relationship: inout RelationshipDeclaration, _ what: String
    ) -> Bool {
        guard let (type, optional) = typeExpression(node, "target of \(what)") else { return false }
        switch type.value {
        case let .named(target):
            relationship.target = Located(target, at: type.location)
        case let .array(.named(target)):
            relationship.target = Located(target, at: type.location)
            relationship.isToMany = true
        case let .map(.named(target)):
            relationship.target = Located(target, at: type.location)
            relationship.isToMany = true
            relationship.isMap = true
        default:
            reader.diagnostics.emit(
                Rules.invalidType,
                "target of \(what) must be Entity, [Entity] or {String: Entity}, not '\(type.value)'", at: type.location
            )
            return false
        }
        if let optional { relationship.isOptional = optional }
        return true
    }

    /// `reference: true` (the target's identity) or `reference: attributeName`.
    private mutating func parseReference(_ node: Node) -> Located<RelationshipDeclaration.ReferenceSpec>? {
        if case let .scalar(scalar) = node, scalar.style == .plain,
            case let .bool(flag) = ValueNode.interpretPlain(scalar.string)
        {
            guard flag else { return nil }
            return Located(.identity, at: reader.location(of: node))
        }
        return reader.string(node, "'reference'").map { $0.map { .attribute($0) } }
    }
}
