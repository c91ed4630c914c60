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
                    let hint = enums[targetName.value] != nil || BuiltinType(rawValue: targetName.value) != nil
                        ? "; '\(targetName.value)' is a value type, declare it under 'attributes'"
                        : Suggestions.didYouMean(targetName.value, in: entities.keys.sorted())
                    emit(Rules.unknownEntity, "\(what) targets '\(targetName.value)', which is not a declared entity\(hint)", at: targetName.location)
                }
                continue
            }
            if let reference = declaration.reference {
                checkReference(reference, of: what, target: target)
            }
            if let inverse = declaration.inverse {
                checkInverse(inverse, of: relationship, in: entity, target: target)
            }
        }
    }

    private mutating func checkReference(_ reference: Located<RelationshipDeclaration.ReferenceSpec>, of what: String, target: ResolvedEntity) {
        let identity = target.identifiedBy
        guard !identity.isEmpty else {
            emit(Rules.invalidReference, "\(what) references '\(target.name)' by identifier, but '\(target.root)' declares no identifiedBy", at: reference.location)
            return
        }
        switch reference.value {
        case .identity:
            if identity.count > 1 {
                emit(Rules.invalidReference, "'\(target.name)' is identified by several attributes (\(identity.joined(separator: ", "))); a reference holds one value, so embed the relationship instead", at: reference.location)
            }
        case let .attribute(attribute):
            guard identity == [attribute] else {
                let known = target.attributes.contains { $0.name == attribute }
                let reason = known ? "'\(attribute)' does not identify '\(target.name)'" : "'\(target.name)' has no attribute '\(attribute)'"
                let fix = identity.count == 1 ? "; reference '\(identity[0])'" : ""
                emit(Rules.invalidReference, "\(what): \(reason)\(fix)", at: reference.location)
                return
            }
        }
    }

    private mutating func checkInverse(_ inverse: Located<String>, of relationship: ResolvedRelationship, in entity: ResolvedEntity, target: ResolvedEntity) {
        let what = "relationship '\(relationship.name)'"
        guard let back = target.relationships.first(where: { $0.name == inverse.value }) else {
            emit(Rules.invalidInverse, "\(what) names the inverse '\(inverse.value)', but '\(target.name)' has no such relationship\(Suggestions.didYouMean(inverse.value, in: target.relationships.map(\.name)))", at: inverse.location)
            return
        }
        let lineage = [entity.name] + ancestors(of: entity.name)
        guard lineage.contains(back.target) else {
            emit(Rules.invalidInverse, "\(what) names the inverse '\(inverse.value)', but '\(target.name).\(inverse.value)' targets '\(back.target)', not '\(entity.name)'", at: inverse.location)
            return
        }
        if let backInverse = back.inverse, backInverse != relationship.name {
            emit(Rules.invalidInverse, "\(what) names the inverse '\(inverse.value)', whose own inverse is '\(backInverse)', not '\(relationship.name)'", at: inverse.location)
        }
        if relationship.isToMany, back.isToMany, relationship.declaration.reference == nil, back.declaration.reference == nil {
            // Many-to-many needs a join table; allowed, nothing to report.
        }
    }

    /// Checks `identifiedBy`: declared on the family root only, naming required scalar attributes once.
    mutating func validateIdentity(of name: String) {
        guard let entity = resolvedEntities[name] else { return }
        let declaration = entity.declaration
        guard !declaration.identifiedBy.isEmpty || declaration.identifiedByLocation != nil else { return }
        if entity.root != name {
            emit(Rules.invalidIdentification, "'\(name)' extends '\(entity.parent ?? "")'; identity belongs to the family root '\(entity.root)'", at: declaration.identifiedByLocation ?? declaration.name.location)
            return
        }
        if declaration.identifiedBy.isEmpty, let location = declaration.identifiedByLocation {
            emit(Rules.invalidIdentification, "identifiedBy of '\(name)' lists no attribute", at: location)
        }
        var seen: Set<String> = []
        for identifier in declaration.identifiedBy {
            guard seen.insert(identifier.value).inserted else {
                emit(Rules.invalidIdentification, "'\(identifier.value)' is listed twice in identifiedBy", at: identifier.location)
                continue
            }
            guard let attribute = entity.attributes.first(where: { $0.name == identifier.value }) else {
                // Declared but unresolved (its type was wrong): that problem is already reported.
                if declaration.attributes.contains(where: { $0.name.value == identifier.value }) { continue }
                let isRelationship = entity.relationships.contains { $0.name == identifier.value }
                let hint = isRelationship ? " ('\(identifier.value)' is a relationship; identify by attributes)"
                    : Suggestions.didYouMean(identifier.value, in: entity.attributes.map(\.name))
                emit(Rules.invalidIdentification, "'\(name)' has no attribute '\(identifier.value)' to identify by\(hint)", at: identifier.location)
                continue
            }
            if attribute.isOptional {
                emit(Rules.invalidIdentification, "identification attribute '\(identifier.value)' is optional; an identity must always be present", at: identifier.location)
            }
            switch attribute.type {
            case .builtin(.double), .builtin(.float), .builtin(.bool), .builtin(.data), .array, .map, .custom:
                emit(Rules.invalidIdentification, "'\(identifier.value)' is \(attribute.type), which cannot identify (use text, integers, UUID, URL, Decimal, Date or an enum)", at: identifier.location)
            default: break
            }
        }
    }

    /// Checks that no two members of an entity (own or inherited, plus the family's discriminator key)
    /// write the same JSON key path, or one inside the other.
    mutating func validateJSONKeys(of name: String) {
        guard let entity = resolvedEntities[name] else { return }
        var mapped: [(path: JSONKeyPath, member: String, owner: String)] = []
        if let discriminator = entity.discriminatorKey ?? entities[entity.root]?.discriminator?.value {
            mapped.append((discriminator, "the discriminator", entity.root))
        }
        let members = entity.attributes.map { ($0.keyPath, $0.declaration.key?.location ?? $0.declaration.name.location, $0.name, $0.declaringEntity) }
            + entity.relationships.map { ($0.keyPath, $0.declaration.key?.location ?? $0.declaration.name.location, $0.name, $0.declaringEntity) }
        for (path, location, member, owner) in members {
            for other in mapped where other.path == path || other.path.isStrictPrefix(of: path) || path.isStrictPrefix(of: other.path) {
                // Report only while checking the member's own entity, so inherited pairs are reported once.
                guard owner == name else { break }
                let relation = other.path == path ? "is also mapped by" : (other.path.isStrictPrefix(of: path) ? "is inside '\(other.path)', mapped by" : "contains '\(other.path)', mapped by")
                emit(Rules.duplicateJSONKey, "JSON key '\(path)' of '\(member)' \(relation) \(other.member == "the discriminator" ? "the discriminator" : "'\(other.member)'")", at: location)
                break
            }
            mapped.append((path, member, owner))
        }
    }
}
