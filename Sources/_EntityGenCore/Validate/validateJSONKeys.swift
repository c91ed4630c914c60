extension SchemaValidator {
    /// Checks that no two members of an entity (own or inherited, plus the family's discriminator key)
    /// write the same JSON key path, or one inside the other.
    ///
    /// Each member is checked against those before it through two indexes (the first member at each
    /// path, the first member below each path), so an entity of n members with key paths d deep costs
    /// O(n·d), not O(n²): the report names the same earlier member a pairwise scan would.
    mutating func validateJSONKeys(of name: String) {
        guard let entity = resolvedEntities[name] else { return }
        var mapped: [(path: JSONKeyPath, member: String)] = []
        var firstAt: [[String]: Int] = [:]
        var firstBelow: [[String]: Int] = [:]
        func record(_ path: JSONKeyPath, _ member: String) {
            let components = path.components
            firstAt[components] = firstAt[components] ?? mapped.count
            for length in 1..<max(components.count, 1) {
                let prefix = Array(components[..<length])
                firstBelow[prefix] = firstBelow[prefix] ?? mapped.count
            }
            mapped.append((path, member))
        }
        /// The earliest member whose path equals `path`, contains it or lies inside it.
        func firstConflict(with path: JSONKeyPath) -> Int? {
            let components = path.components
            var candidates = [firstAt[components], firstBelow[components]]
            for length in 1..<max(components.count, 1) { candidates.append(firstAt[Array(components[..<length])]) }
            return candidates.compactMap { $0 }.min()
        }

        if let discriminator = entity.discriminatorKey ?? entities[entity.root]?.discriminator?.value {
            record(discriminator, "the discriminator")
        }
        let members =
            entity.attributes.map {
                ($0.keyPath, $0.declaration.key?.location ?? $0.declaration.name.location, $0.name, $0.declaringEntity)
            }
            + entity.relationships.map {
                ($0.keyPath, $0.declaration.key?.location ?? $0.declaration.name.location, $0.name, $0.declaringEntity)
            }
        for (path, location, member, owner) in members {
            // Report only while checking the member's own entity, so inherited pairs are reported once.
            if owner == name, let index = firstConflict(with: path) {
                let other = mapped[index]
                let relation =
                    other.path == path
                    ? "is also mapped by"
                    : (other.path.isStrictPrefix(of: path)
                        ? "is inside '\(other.path)', mapped by" : "contains '\(other.path)', mapped by")
                emit(
                    Rules.duplicateJSONKey,
                    "JSON key '\(path)' of '\(member)' \(relation) \(other.member == "the discriminator" ? "the discriminator" : "'\(other.member)'")",
                    at: location)
            }
            record(path, member)
        }
    }
}
