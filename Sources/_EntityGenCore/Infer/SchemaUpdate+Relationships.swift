/// `infer --update` for an unread key whose values are objects: a relationship to new entities (and the
/// enums they use), inferred from those objects as `infer` infers nested objects, instead of an
/// `AnyJSON` attribute.
extension SchemaUpdate {
    /// A relationship member to add and the entities and enums it brings, named so that no type the
    /// schema has (or an earlier addition made) is taken.
    struct NewRelationship {
        /// The member, optional (earlier payloads did not send the key), its targets renamed.
        var member: InferredSchema.Member
        /// The new entities, in the order `infer` met them.
        var entities: [InferredSchema.Entity]
        /// The new enums their attributes use.
        var enums: [InferredSchema.Enumeration]
    }

    /// The relationship `member` of the entity the samples' objects are (`inferred`'s first entity) makes
    /// in the existing schema, or `nil` when it cannot stand there as inferred: a reference or expandable
    /// member (its targets are matched by id, which the samples of one key cannot show), or objects that
    /// form a family. `taken` holds the schema's type names (lowercased) and grows with the new ones;
    /// `given` maps the inferred names already added for this entity's samples to their names in the
    /// schema (an entity two new keys reach is added once). Without `keepsEnums` (the schema's `enums:`
    /// is in flow style), enum members become `String`. `convention` is the key convention of the file
    /// the new entities go in.
    static func relationship(
        _ member: InferredSchema.Member, of owner: String, in inferred: InferredSchema, taken: inout Set<String>,
        given: inout [String: String], keepsEnums: Bool, convention: KeyConvention
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
        let enumsByName = Dictionary(inferred.enums.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let usedEnums = reached.flatMap { name in
            byName[name]!.attributes.flatMap { typeNames(in: $0.type).sorted() }.filter { enumsByName[$0] != nil }
        }
        var result = NewRelationship(member: member, entities: [], enums: [])
        // New names: the inferred one when free, else prefixed with the owner's (`AccountAddress`), else
        // numbered.
        for name in reached + (keepsEnums ? usedEnums : []) where given[name] == nil {
            var candidate = name
            if taken.contains(candidate.lowercased()) { candidate = owner + name }
            var number = 2
            while taken.contains(candidate.lowercased()) {
                candidate = owner + name + String(number)
                number += 1
            }
            taken.insert(candidate.lowercased())
            given[name] = candidate
            if var enumeration = enumsByName[name] {
                enumeration.name = candidate
                result.enums.append(enumeration)
            } else {
                var entity = byName[name]!
                entity.name = candidate
                result.entities.append(entity)
            }
        }
        var renames = given
        if !keepsEnums { for name in usedEnums { renames[name] = "String" } }
        result.member.type = optional(renamed(member.type, renames))
        // Each new entity's members: keys written out unless the file's convention derives them (it need
        // not be the samples'), types renamed, enums as text where they cannot be added.
        for index in result.entities.indices {
            for position in result.entities[index].attributes.indices {
                var attribute = result.entities[index].attributes[position]
                attribute.key = explicitKey(attribute, convention)
                if !keepsEnums, !typeNames(in: attribute.type).isDisjoint(with: usedEnums) {
                    attribute.reason =
                        "text (\(attribute.reason ?? "a few values")): declare an enum for it if it is one"
                }
                attribute.type = renamed(attribute.type, renames)
                result.entities[index].attributes[position] = attribute
            }
            for position in result.entities[index].relationships.indices {
                var relationship = result.entities[index].relationships[position]
                relationship.key = explicitKey(relationship, convention)
                relationship.type = renamed(relationship.type, renames)
                result.entities[index].relationships[position] = relationship
            }
        }
        return result
    }

    /// The `key:` a new entity's member needs under the file's `convention`: none when it derives the
    /// member's JSON key from its name, else the key.
    static func explicitKey(_ member: InferredSchema.Member, _ convention: KeyConvention) -> String? {
        SwiftNaming.jsonKey(schemaName: member.name, convention: convention) == member.jsonKey ? nil : member.jsonKey
    }

    /// The identifiers a member's type names (`'[Role]?'` names `Role`; `{String: Event}` names `String`
    /// and `Event`).
    static func typeNames(in type: String) -> Set<String> {
        var names = Set<String>()
        for word in type.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) {
            guard let first = word.first, first.isLetter || first == "_" else { continue }
            names.insert(String(word))
        }
        return names
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
