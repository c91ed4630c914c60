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
        /// The YAML line, without indentation.
        public var text: String
    }

    /// Members added, in file and line order.
    public private(set) var additions: [Addition] = []
    /// Unread keys left as they were, each with why (a key inside a member's object, an entity whose
    /// attributes are written in flow style).
    public private(set) var skipped: [String] = []
    /// The updated text of each changed schema file.
    public private(set) var files: [String: String] = [:]
    /// What the samples held.
    public private(set) var samples = SampleSummary()

    /// Plans the update of the schemas `inputs` names from sample files whose records are `entity`.
    public static func plan(
        inputs: SchemaInputs, samples: [String], recordsPath: [String]?, entity: String
    ) throws(SampleError) -> SchemaUpdate {
        let result = GeneratorPipeline.validate(inputs: inputs)
        guard let schema = result.schema else {
            throw SampleError("the schemas have errors (run `entitygen lint`): fix them before updating")
        }
        let (coverage, objects, summary) = try EntitySamples.walk(
            samples, recordsPath: recordsPath, as: entity, with: schema)
        var update = SchemaUpdate()
        update.samples = summary
        var texts: [String: [String]] = [:]
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
            update.add(unread: unread, to: resolved, samples: entitySamples, lines: &texts[file]!)
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

    /// Adds the direct unread keys of one entity's objects.
    private mutating func add(
        unread: [String: Int], to entity: ResolvedEntity, samples: SampleReader, lines: inout [String]
    ) {
        let location = entity.declaration.name.location
        let keys = unread.keys.sorted()
        for key in keys where key.contains(".") || key.contains("[]") {
            skipped.append(
                "\(location.file):\(location.line): \(entity.name): '\(key)' is inside a member's object; add it to that member by hand"
            )
        }
        let direct = keys.filter { !$0.contains(".") && !$0.contains("[]") && !$0.isEmpty }
        guard !direct.isEmpty else { return }
        guard entity.declaration.basePath == nil else {
            skipped.append(
                "\(location.file):\(location.line): \(entity.name): its members live under basePath; add \(direct.map { "'\($0)'" }.joined(separator: ", ")) by hand"
            )
            return
        }
        guard let inferred = try? SchemaInference.infer(samples, name: entity.name).entities.first else { return }
        guard let insertion = AttributesBlock.find(entityAt: location, in: lines) else {
            skipped.append(
                "\(location.file):\(location.line): \(entity.name): its attributes are not a block mapping; add \(direct.map { "'\($0)'" }.joined(separator: ", ")) by hand"
            )
            return
        }
        var taken = Set(
            (entity.attributes.map(\.swiftName) + entity.relationships.map(\.swiftName)).map { $0.lowercased() })
        var newLines: [String] = []
        for key in direct {
            guard let member = (inferred.attributes + inferred.relationships).first(where: { $0.jsonKey == key })
            else { continue }
            var added = SampleRefinement.standalone(member, in: entity, taken: &taken)
            // Optional whatever the new samples say: the payloads the schema was written for did not send
            // the key, and still map; stored rows take a nullable column.
            added.type = Self.optional(added.type)
            let count = unread[key] ?? 0
            let note =
                "added by infer --update: in \(InferenceText.count(count)) of \(InferenceText.plural(inferred.objects, "object")); optional, as earlier payloads did not send it"
            added.reason = added.reason.map { note + "; " + $0 } ?? note
            newLines.append(InferredSchemaPrinter.memberLine(added))
        }
        guard !newLines.isEmpty else { return }
        var inserted = newLines.map { String(repeating: " ", count: insertion.indent) + $0 }
        if insertion.needsHeader {
            inserted.insert(String(repeating: " ", count: insertion.headerIndent) + "attributes:", at: 0)
        }
        lines.insert(contentsOf: inserted, at: insertion.line)
        // The additions already made lie below (entities are taken bottom up): they move down.
        for earlier in additions.indices where additions[earlier].file == location.file {
            additions[earlier].line += inserted.count
        }
        let first = insertion.line + inserted.count - newLines.count
        for (offset, text) in newLines.enumerated() {
            additions.append(Addition(file: location.file, line: first + offset + 1, entity: entity.name, text: text))
        }
    }
}
