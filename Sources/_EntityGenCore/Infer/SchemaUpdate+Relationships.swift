/// `infer --update` for an unread key whose values are objects: a relationship to new entities, inferred
/// from those objects as `infer` infers nested objects, instead of an `AnyJSON` attribute.
extension SchemaUpdate {
    /// A relationship member to add and the entities it brings, named so that nothing the schema has (or
    /// an earlier addition made) is taken.
    struct NewRelationship {
        /// The member, optional (earlier payloads did not send the key), its targets renamed.
        var member: InferredSchema.Member
        /// The new entities, in the order `infer` met them; enum members become `String`.
        var entities: [InferredSchema.Entity]
    }

    /// The relationship `member` of the entity the samples' objects are (`inferred`'s first entity) makes
    /// in the existing schema, or `nil` when it cannot stand there as inferred: a reference or expandable
    /// member (its targets are matched by id, which the samples of one key cannot show), or objects that
    /// form a family. `taken` holds the schema's entity names (lowercased) and grows with the new ones.
    static func relationship(
        _ member: InferredSchema.Member, of owner: String, in inferred: InferredSchema, taken: inout Set<String>
    ) -> NewRelationship? {
        guard member.isRelationship, !member.isReference, !member.isExpandable else { return nil }
        let byName = Dictionary(inferred.entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        // The entities the member reaches, the owner (already in the schema) left out.
        var reached: [String] = []
        var queue = typeNames(in: member.type).filter { byName[$0] != nil }.sorted()
        while let name = queue.first {
            queue.removeFirst()
            guard name != owner, !reached.contains(name), let entity = byName[name] else { continue }
            guard !entity.isAbstract, entity.extends == nil,
                entity.relationships.allSatisfy({ !$0.isReference && !$0.isExpandable })
            else { return nil }
            reached.append(name)
            queue += entity.relationships.flatMap { typeNames(in: $0.type).sorted() }.filter { byName[$0] != nil }
        }
        guard !reached.isEmpty else { return nil }
        // New names: the inferred one when free, else prefixed with the owner's (`AccountAddress`), else
        // numbered.
        var renames: [String: String] = [:]
        for name in reached {
            var candidate = name
            if taken.contains(candidate.lowercased()) { candidate = owner + name }
            var number = 2
            while taken.contains(candidate.lowercased()) {
                candidate = owner + name + String(number)
                number += 1
            }
            taken.insert(candidate.lowercased())
            if candidate != name { renames[name] = candidate }
        }
        let enums = Set(inferred.enums.map(\.name))
        var result = NewRelationship(member: member, entities: [])
        result.member.type = optional(renamed(member.type, renames))
        for name in reached {
            var entity = byName[name]!
            entity.name = renames[name] ?? name
            for index in entity.attributes.indices
            where !typeNames(in: entity.attributes[index].type).isDisjoint(with: enums) {
                // Enums stay out of the update (the schema's enums are the user's): the values as text.
                entity.attributes[index].type = renamed(
                    entity.attributes[index].type, Dictionary(uniqueKeysWithValues: enums.map { ($0, "String") }))
                entity.attributes[index].reason =
                    "text (\(entity.attributes[index].reason ?? "a few values")): declare an enum for it if it is one"
            }
            for index in entity.relationships.indices {
                entity.relationships[index].type = renamed(entity.relationships[index].type, renames)
            }
            result.entities.append(entity)
        }
        return result
    }

    /// The identifiers a member's type names (`'[Role]?'` names `Role`; `{String: Event}` names `String`
    /// and `Event`).
    static func typeNames(in type: String) -> Set<String> {
        Set(
            type.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
                .filter { $0.first?.isLetter == true || $0.first == "_" })
    }

    /// `type` with each identifier in `renames` replaced.
    static func renamed(_ type: String, _ renames: [String: String]) -> String {
        guard !renames.isEmpty else { return type }
        var result = ""
        var word = ""
        for character in type + " " {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
                continue
            }
            result += renames[word] ?? word
            word = ""
            result.append(character)
        }
        return String(result.dropLast())
    }
}
