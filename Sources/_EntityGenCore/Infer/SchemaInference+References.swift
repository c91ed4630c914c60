/// References by foreign id: a member whose key names another record's id (`user_id`) and whose every
/// value is the identity of an entity the samples hold becomes a relationship holding that identifier
/// (`reference: true`), and a member sent as an identifier or as the whole object is checked against
/// its target's identity (`expandable: true`).
extension SchemaInference {
    /// The types a reference can hold: a target's identity of one of them, compared by value.
    private static let referenceTypes: Set<String> = ["Int64", "String"]

    /// Turns foreign-key attributes into references and checks expandable references, once every entity
    /// and its identity is known.
    func linkReferences(_ entities: inout [InferredSchema.Entity]) {
        let snapshot = entities
        for index in entities.indices {
            var entity = entities[index]
            var attributes: [InferredSchema.Member] = []
            var references: [InferredSchema.Member] = []
            for member in entity.attributes {
                if let reference = reference(for: member, of: entity, among: snapshot) {
                    references.append(reference)
                } else {
                    attributes.append(member)
                }
            }
            var relationships: [InferredSchema.Member] = []
            for member in entity.relationships {
                if member.isExpandable, let problem = expandableProblem(member, among: snapshot) {
                    var fallback = member
                    fallback.isRelationship = false
                    fallback.isReference = false
                    fallback.isExpandable = false
                    fallback.type = "AnyJSON" + (member.type.hasSuffix("?") ? "?" : "")
                    fallback.reason = "an identifier or an object, but \(problem): AnyJSON keeps either"
                    attributes.append(fallback)
                } else {
                    relationships.append(member)
                }
            }
            entity.attributes = attributes
            entity.relationships = references + relationships
            entities[index] = entity
        }
    }

    /// The reference a foreign-key attribute is, when its values prove it.
    private func reference(
        for member: InferredSchema.Member, of owner: InferredSchema.Entity, among entities: [InferredSchema.Entity]
    ) -> InferredSchema.Member? {
        guard let values = foreignKeyValues[owner.name]?[member.jsonKey], member.transformer == nil,
            !owner.identifiedBy.contains(member.name),
            let prefix = IdentityTracker.foreignKeyPrefix(member.jsonKey)
        else { return nil }
        let optional = member.type.hasSuffix("?")
        let base = optional ? String(member.type.dropLast()) : member.type
        guard Self.referenceTypes.contains(base) else { return nil }
        // Not a family's root: persistence has no table for a relationship to a family.
        let candidates = entities.filter { target in
            guard !target.isAbstract, target.identifiedBy.count == 1, let identities = identityValues[target.name],
                let identity = target.attributes.first(where: { $0.name == target.identifiedBy[0] }),
                identity.type == base, identity.transformer == nil
            else { return false }
            return values.allAmong(identities)
        }
        let named = SwiftNaming.typeName(prefix)
        let byName = candidates.filter { named.hasSuffix($0.name) || $0.name.hasSuffix(named) }
        let target: InferredSchema.Entity
        let evidence: String
        if byName.count == 1 {
            target = byName[0]
            evidence = "its name and values"
        } else if byName.isEmpty, candidates.count == 1, values.distinct >= 3 {
            target = candidates[0]
            evidence = "its values"
        } else {
            return nil
        }
        var reference = member
        let taken = Set((owner.attributes + owner.relationships).map { $0.name.lowercased() })
        let shorter = SwiftNaming.memberName(prefix)
        if !taken.contains(shorter.lowercased()), !MemberNamer.reserved(shorter), SwiftNaming.isUsable(shorter) {
            reference.name = shorter
            reference.key = member.jsonKey
        }
        reference.type = target.name + (optional ? "?" : "")
        reference.isRelationship = true
        reference.isReference = true
        reference.identifierType = base
        reference.attributeName = member.name
        let sameType = (target.name == owner.name ? "another " : "some ") + target.name
        let distinct = InferenceText.plural(values.distinct, "distinct value")
        reference.reason =
            "reference by \(evidence): each of its \(distinct) is the \(target.identifiedBy[0]) of \(sameType) in the samples; importing one that names no stored \(target.name) fails its page"
            + (member.reason.map { "; " + $0 } ?? "")
        return reference
    }

    /// Why an expandable member cannot be one (its target has no single identity of the identifier's
    /// type), or `nil` when it can.
    private func expandableProblem(
        _ member: InferredSchema.Member, among entities: [InferredSchema.Entity]
    ) -> String? {
        let targetName = member.type.hasSuffix("?") ? String(member.type.dropLast()) : member.type
        guard let target = entities.first(where: { $0.name == targetName }), !target.isAbstract,
            target.identifiedBy.count == 1,
            let identity = target.attributes.first(where: { $0.name == target.identifiedBy[0] })
        else { return "the objects have no single identity" }
        guard identity.type == member.identifierType, identity.transformer == nil else {
            return
                "the objects' identity is \(identity.type), and the identifiers sent are \(member.identifierType ?? "not a scalar")"
        }
        return nil
    }
}
