/// What samples add to a schema that did not come from them (an OpenAPI document): the samples are
/// walked as the schema's entities (as `check --coverage` walks them), and for each entity
/// - a text attribute whose every sample value reads and writes back as a date, URL or UUID gets that
///   type (the document says `string`; the samples prove more);
/// - an optional member the samples always send, `null` when empty, writes `null` back (`writeNulls`);
/// - a key the samples carry and the schema does not read is added, typed from the samples.
/// Each change says why in its comment, and is listed. Members are matched by their JSON key
/// (``InferredSchema/Member/jsonKey``), which both the document's and the samples' inference set.
public enum SampleRefinement {
    /// The refined schema, the changes made (located by entity and member), and what the samples held.
    public static func refine(
        _ schema: InferredSchema, samples: [String], recordsPath: [String]?, entity: String
    ) throws(SampleError) -> (schema: InferredSchema, changes: [String], samples: SampleSummary) {
        let result = GeneratorPipeline.validate(
            schemas: [SourceFile(path: schema.fileName, text: InferredSchemaPrinter.yaml(schema))], config: nil)
        guard let resolved = result.schema else {
            throw SampleError("the schema to refine has errors: \(result.diagnostics.prefix(3).map(\.description))")
        }
        let (coverage, objects, summary) = try EntitySamples.walk(
            samples, recordsPath: recordsPath, as: entity, with: resolved)
        var refined = schema
        var changes: [String] = []
        for index in refined.entities.indices {
            let name = refined.entities[index].name
            guard let entitySamples = objects.readers[name], let resolvedEntity = resolved.entity(named: name),
                let learned = try? SchemaInference.infer(entitySamples, name: name).entities.first
            else { continue }
            let fromSamples = Dictionary(
                (learned.attributes + learned.relationships).map { ($0.jsonKey, $0) },
                uniquingKeysWith: { first, _ in first })
            // Text the samples prove to be more.
            for (position, member) in refined.entities[index].attributes.enumerated() {
                guard member.type == "String" || member.type == "String?", let proven = fromSamples[member.jsonKey],
                    ["Date", "URL", "UUID"].contains(proven.type.replacingOccurrences(of: "?", with: ""))
                else { continue }
                var updated = member
                updated.type =
                    proven.type.replacingOccurrences(of: "?", with: "") + (member.type.hasSuffix("?") ? "?" : "")
                updated.transformer = proven.transformer
                updated.dateFormat = proven.dateFormat
                updated.reason = [
                    "the document says string; samples: " + (proven.reason ?? proven.type), member.reason,
                ]
                .compactMap { $0 }.joined(separator: "; ")
                refined.entities[index].attributes[position] = updated
                changes.append("\(name).\(member.name): String -> \(updated.type) (\(proven.reason ?? ""))")
            }
            // An identity the document does not give (Spotify marks no property required) but the samples
            // prove: the attribute becomes required, and its list endpoints feeds (settleFeeds).
            if refined.entities[index].identifiedBy.isEmpty, refined.entities[index].extends == nil,
                learned.identifiedBy.count == 1,
                let learnedKey = (learned.attributes.first { $0.name == learned.identifiedBy[0] })?.jsonKey,
                // Only an id-like key: a few samples make many keys unique (`total` in two objects).
                IdentityTracker.isIDName(learnedKey),
                let position = refined.entities[index].attributes.firstIndex(where: { $0.jsonKey == learnedKey }),
                case let member = refined.entities[index].attributes[position],
                SchemaInference.identifyingTypes.contains(member.type.replacingOccurrences(of: "?", with: "")),
                member.transformer == nil
            {
                refined.entities[index].attributes[position].type = member.type.replacingOccurrences(of: "?", with: "")
                refined.entities[index].attributes[position].writesNull = false
                refined.entities[index].identifiedBy = [member.name]
                refined.entities[index].identityReason =
                    "the document requires no '\(learnedKey)', but the samples do: \(learned.identityReason)"
                changes.append("\(name): identifiedBy \(member.name) (\(learned.identityReason))")
            }
            // The API's habit with nulls: sent as null, never left out.
            func learnNulls(_ members: inout [InferredSchema.Member]) {
                for position in members.indices
                where !members[position].writesNull && members[position].type.hasSuffix("?") {
                    guard let learnedMember = fromSamples[members[position].jsonKey],
                        learnedMember.writesNull || (learned.writesNulls != nil && learnedMember.type.hasSuffix("?"))
                    else { continue }
                    members[position].writesNull = true
                    members[position].reason =
                        (["samples send null, never leave it out", members[position].reason]
                        .compactMap { $0 }).joined(separator: "; ")
                    changes.append("\(name).\(members[position].name): writeNulls (samples send null)")
                }
            }
            learnNulls(&refined.entities[index].attributes)
            learnNulls(&refined.entities[index].relationships)
            // Keys the document does not declare.
            let unread = coverage.entities[name]?.unread ?? [:]
            var taken = Set(
                (resolvedEntity.attributes.map(\.swiftName) + resolvedEntity.relationships.map(\.swiftName)).map {
                    $0.lowercased()
                })
            for key in unread.keys.sorted() where !key.contains(".") && !key.contains("[]") && !key.isEmpty {
                guard let member = fromSamples[key] else { continue }
                var added = standalone(member, in: resolvedEntity, taken: &taken)
                added.reason =
                    "not in the document: in \(InferenceText.count(unread[key] ?? 0)) of \(InferenceText.plural(learned.objects, "sample object"))"
                    + (added.reason.map { "; " + $0 } ?? "")
                refined.entities[index].attributes.append(added)
                changes.append("\(name).\(added.name): added (\(added.reason ?? ""))")
            }
        }
        return (refined, changes, summary)
    }

    /// A member inferred from samples, made to stand in a schema that has neither its target entities
    /// nor its enums: objects become `AnyJSON`, references by foreign id the ids they hold, enums
    /// `String`; named so that no member of the entity has its name (``named(_:in:taken:)``).
    static func standalone(
        _ member: InferredSchema.Member, in entity: ResolvedEntity, taken: inout Set<String>
    ) -> InferredSchema.Member {
        var result = member
        let optional = member.type.hasSuffix("?") || member.type.hasSuffix("?'")
        if member.isReference, !member.isExpandable, let identifier = member.identifierType {
            // Ids of records the schema may not have: the attribute they were, their identifiers kept.
            result.type = identifier + (optional ? "?" : "")
            result.name = member.attributeName ?? member.name
            result.isRelationship = false
            result.isReference = false
            result.identifierType = nil
            result.reason =
                "the ids of \(member.type.replacingOccurrences(of: "?", with: "")) records in the samples: declare a relationship with reference: true to link them"
        } else if member.isRelationship {
            result.type = "AnyJSON" + (optional ? "?" : "")
            result.isRelationship = false
            // A reference's or expandable's options belong to relationships.
            result.isReference = false
            result.isExpandable = false
            result.identifierType = nil
            result.reason = "objects: AnyJSON keeps them; declare an entity to map their members"
        } else if let first = member.type.first, first.isUppercase,
            !BuiltinType.allCases.contains(where: { member.type.hasPrefix($0.rawValue) })
        {
            result.type = "String" + (optional ? "?" : "")
            result.reason = "text (\(member.reason ?? "a few values")): declare an enum for it if it is one"
        }
        return named(result, in: entity, taken: &taken)
    }

    /// `member` named so that no member of the entity has its name (ignoring case), with `key:` when the
    /// name is not the key.
    static func named(
        _ member: InferredSchema.Member, in entity: ResolvedEntity, taken: inout Set<String>
    ) -> InferredSchema.Member {
        var result = member
        var name = member.name
        var number = 2
        while taken.contains(SwiftNaming.memberName(name).lowercased()) {
            name = member.name + String(number)
            number += 1
        }
        taken.insert(SwiftNaming.memberName(name).lowercased())
        result.name = name
        result.key = keyIsDerived(name: name, key: member.jsonKey, in: entity) ? nil : member.jsonKey
        return result
    }

    /// Whether `name` with no `key:` reads `key` in `entity`: every key convention its members without a
    /// `key:` are consistent with derives `key` from `name` (when they do not tell, the key is written).
    static func keyIsDerived(name: String, key: String, in entity: ResolvedEntity) -> Bool {
        let implicit =
            entity.attributes.filter { $0.declaration.key == nil && $0.declaringEntity == entity.name }
            .map { ($0.name, $0.keyPath.components) }
            + entity.relationships.filter { $0.declaration.key == nil && $0.declaringEntity == entity.name }
            .map { ($0.name, $0.keyPath.components) }
        guard entity.declaration.basePath == nil, !implicit.isEmpty else { return false }
        let consistent = KeyConvention.allCases.filter { convention in
            implicit.allSatisfy { [SwiftNaming.jsonKey(schemaName: $0.0, convention: convention)] == $0.1 }
        }
        return !consistent.isEmpty
            && consistent.allSatisfy { SwiftNaming.jsonKey(schemaName: name, convention: $0) == key }
    }
}
