extension SchemaValidator {
    /// Checks an entity's own relationships against their targets: the target exists, a reference
    /// holds the target's single identification attribute, and an inverse points back.
    mutating func validateRelationships(of name: String) {
        guard let entity = resolvedEntities[name] else { return }
        for relationship in entity.relationships where relationship.declaringEntity == name {
            let declaration = relationship.declaration
            let what = "relationship '\(relationship.name)'"
            guard let targetName = declaration.target, let target = resolvedEntities[targetName.value] else {
                if let targetName = declaration.target {
                    let hint =
                        enums[targetName.value] != nil || BuiltinType(rawValue: targetName.value) != nil
                        ? "; '\(targetName.value)' is a value type, declare it under 'attributes'"
                        : Suggestions.didYouMean(targetName.value, in: entities.keys.sorted())
                    emit(
                        Rules.unknownEntity,
                        "\(what) targets '\(targetName.value)', which is not a declared entity\(hint)",
                        at: targetName.location)
                }
                continue
            }
            if target.isAbstract, config.generatesPersistence {
                // Persistence saves a family's instances in their members' tables but has no column or
                // link table for a relationship to the family: it would be lost on import (data loss).
                let members = target.children.sorted().joined(separator: ", ")
                emit(
                    Rules.unstoredRelationship,
                    "\(what) targets the family '\(target.name)'; persistence stores each member (\(members)) in its own table and cannot store a relationship to the family, so it would be lost on import and read back empty; target a concrete member instead",
                    at: targetName.location)
            }
            if let reference = declaration.reference {
                checkReference(reference, of: what, target: target)
            }
            if let expandable = declaration.expandable, expandable.value {
                if declaration.reference == nil {
                    emit(
                        Rules.invalidReference,
                        "'expandable' is for references ('reference: true'): an embedded \(what) already reads the whole object",
                        at: expandable.location)
                } else if target.isAbstract || !target.children.isEmpty {
                    emit(
                        Rules.invalidReference,
                        "\(what) cannot be expandable: '\(target.name)' is a family, and an expanded object is mapped as one concrete entity",
                        at: expandable.location)
                }
            }
            if let inverse = declaration.inverse {
                checkInverse(inverse, of: relationship, in: entity, target: target)
            }
        }
    }

    private mutating func checkReference(
        _ reference: Located<RelationshipDeclaration.ReferenceSpec>, of what: String, target: ResolvedEntity
    ) {
        let identity = target.identifiedBy
        guard !identity.isEmpty else {
            emit(
                Rules.invalidReference,
                "\(what) references '\(target.name)' by identifier, but '\(target.root)' declares no identifiedBy",
                at: reference.location)
            return
        }
        switch reference.value {
        case .identity:
            if identity.count > 1 {
                emit(
                    Rules.invalidReference,
                    "'\(target.name)' is identified by several attributes (\(identity.joined(separator: ", "))); a reference holds one value, so embed the relationship instead",
                    at: reference.location)
            }
        case let .attribute(attribute):
            guard identity == [attribute] else {
                let known = target.attributes.contains { $0.name == attribute }
                let reason =
                    known
                    ? "'\(attribute)' does not identify '\(target.name)'"
                    : "'\(target.name)' has no attribute '\(attribute)'"
                let fix = identity.count == 1 ? "; reference '\(identity[0])'" : ""
                emit(Rules.invalidReference, "\(what): \(reason)\(fix)", at: reference.location)
                return
            }
        }
    }

    private mutating func checkInverse(
        _ inverse: Located<String>, of relationship: ResolvedRelationship, in entity: ResolvedEntity,
        target: ResolvedEntity
    ) {
        let what = "relationship '\(relationship.name)'"
        guard let back = target.relationships.first(where: { $0.name == inverse.value }) else {
            emit(
                Rules.invalidInverse,
                "\(what) names the inverse '\(inverse.value)', but '\(target.name)' has no such relationship\(Suggestions.didYouMean(inverse.value, in: target.relationships.map(\.name)))",
                at: inverse.location)
            return
        }
        let lineage = [entity.name] + ancestors(of: entity.name)
        guard lineage.contains(back.target) else {
            emit(
                Rules.invalidInverse,
                "\(what) names the inverse '\(inverse.value)', but '\(target.name).\(inverse.value)' targets '\(back.target)', not '\(entity.name)'",
                at: inverse.location)
            return
        }
        if let backInverse = back.inverse, backInverse != relationship.name {
            emit(
                Rules.invalidInverse,
                "\(what) names the inverse '\(inverse.value)', whose own inverse is '\(backInverse)', not '\(relationship.name)'",
                at: inverse.location)
        }
    }
}
