/// Builds the ``FamilyPlan`` of an abstract entity: its concrete descendants as enum cases.
struct FamilyTranslator: Sendable {
    let schema: ResolvedSchema
    let types: TypeTranslator

    /// The family of `entity`, or `nil` when it has no concrete descendant.
    func plan(_ entity: ResolvedEntity) -> FamilyPlan? {
        var concrete: [ResolvedEntity] = []
        var queue = entity.children
        while let name = queue.first {
            queue.removeFirst()
            guard let child = schema.entity(named: name) else { continue }
            if !child.isAbstract { concrete.append(child) }
            queue += child.children
        }
        guard !concrete.isEmpty else { return nil }
        let members = concrete.map { member in
            FamilyPlan.Member(
                caseName: SwiftNaming.escaped(SwiftNaming.memberName(member.swiftName)), typeName: member.swiftName,
                entityName: member.name, value: member.discriminatorValue ?? member.name)
        }.sorted { $0.caseName < $1.caseName }
        let shared = entity.attributes.map { attribute in
            let type = types.swiftType(attribute.type)
            return FamilyPlan.SharedAttribute(
                identifier: SwiftNaming.escaped(attribute.swiftName), type: attribute.isOptional ? type.optional : type)
        }
        let identityType = entity.singleIdentity.map { types.swiftType($0.type) }
        return FamilyPlan(
            typeName: entity.swiftName,
            schemaName: entity.name,
            documentation: entity.declaration.description?.value,
            location: entity.declaration.name.location,
            discriminatorKey: entity.discriminatorKey?.components ?? [],
            members: members,
            shared: shared,
            identityType: identityType
        )
    }
}
