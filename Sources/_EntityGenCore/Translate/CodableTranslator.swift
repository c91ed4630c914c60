/// Decides which models conform to `Codable`: those whose every property type is `Codable`. Built-in
/// types, schema enums (by raw value) and collections of them are; custom transformer types (the
/// project's own, unknown here) and polymorphic families are not; a model is when its relationships'
/// targets are, found as a fixpoint so that cycles of codable models stay codable.
struct CodableTranslator: Sendable {
    let schema: ResolvedSchema

    /// The schema names of the codable entities among `plans` (keyed by schema name).
    func codableEntities(_ plans: [String: EntityPlan]) -> Set<String> {
        let enumTypes = Set(schema.enums.map { SwiftNaming.typeName($0.name.value) })
        let byType = Dictionary(plans.values.map { ($0.typeName, $0) }, uniquingKeysWith: { first, _ in first })
        var codable = Set(byType.keys)
        var changed = true
        while changed {
            changed = false
            for (typeName, plan) in byType where codable.contains(typeName) {
                let ok = plan.properties.allSatisfy {
                    Self.isCodable($0.type, codable: codable, enums: enumTypes, plans: byType)
                }
                if !ok {
                    codable.remove(typeName)
                    changed = true
                }
            }
        }
        return Set(byType.values.filter { codable.contains($0.typeName) }.map(\.schemaName))
    }

    /// Whether a type is `Codable`, given the codable models so far.
    static func isCodable(
        _ type: TypeUsage, codable: Set<String>, enums: Set<String>, plans: [String: EntityPlan]
    ) -> Bool {
        switch type {
        case .builtin: return true
        case let .generated(name): return codable.contains(name) || enums.contains(name)
        case .custom: return false
        case let .runtime(name, arguments):
            // `EntityReference<Target>` codes its target's identifier.
            guard name == "EntityReference", arguments.count == 1, case let .generated(target) = arguments[0],
                let identity = plans[target]?.identity
            else { return false }
            return isCodable(identity.type, codable: codable, enums: enums, plans: plans)
        case let .array(element), let .dictionary(element), let .optional(element):
            return isCodable(element, codable: codable, enums: enums, plans: plans)
        }
    }
}
