extension SchemaValidator {
    /// Checks that no two members of an entity (own or inherited, plus the family's discriminator key)
    /// write the same JSON key path, or one inside the other. One overlap is allowed: an attribute may
    /// read a key inside the object of an embedded to-one relationship (`authorId` at `author.id` next to
    /// `author: Author`); both are mapped, and writing back merges them into one object. Such attributes
    /// are checked against each other.
    ///
    /// Each member is checked against those before it through two indexes (the first member at each
    /// path, the first member below each path), so an entity of n members with key paths d deep costs
    /// O(n·d), not O(n²): the report names the same earlier member a pairwise scan would.
    mutating func validateJSONKeys(of name: String) {
        guard let entity = resolvedEntities[name] else { return }
        var members = PathIndex()
        var inner = PathIndex()
        if let discriminator = entity.discriminatorKey ?? entities[entity.root]?.discriminator?.value {
            members.record(discriminator, "the discriminator")
        }
        let objects = entity.relationships.filter { !$0.isToMany && !$0.isReference }.map(\.keyPath)
        let all =
            entity.attributes.map {
                (
                    $0.keyPath, $0.declaration.key?.location ?? $0.declaration.name.location, $0.name,
                    $0.declaringEntity, objects.contains(where: $0.keyPath.isInside)
                )
            }
            + entity.relationships.map {
                (
                    $0.keyPath, $0.declaration.key?.location ?? $0.declaration.name.location, $0.name,
                    $0.declaringEntity, false
                )
            }
        for (path, location, member, owner, isInside) in all {
            // Report only while checking the member's own entity, so inherited pairs are reported once.
            if owner == name, let other = (isInside ? inner : members).firstConflict(with: path) {
                let relation =
                    other.path.components == path.components
                    ? "is also mapped by"
                    : (other.path.isStrictPrefix(of: path)
                        ? "is inside '\(other.path)', mapped by" : "contains '\(other.path)', mapped by")
                emit(
                    Rules.duplicateJSONKey,
                    "JSON key '\(path)' of '\(member)' \(relation) \(other.member == "the discriminator" ? "the discriminator" : "'\(other.member)'")",
                    at: location)
            }
            if isInside { inner.record(path, member) } else { members.record(path, member) }
        }
    }
}

extension JSONKeyPath {
    /// Whether this path lies strictly inside the object at `object` (`author.id` inside `author`).
    func isInside(_ object: JSONKeyPath) -> Bool { object.element == nil && object.isStrictPrefix(of: self) }
}

/// Key paths recorded in order, answering which earlier one equals, contains or lies inside a path.
private struct PathIndex {
    private var mapped: [(path: JSONKeyPath, member: String)] = []
    private var firstAt: [[String]: Int] = [:]
    private var firstBelow: [[String]: Int] = [:]

    mutating func record(_ path: JSONKeyPath, _ member: String) {
        let components = path.components
        firstAt[components] = firstAt[components] ?? mapped.count
        for length in 1..<max(components.count, 1) {
            let prefix = Array(components[..<length])
            firstBelow[prefix] = firstBelow[prefix] ?? mapped.count
        }
        mapped.append((path, member))
    }

    /// The earliest member whose path equals `path`, contains it or lies inside it.
    func firstConflict(with path: JSONKeyPath) -> (path: JSONKeyPath, member: String)? {
        let components = path.components
        var candidates = [firstAt[components], firstBelow[components]]
        for length in 1..<max(components.count, 1) { candidates.append(firstAt[Array(components[..<length])]) }
        return candidates.compactMap { $0 }.min().map { mapped[$0] }
    }
}
