extension SchemaValidator {
    /// Resolves an entity: its own members (reporting their problems once) after its ancestors', then
    /// checks that no two members share a Swift name.
    mutating func resolveEntity(_ name: String) -> ResolvedEntity? {
        guard let entity = entities[name] else { return nil }
        let lineage = (ancestors(of: name).reversed() + [name])
        var attributes: [ResolvedAttribute] = []
        var relationships: [ResolvedRelationship] = []
        for member in lineage {
            let own = ownMembers(of: member)
            attributes += own.attributes
            relationships += own.relationships
        }
        checkMemberCollisions(of: entity, attributes: attributes, relationships: relationships)
        if let former = entity.renamedFrom {
            if entities[former.value] != nil {
                emit(
                    Rules.unmigratableChange,
                    "renamedFrom: '\(former.value)' is still declared; a renamed entity's former name must be free (remove renamedFrom once the rename is recorded and the old name is reused)",
                    at: former.location)
            } else if entity.isAbstract?.value == true {
                emit(
                    Rules.unmigratableChange,
                    "renamedFrom on abstract '\(name)' renames nothing: only concrete entities have tables; write it on each renamed member",
                    at: former.location)
            }
        }
        let root = root(of: name)
        let identity = (entities[root]?.identifiedBy ?? []).map(\.value)
        return ResolvedEntity(
            declaration: entity,
            file: entityFiles[name]?.path ?? "",
            swiftName: SwiftNaming.typeName(name),
            parent: parents[name],
            root: root,
            children: [],
            isAbstract: entity.isAbstract?.value ?? false,
            discriminatorValue: nil,
            discriminatorKey: nil,
            attributes: attributes,
            relationships: relationships,
            identifiedBy: identity,
            identity: identity.compactMap { name in attributes.firstIndex { $0.name == name } }
        )
    }

    /// An entity's own attributes and relationships, resolved once (memoized: descendants reuse them).
    mutating func ownMembers(
        of name: String
    ) -> (attributes: [ResolvedAttribute], relationships: [ResolvedRelationship]) {
        if let cached = ownMemberCache[name] { return cached }
        guard let entity = entities[name] else { return ([], []) }
        let attributes = entity.attributes.compactMap { resolveAttribute($0, in: entity) }
        let relationships = entity.relationships.compactMap { resolveRelationship($0, in: entity) }
        ownMemberCache[name] = (attributes, relationships)
        return (attributes, relationships)
    }

    private mutating func checkMemberCollisions(
        of entity: EntityDeclaration, attributes: [ResolvedAttribute], relationships: [ResolvedRelationship]
    ) {
        let name = entity.name.value
        var seen: [String: (name: Located<String>, owner: String)] = [:]
        let members =
            attributes.map { ($0.declaration.name, $0.declaringEntity, $0.swiftName) }
            + relationships.map { ($0.declaration.name, $0.declaringEntity, $0.swiftName) }
        for (memberName, owner, swiftName) in members {
            if let first = seen[swiftName] {
                // Report where the later declaration is written, and only while checking its owner, so
                // each collision is reported once.
                guard owner == name else { continue }
                let message: String
                if first.owner != owner {
                    message = "'\(memberName.value)' redeclares '\(first.name.value)' inherited from '\(first.owner)'"
                } else if first.name.value == memberName.value {
                    message =
                        "'\(memberName.value)' is declared twice in '\(name)' (as an attribute and a relationship)"
                } else {
                    message =
                        "'\(memberName.value)' and '\(first.name.value)' both become the Swift property '\(swiftName)'"
                }
                emit(Rules.nameCollision, message, at: memberName.location)
            } else {
                seen[swiftName] = (memberName, owner)
            }
        }
        // With persistence, members are columns (and link tables), and SQLite ignores case in names:
        // `userURL` and `userUrl` would be one column.
        if config.generatesPersistence {
            // Lowercased Swift name -> the first member with it; same Swift names were reported above.
            var folded: [String: (swiftName: String, name: Located<String>)] = [:]
            for (memberName, owner, swiftName) in members {
                guard let first = folded[swiftName.lowercased()] else {
                    folded[swiftName.lowercased()] = (swiftName, memberName)
                    continue
                }
                guard first.swiftName != swiftName, owner == name else { continue }
                emit(
                    Rules.nameCollision,
                    "'\(memberName.value)' and '\(first.name.value)' differ only in case: SQLite, which ignores case in names, would store them in one column",
                    at: memberName.location)
            }
        }
        // `Identifiable.id`: with a single identification attribute other than `id`, the model gets
        // `var id { <that attribute> }`, which an attribute named `id` would contradict.
        let identity = entities[root(of: name)]?.identifiedBy ?? []
        if identity.count == 1, SwiftNaming.memberName(identity[0].value) != "id", let clash = seen["id"],
            clash.owner == name
        {
            emit(
                Rules.nameCollision,
                "'\(clash.name.value)' collides with the Identifiable 'id' that identifiedBy '\(identity[0].value)' provides; identify by '\(clash.name.value)' or rename it and keep 'key: \(clash.name.value)'",
                at: clash.name.location)
        }
    }

    /// The JSON key path of a member: its `key`, or its name under the key convention.
    func defaultKeyPath(
        for name: Located<String>, explicit: Located<JSONKeyPath>?, in entity: EntityDeclaration
    ) -> JSONKeyPath {
        based(
            explicit?.value
                ?? JSONKeyPath([SwiftNaming.jsonKey(schemaName: name.value, convention: keyConvention(for: entity))]),
            in: entity)
    }

    /// A member's key path under its entity's `basePath:` (the path itself when there is none).
    func based(_ path: JSONKeyPath, in entity: EntityDeclaration) -> JSONKeyPath {
        guard let base = entity.basePath?.value else { return path }
        return JSONKeyPath(base.components + path.components, element: path.element)
    }

    /// Resolves a relationship's own properties; its target, reference and inverse are checked once all
    /// entities are known (``validateRelationships(of:)``).
    mutating func resolveRelationship(
        _ relationship: RelationshipDeclaration, in entity: EntityDeclaration
    ) -> ResolvedRelationship? {
        let usable = checkMemberName(relationship.name, kind: "relationship")
        guard let target = relationship.target else { return nil }
        let what = "relationship '\(relationship.name.value)'"
        let isOptional = relationship.isOptional?.value ?? false
        if let policy = relationship.onFailure {
            switch policy.value {
            case .drop where !isOptional && !relationship.isToMany:
                emit(
                    Rules.invalidFailurePolicy, "onFailure: drop needs \(what) to be optional ('\(target.value)?')",
                    at: policy.location)
            case .default:
                emit(
                    Rules.invalidFailurePolicy,
                    "relationships have no default; use onFailure: drop on an optional \(what)", at: policy.location)
            case .fail, .drop: break
            }
        }
        if let policy = relationship.onInvalidElement, !relationship.isToMany {
            emit(
                Rules.invalidFailurePolicy, "onInvalidElement applies to to-many relationships; \(what) is to-one",
                at: policy.location)
        }
        if let policy = relationship.onMissingTarget {
            if relationship.reference == nil {
                emit(
                    Rules.invalidFailurePolicy, "onMissingTarget applies to references; \(what) is embedded",
                    at: policy.location)
            } else if policy.value == .default {
                emit(Rules.invalidFailurePolicy, "onMissingTarget is 'fail' or 'drop'", at: policy.location)
            } else if policy.value == .drop, !isOptional, !relationship.isToMany {
                emit(
                    Rules.invalidFailurePolicy,
                    "onMissingTarget: drop needs \(what) to be optional ('\(target.value)?')", at: policy.location)
            }
        }
        guard usable else { return nil }
        return ResolvedRelationship(
            declaration: relationship,
            declaringEntity: entity.name.value,
            swiftName: SwiftNaming.memberName(relationship.name.value),
            target: target.value,
            isToMany: relationship.isToMany,
            isMap: relationship.isMap,
            isOptional: isOptional,
            keyPath: defaultKeyPath(for: relationship.name, explicit: relationship.key, in: entity),
            fallbackKeyPaths: relationship.fallbackKeys.map { based($0.value, in: entity) },
            isReference: relationship.reference != nil,
            isExpandable: relationship.reference != nil && relationship.expandable?.value == true,
            inverse: relationship.inverse?.value,
            deleteRule: relationship.deleteRule?.value ?? .nullify,
            onFailure: relationship.onFailure?.value ?? .fail,
            onInvalidElement: relationship.onInvalidElement?.value ?? .fail,
            onMissingTarget: relationship.onMissingTarget?.value ?? .fail,
            writesNull: isOptional && (relationship.writeNulls ?? entity.writeNulls)?.value == true
        )
    }
}
