import Foundation

/// `entitygen infer <samples...> --update <schemas> --name <Entity>`: the payload keys the schema does not
/// read (what `check --coverage` reports) added to the existing schema files in place, each as one line at
/// the end of its entity's `attributes:`, typed from the samples like `infer`'s own members. Nothing a
/// person wrote changes: no line is moved, reformatted or removed, and the files are written only when
/// the updated schema still passes lint.
public struct SchemaUpdate: Sendable {
    /// One added member.
    public struct Addition: Sendable {
        /// The schema file, and the line the member was added at (1-based, in the updated file).
        public var file: String
        /// The line (1-based).
        public var line: Int
        /// The entity it was added to.
        public var entity: String
        /// The YAML line, without indentation (for a new entity or enum, what it holds).
        public var text: String
        /// What was added.
        public var kind = Kind.member

        /// What an addition is.
        public enum Kind: Sendable {
            /// A member of ``entity``.
            case member
            /// A new entity, named ``entity``.
            case entity
            /// A new enum, named ``entity``.
            case enumeration
        }
    }

    /// Members added, in file and line order.
    public internal(set) var additions: [Addition] = []
    /// Unread keys left as they were, each with why (a key inside a plucked array's elements, an entity whose
    /// attributes are written in flow style).
    public private(set) var skipped: [String] = []
    /// The updated text of each changed schema file.
    public private(set) var files: [String: String] = [:]
    /// What the samples held.
    public private(set) var samples = SampleSummary()

    /// Plans the update of the schemas `inputs` names from sample files whose records are `entity`;
    /// `validated`, when the caller has validated `inputs` already, is not validated again.
    public static func plan(
        inputs: SchemaInputs, samples: [String], recordsPath: [String]?, entity: String,
        validated: GeneratorPipeline.ValidationResult? = nil
    ) throws(SampleError) -> SchemaUpdate {
        let result = validated ?? GeneratorPipeline.validate(inputs: inputs)
        guard let schema = result.schema else {
            throw SampleError("the schemas have errors (run `entitygen lint`): fix them before updating")
        }
        let (coverage, objects, summary) = try EntitySamples.walk(
            samples, recordsPath: recordsPath, as: entity, with: schema)
        var update = SchemaUpdate()
        update.samples = summary
        var texts: [String: [String]] = [:]
        var takenTypes = Set((schema.entities.map(\.name) + schema.enums.map(\.name)).map { $0.lowercased() })
        // Bottom of each file first, so that lines added to one entity do not move the next one's.
        let names = coverage.entities.keys.compactMap { schema.entity(named: $0) }
            .sorted {
                ($0.declaration.name.location.file, $1.declaration.name.location.line) < (
                    $1.declaration.name.location.file, $0.declaration.name.location.line
                )
            }
            .map(\.name)
        for name in names {
            guard let resolved = schema.entity(named: name), let unread = coverage.entities[name]?.unread,
                !unread.isEmpty, let entitySamples = objects.readers[name]
            else { continue }
            let file = resolved.declaration.name.location.file
            if texts[file] == nil {
                guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
                texts[file] = text.components(separatedBy: "\n")
            }
            update.add(
                unread: unread, to: resolved, samples: entitySamples, lines: &texts[file]!, takenTypes: &takenTypes,
                convention: schema.files.first { $0.path == file }?.keyConvention?.value ?? schema.config.keyConvention)
        }
        for (file, lines) in texts { update.files[file] = lines.joined(separator: "\n") }
        update.additions.sort { ($0.file, $0.line) < ($1.file, $1.line) }
        return update
    }

    /// The errors `generate` would report for the schemas with the updated files in place of the originals,
    /// the recorded migrations included (a member the stored rows cannot take is one).
    public func errors(inputs: SchemaInputs) -> [Diagnostic] {
        GeneratorPipeline.validate(inputs: inputs, replacingSchemas: files).diagnostics.filter { $0.severity == .error }
    }

    /// A member type as written in YAML (`String`, `'[String]'`, `"[String: Int64]"`), made optional.
    static func optional(_ type: String) -> String {
        guard let last = type.last else { return type }
        if last == "?" { return type }
        if last == "'" || last == "\"" {
            let body = type.dropLast()
            return body.hasSuffix("?") ? type : body + "?" + String(last)
        }
        return type + "?"
    }

    /// Adds the unread keys of one entity's objects: attributes, relationships to new entities for keys
    /// whose values are objects (``relationship(_:of:in:taken:)``; `AnyJSON` attributes when the objects
    /// cannot stand as new entities), and attributes with key paths for keys inside an object a member
    /// reads into (``nestedMember(at:of:in:)``). `takenTypes` holds the schema's entity and enum names,
    /// lowercased, and grows with the new ones; `convention` is the file's key convention.
    private mutating func add(
        unread: [String: Int], to entity: ResolvedEntity, samples: SampleReader, lines: inout [String],
        takenTypes: inout Set<String>, convention: KeyConvention
    ) {
        let location = entity.declaration.name.location
        let keys = unread.keys.sorted()
        let direct = keys.filter { !$0.contains(".") && !$0.contains("[]") && !$0.isEmpty }
        let nested = keys.filter { $0.contains(".") || $0.contains("[]") }
        // Keys inside a member's object that are not added (``nestedMember(at:of:in:)``).
        let leftInside = { (keys: [String]) in
            keys.map {
                "\(location.file):\(location.line): \(entity.name): '\($0)' is inside a member's object; add it to that member by hand"
            }
        }
        guard !direct.isEmpty || !nested.isEmpty else { return }
        guard entity.declaration.basePath == nil else {
            skipped += leftInside(nested)
            guard !direct.isEmpty else { return }
            skipped.append(
                "\(location.file):\(location.line): \(entity.name): its members live under basePath; add \(direct.map { "'\($0)'" }.joined(separator: ", ")) by hand"
            )
            return
        }
        guard let inferredSchema = try? SchemaInference.infer(samples, name: entity.name),
            let inferred = inferredSchema.entities.first
        else {
            skipped += leftInside(nested)
            return
        }
        let nestedMembers = nested.compactMap { key in
            Self.nestedMember(at: key, of: inferred, in: inferredSchema).map { (key, $0) }
        }
        skipped += leftInside(nested.filter { key in !nestedMembers.contains { $0.0 == key } })
        guard let attributesBlock = MemberBlock.find("attributes", entityAt: location, in: lines) else {
            skipped.append(
                "\(location.file):\(location.line): \(entity.name): its attributes are not a block mapping; add \((direct + nestedMembers.map(\.0)).map { "'\($0)'" }.joined(separator: ", ")) by hand"
            )
            return
        }
        let relationshipsBlock = MemberBlock.find("relationships", entityAt: location, in: lines)
        let entitiesPlace = MemberBlock.topLevel("entities", in: lines)
        let enumsPlace = MemberBlock.topLevel("enums", in: lines)
        var taken = Set(
            (entity.attributes.map(\.swiftName) + entity.relationships.map(\.swiftName)).map { $0.lowercased() })
        var attributeLines: [String] = []
        var relationshipLines: [String] = []
        var newEntities: [InferredSchema.Entity] = []
        var newEnums: [InferredSchema.Enumeration] = []
        var given: [String: String] = [:]
        let directMembers = direct.compactMap { key in
            (inferred.attributes + inferred.relationships).first { $0.jsonKey == key }
        }
        for member in directMembers + nestedMembers.map(\.1) {
            let count = unread[member.jsonKey] ?? 0
            let note =
                "added by infer --update: in \(InferenceText.count(count)) of \(InferenceText.plural(inferred.objects, "object")); optional, as earlier payloads did not send it"
            if member.keyPath == nil, relationshipsBlock != nil, case .after? = entitiesPlace,
                var relationship = Self.relationship(
                    member, of: entity.name, in: inferredSchema, taken: &takenTypes, given: &given,
                    keepsEnums: enumsPlace != nil, convention: convention)
            {
                relationship.member = SampleRefinement.named(relationship.member, in: entity, taken: &taken)
                relationship.member.reason = relationship.member.reason.map { note + "; " + $0 } ?? note
                relationshipLines.append(InferredSchemaPrinter.memberLine(relationship.member))
                newEntities += relationship.entities
                newEnums += relationship.enums
                continue
            }
            var added = SampleRefinement.standalone(member, in: entity, taken: &taken)
            // Optional whatever the new samples say: the payloads the schema was written for did not send
            // the key, and still map; stored rows take a nullable column.
            added.type = Self.optional(added.type)
            added.reason = added.reason.map { note + "; " + $0 } ?? note
            attributeLines.append(InferredSchemaPrinter.memberLine(added))
        }
        // Every insertion point was found in the lines as they were; the insertions go in from the bottom
        // up, so that each still holds. At one line the last inserted ends on top, and the order from the
        // top is: lines that continue a block, new attribute and relationship blocks, entities, enums.
        var pending: [(line: Int, rank: Int, insertion: Insertion)] = []
        if let block = relationshipsBlock, !relationshipLines.isEmpty {
            pending.append((block.line, block.needsHeader ? 3 : 1, .members(relationshipLines, block, "relationships")))
        }
        if !attributeLines.isEmpty {
            pending.append(
                (
                    attributesBlock.line, attributesBlock.needsHeader ? 2 : 0,
                    .members(attributeLines, attributesBlock, "attributes")
                ))
        }
        if case let .after(line, indent)? = entitiesPlace, !newEntities.isEmpty {
            pending.append((line, 4, .entities(newEntities, indent: indent)))
        }
        switch (enumsPlace, entitiesPlace) {
        case _ where newEnums.isEmpty, (nil, _), (.absent?, .absent?), (.absent?, nil): break
        case let (.after(line, indent)?, _): pending.append((line, 5, .enums(newEnums, indent: indent, header: false)))
        case let (.absent?, .after(line, _)?): pending.append((line, 5, .enums(newEnums, indent: 2, header: true)))
        }
        for entry in pending.sorted(by: { ($0.line, $0.rank) > ($1.line, $1.rank) }) {
            switch entry.insertion {
            case let .members(members, block, header):
                add(members, at: block, header: header, to: entity.name, lines: &lines, file: location.file)
            case let .entities(entities, indent):
                add(entities, at: entry.line, indent: indent, for: entity.name, lines: &lines, file: location.file)
            case let .enums(enums, indent, header):
                add(enums, at: entry.line, indent: indent, header: header, lines: &lines, file: location.file)
            }
        }
    }

    /// One insertion into a schema file's lines.
    private enum Insertion {
        /// Member lines into an entity's block, with the block's header when it has none yet.
        case members([String], MemberBlock, String)
        /// New entities after the last one, at the entities' indentation.
        case entities([InferredSchema.Entity], indent: Int)
        /// New enums at the end of `enums:` (or under a new `enums:`).
        case enums([InferredSchema.Enumeration], indent: Int, header: Bool)
    }
}
