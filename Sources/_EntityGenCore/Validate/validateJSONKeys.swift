extension SchemaValidator {
    /// Checks that no two members of an entity (own or inherited, plus the family's discriminator key)
    /// write the same JSON key path, or one inside the other.
    mutating func validateJSONKeys(of name: String) {
        guard let entity = resolvedEntities[name] else { return }
        var mapped: [(path: JSONKeyPath, member: String, owner: String)] = []
        if let discriminator = entity.discriminatorKey ?? entities[entity.root]?.discriminator?.value {
            mapped.append((discriminator, "the discriminator", entity.root))
        }
        let members =
            entity.attributes.map {
                ($0.keyPath, $0.declaration.key?.location ?? $0.declaration.name.location, $0.name, $0.declaringEntity)
            }
            + entity.relationships.map {
                ($0.keyPath, $0.declaration.key?.location ?? $0.declaration.name.location, $0.name, $0.declaringEntity)
            }
        for (path, location, member, owner) in members {
            for other in mapped
            where other.path == path || other.path.isStrictPrefix(of: path) || path.isStrictPrefix(of: other.path) {
                // Report only while checking the member's own entity, so inherited pairs are reported once.
                guard owner == name else { break }
                let relation =
                    other.path == path
                    ? "is also mapped by"
                    : (other.path.isStrictPrefix(of: path)
                        ? "is inside '\(other.path)', mapped by" : "contains '\(other.path)', mapped by")
                emit(
                    Rules.duplicateJSONKey,
                    "JSON key '\(path)' of '\(member)' \(relation) \(other.member == "the discriminator" ? "the discriminator" : "'\(other.member)'")",
                    at: location)
                break
            }
            mapped.append((path, member, owner))
        }
    }
}
