extension SchemaValidator {
    /// Resolves `extends` links: unknown parents and cycles are reported; the rest become ``parents``.
    mutating func resolveInheritance() {
        var links: [String: Located<String>] = [:]
        for name in entities.keys.sorted() {
            guard let extends = entities[name]?.extends else { continue }
            guard entities[extends.value] != nil else {
                emit(
                    Rules.unknownEntity,
                    "'\(name)' extends '\(extends.value)', which is not a declared entity\(Suggestions.didYouMean(extends.value, in: entities.keys.sorted()))",
                    at: extends.location)
                brokenChains.insert(name)
                continue
            }
            links[name] = extends
        }
        // Walk each chain; an entity that reaches itself is in a cycle.
        var inCycle: Set<String> = []
        for start in links.keys.sorted() {
            var seen: [String] = [start]
            var current = start
            while let next = links[current]?.value {
                if let index = seen.firstIndex(of: next) {
                    inCycle.formUnion(seen[index...])
                    break
                }
                seen.append(next)
                current = next
            }
        }
        for name in inCycle.sorted() {
            let link = links[name]!
            let cycle = cycleDescription(from: name, links: links)
            emit(Rules.cyclicInheritance, "inheritance cycle: \(cycle)", at: link.location)
        }
        for (name, link) in links where !inCycle.contains(name) {
            parents[name] = link.value
        }
        brokenChains.formUnion(inCycle)
        // Entities below a broken link are broken too.
        for name in entities.keys where !brokenChains.contains(name) {
            if ancestors(of: name).contains(where: brokenChains.contains) { brokenChains.insert(name) }
        }
    }

    private func cycleDescription(from start: String, links: [String: Located<String>]) -> String {
        var names = [start]
        var current = start
        while let next = links[current]?.value, next != start, names.count <= links.count {
            names.append(next)
            current = next
        }
        return (names + [start]).joined(separator: " -> ")
    }

    /// Checks discriminators: roots with children declare the key, only roots declare it, values are
    /// scalars given only to concrete family members, and no two members share a value.
    mutating func validateFamilies() {
        var children: [String: [String]] = [:]
        for (child, parent) in parents { children[parent, default: []].append(child) }

        for name in entities.keys.sorted() {
            let entity = entities[name]!
            let isRoot = parents[name] == nil && !brokenChains.contains(name)
            let hasFamily = parents[name] != nil || children[name] != nil
            if let discriminator = entity.discriminator, !isRoot, !brokenChains.contains(name) {
                emit(
                    Rules.invalidDiscriminator,
                    "'\(name)' extends '\(parents[name] ?? "")'; only the family's root '\(root(of: name))' declares the discriminator key",
                    at: discriminator.location)
            }
            if isRoot, children[name] != nil, entity.discriminator == nil {
                emit(
                    Rules.invalidDiscriminator,
                    "'\(name)' has subentities (\(children[name]!.sorted().joined(separator: ", "))) but no 'discriminator' key to tell them apart in JSON",
                    at: entity.name.location)
            }
            if let value = entity.discriminatorValue {
                if !hasFamily, !brokenChains.contains(name) {
                    emit(
                        Rules.invalidDiscriminator,
                        "'\(name)' is not part of a family (no 'extends' and no subentities), so 'discriminatorValue' selects nothing",
                        at: value.location)
                } else if entity.isAbstract?.value == true {
                    emit(
                        Rules.invalidDiscriminator,
                        "'\(name)' is abstract and never instantiated, so it takes no 'discriminatorValue'",
                        at: value.location)
                } else if value.textOrIntegerText == nil {
                    emit(
                        Rules.invalidDiscriminator,
                        "discriminator value of '\(name)' must be text or an integer, not \(value.kindDescription)",
                        at: value.location)
                }
            }
        }

        // Collisions, per family, in a stable order.
        var families: [String: [String]] = [:]
        for name in entities.keys where !brokenChains.contains(name) && (parents[name] != nil || children[name] != nil)
        {
            families[root(of: name), default: []].append(name)
        }
        for rootName in families.keys.sorted() {
            var seen: [String: String] = [:]
            let members = families[rootName]!.sorted { lhs, rhs in
                let l = entities[lhs]!.location, r = entities[rhs]!.location
                return l == r ? lhs < rhs : l < r
            }
            for member in members {
                let entity = entities[member]!
                guard entity.isAbstract?.value != true else { continue }
                let value = entity.discriminatorValue?.textOrIntegerText ?? member
                if let first = seen[value] {
                    emit(
                        Rules.discriminatorCollision,
                        "'\(member)' and '\(first)' both use the discriminator value '\(value)' in the '\(rootName)' family",
                        at: entity.discriminatorValue?.location ?? entity.name.location)
                } else {
                    seen[value] = member
                }
            }
            for member in members {
                guard var resolved = resolvedEntities[member] else { continue }
                resolved.children = (children[member] ?? []).sorted()
                resolved.discriminatorKey = entities[rootName]?.discriminator?.value
                if entities[member]!.isAbstract?.value != true {
                    resolved.discriminatorValue = entities[member]!.discriminatorValue?.textOrIntegerText ?? member
                }
                resolvedEntities[member] = resolved
            }
        }
    }
}
