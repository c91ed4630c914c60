/// `entitygen infer`'s decisions: from what ``SampleReader`` learned to an ``InferredSchema``. Every type
/// is one the samples prove (each value reads and is written back as the same JSON), and every guess
/// carries its reason.
public struct SchemaInference {
    let reader: SampleReader
    let clustering: ShapeClustering
    /// Type names taken (entities and enums).
    var typeNames = TypeNamer()
    /// Entity names by cluster.
    var entityNames: [Int: String] = [:]
    /// Enums found so far.
    var enums: [InferredSchema.Enumeration] = []
    var keyConvention: KeyConvention = .verbatim
    /// The values of members whose keys name another record's id, by entity and JSON key.
    var foreignKeyValues: [String: [String: ReferenceValues]] = [:]
    /// Every value of each entity's single identification attribute (when all were kept), by entity.
    var identityValues: [String: Set<UInt64>] = [:]
    /// Whether any value anywhere was `null`.
    private let anyNulls: Bool

    /// Decides the schema of what `reader` read; the records' entity is named `name` (a type name is
    /// derived from it), or after the envelope's key.
    public static func infer(_ reader: SampleReader, name: String) throws(SampleError) -> InferredSchema {
        guard reader.summary.records > 0 else {
            throw SampleError("no records: the samples hold no JSON objects to infer entities from")
        }
        guard reader.records.object?.keys.isEmpty == false || reader.records.object?.collapsed != nil else {
            throw SampleError("the records are all empty objects ({}): no key to infer a member from")
        }
        var inference = SchemaInference(reader: reader)
        return inference.schema(name: name)
    }

    private init(reader: SampleReader) {
        self.reader = reader
        clustering = ShapeClustering(records: reader.records)
        anyNulls = Self.containsNull(reader.records)
    }

    private mutating func schema(name: String) -> InferredSchema {
        let clusters = clustering.clusters
        keyConvention = Self.convention(clusters.flatMap { cluster in cluster.places.flatMap(keys(of:)) })
        for cluster in clusters { entityNames[cluster.id] = entityName(cluster, recordsName: name) }
        var entities: [InferredSchema.Entity] = []
        for cluster in clusters {
            if cluster.id == 0, let family = family(cluster) {
                entities += family
            } else {
                entities.append(entity(cluster))
            }
        }
        linkReferences(&entities)
        let summary = reader.summary
        return InferredSchema(
            fileName: entities[0].name + ".yaml",
            header: [
                "Inferred by `entitygen infer` from \(InferenceText.plural(summary.files, "file")) (\(InferenceText.plural(summary.records, "record"))).",
                "Each guess says why where it applies: check them, then edit this file as your own.",
            ],
            keyConvention: keyConvention == .verbatim ? nil : keyConvention,
            keyConventionReason: keyConvention == .verbatim
                ? nil : "the keys are snake_case; the others are written out",
            entities: entities, enums: enums, feed: feed(entities[0]),
            feedNote: entities[0].identifiedBy.isEmpty
                ? "no feed: \(entities[0].name) has no identity, and a feed updates rows by identity; give the records an id, or write identifiedBy yourself"
                : nil)
    }

    // MARK: Entities

    private func keys(of place: Int) -> [String] {
        clustering.places[place].node.object?.keys ?? []
    }

    /// The entity of a cluster's objects, or of a part of them (``EntityScope``: a family's root or one
    /// of its members).
    mutating func entity(_ cluster: (id: Int, places: [Int]), scope: EntityScope? = nil) -> InferredSchema.Entity {
        let name = scope?.name ?? entityNames[cluster.id]!
        let objects =
            scope?.objects ?? cluster.places.reduce(0) { $0 + (clustering.places[$1].node.object?.count ?? 0) }
        var keys: [String] = []
        var seen = Set<String>()
        for place in cluster.places {
            for key in self.keys(of: place) where scope?.keys.contains(key) ?? true && seen.insert(key).inserted {
                keys.append(key)
            }
        }
        var namer = MemberNamer(convention: keyConvention)
        var attributes: [InferredSchema.Member] = []
        var relationships: [InferredSchema.Member] = []
        var schemaNames: [String: String] = [:]
        var nullHabits: [(member: Int, isRelationship: Bool, writesNull: Bool)] = []
        var skipped: [String] = []
        var identifiable = Set<String>()
        for key in keys {
            // A schema cannot name an empty key (key paths need one), nor one holding a byte order mark
            // (the YAML reader drops U+FEFF even from a quoted scalar): said, not silently dropped.
            guard !key.isEmpty, !key.unicodeScalars.contains("\u{FEFF}") else {
                skipped.append(key)
                continue
            }
            let nodes = cluster.places.compactMap { clustering.places[$0].node.object?.member(key) }
            let present = scope?.present[key] ?? nodes.reduce(0) { $0 + $1.present }
            let merged = ShapeNode(key: key, path: nodes[0].node.path)
            for member in nodes { merged.absorb(member.node) }
            let (memberName, writtenKey) = namer.name(for: key)
            schemaNames[key] = memberName
            let child = cluster.places.compactMap { clustering.children[$0]?[key] }.first
            let target = child.flatMap { entityNames[clustering.cluster(of: $0)] }
            // The merged node has no identities (they are per place): an expandable member is one at every
            // place that had values.
            let identifiers = nodes.filter { $0.node.nonNull > 0 }.map { member -> String? in
                if case let .expandable(_, identifier) = ValueShape.of(member.node) { return identifier }
                return nil
            }
            let expandable = identifiers.first.flatMap { first in identifiers.allSatisfy { $0 == first } ? first : nil }
            var decision = describe(
                merged, key: key, memberName: memberName, owner: name, target: target, expandable: expandable)
            // Every place holding objects under the key must lead to the target: one whose objects were
            // read otherwise on their own (a map there) would not map as the target.
            if decision.isRelationship,
                !cluster.places.allSatisfy({ place in
                    clustering.children[place]?[key] != nil
                        || (clustering.places[place].node.object?.member(key)?.node.nonNull ?? 0) == 0
                })
            {
                decision = MemberDecision(
                    base: "AnyJSON", reason: "objects of different shapes under this key in different places")
            }
            let absent = objects - present
            let optional = absent > 0 || merged.nulls > 0 || decision.forcesOptional
            var member = InferredSchema.Member(
                name: memberName, type: decision.type(optional: optional), key: writtenKey,
                transformer: decision.transformer, dateFormat: decision.dateFormat,
                isRelationship: decision.isRelationship, reason: decision.reason)
            if optional, merged.nulls > 0 {
                member.writesNull = merged.nulls >= absent
                if absent > 0 {
                    member.nullOrAbsent = true
                    decision.note(
                        "not lossless: null in \(InferenceText.count(merged.nulls)) and absent in \(InferenceText.count(absent)) objects, and a model writes nil one way (\(member.writesNull ? "as null" : "left out"))"
                    )
                    member.reason = decision.reason
                }
            }
            member.jsonKey = key
            if let identifier = decision.expandableIdentifier {
                member.isReference = true
                member.isExpandable = true
                member.identifierType = identifier
            }
            if let values = merged.referenceValues, !decision.isRelationship {
                foreignKeyValues[name, default: [:]][key] = values
            }
            if !optional, !decision.isRelationship,
                Self.identifyingTypes.contains(decision.base)
                    || enums.contains(where: { $0.name == decision.base })
            {
                identifiable.insert(key)
            }
            if decision.isRelationship {
                relationships.append(member)
            } else {
                attributes.append(member)
            }
            if optional {
                nullHabits.append(
                    (
                        decision.isRelationship ? relationships.count - 1 : attributes.count - 1,
                        decision.isRelationship,
                        member.writesNull
                    ))
            }
        }
        var writesNulls: String?
        let writing = nullHabits.filter(\.writesNull).count
        if writing >= 2, writing == nullHabits.count {
            writesNulls = "null, never left out, for its \(InferenceText.plural(writing, "optional member"))"
            for habit in nullHabits {
                if habit.isRelationship {
                    relationships[habit.member].writesNull = false
                } else {
                    attributes[habit.member].writesNull = false
                }
            }
        }
        // A family member's identity is its root's: nothing to look for.
        let (identity, identityReason, values) =
            scope?.inheritedIdentity.map { ([], $0, nil) }
            ?? self.identity(cluster, objects: objects, schemaNames: schemaNames, identifiable: identifiable)
        if let values { identityValues[name] = values }
        var clearsAbsent: String?
        if cluster.id == 0, !anyNulls, nullHabits.count > 0 {
            clearsAbsent =
                "the samples leave keys out and never send null: an absent key means no value (the default, keep, would keep a stale one)"
        }
        return InferredSchema.Entity(
            name: name, paths: cluster.places.map { clustering.places[$0].node.path }, objects: objects,
            identifiedBy: identity, identityReason: identityReason, clearsAbsent: clearsAbsent,
            writesNulls: writesNulls, skippedKeys: skipped, attributes: attributes, relationships: relationships)
    }

    /// The first candidate key (or pair) that survived, id-like names first, with the values of a single
    /// key when every one was kept.
    private func identity(
        _ cluster: (id: Int, places: [Int]), objects: Int, schemaNames: [String: String], identifiable: Set<String>
    ) -> ([String], String, Set<UInt64>?) {
        let trackers = cluster.places.map { clustering.places[$0].node.object?.identity }
        guard trackers.allSatisfy({ $0 != nil }), let tracker = IdentityTracker.merged(trackers.compactMap { $0 })
        else {
            return ([], "no identity: the objects' keys were not checked (a map's values met under too many keys)", nil)
        }
        let total = InferenceText.count(objects)
        var blocked: [String] = []
        // Keys in every object that no rule let through, said so that the reason is not "no key": those
        // of a single object, and those whose values repeat too often.
        var lonely: [String] = []
        var unproven: [String] = []
        for candidate in tracker.candidates where candidate.alive && candidate.keys.allSatisfy(identifiable.contains) {
            // A pair only where no key alone was unique: a pair holding a unique key says nothing more.
            if candidate.keys.count == 2, !blocked.isEmpty { break }
            let idLike = candidate.keys.count == 1 && IdentityTracker.isIDName(candidate.keys[0])
            // An id-like name may repeat (the same user embedded twice); other keys and pairs only rarely
            // (a record delivered twice), never for most objects (`{"lang": "en"}` met 173 times).
            guard idLike || (objects >= 2 && candidate.repeats * 2 < objects) else {
                if candidate.keys.count == 1 {
                    let key = "'\(candidate.keys[0])'"
                    if objects < 2 {
                        lonely.append(key)
                    } else {
                        unproven.append(
                            "\(key): a value met before in \(InferenceText.count(candidate.repeats)) of \(total) objects"
                        )
                    }
                }
                continue
            }
            let names = candidate.keys.map { schemaNames[$0] ?? $0 }
            // One key gives the model `Identifiable`'s `id`: not beside another member of that name.
            if names.count == 1, names[0] != "id", schemaNames.values.contains("id") {
                blocked.append(
                    "'\(candidate.keys[0])' is unique, but the model's Identifiable id would collide with its member 'id'"
                )
                continue
            }
            let keys = InferenceText.list(candidate.keys.map { "'\($0)'" })
            var reason: String
            if candidate.repeats == 0 {
                reason = "\(keys) unique in \(total) of \(total) objects"
            } else {
                reason =
                    "\(keys): \(InferenceText.count(objects - candidate.repeats)) distinct in \(total) objects; a value met again carries the same object"
            }
            if candidate.truncated { reason += " (checked on the first values only: the identity budget ran out)" }
            let values = candidate.keys.count == 1 && !candidate.truncated ? Set(candidate.seen.keys) : nil
            return (names, reason, values)
        }
        let tried = tracker.candidates.filter { $0.keys.count == 1 && !$0.alive }.map { candidate in
            "'\(candidate.keys[0])': \(candidate.ruledOut ?? "ruled out")"
        }
        let single =
            lonely.isEmpty
            ? []
            : [
                "\(InferenceText.list(lonely)) in the only object: one object cannot show a key unique (an id-like name is taken on one)"
            ]
        let reasons = tried + single + unproven + blocked
        let detail = reasons.isEmpty ? "no key holds an integer or text in every object" : InferenceText.list(reasons)
        return ([], "no identity: \(detail); rows are owned by what embeds them", nil)
    }
}
