import EntityGenRuntime

/// The summary `entitygen infer` prints after writing: what was read, each entity with its identity and
/// member counts, every guess and every warning; as text, or as JSON for tools.
public struct InferenceReport: Sendable {
    /// The schema inferred.
    public var schema: InferredSchema
    /// What was read.
    public var samples: SampleSummary
    /// Files written (or left as they were), with what happened to each.
    public var files: [(path: String, outcome: String)] = []
    /// Located warnings beside the samples' (an OpenAPI document's).
    public var warnings: [String] = []

    /// The report of a schema inferred from what `samples` summarizes.
    public init(schema: InferredSchema, samples: SampleSummary) {
        self.schema = schema
        self.samples = samples
    }

    /// The keys no member can read, described: `the empty key ''`, a key holding a byte order mark (U+FEFF).
    static func skippedKeysText(_ keys: [String]) -> String {
        InferenceText.list(
            keys.map { $0.isEmpty ? "the empty key ''" : "a key with a byte order mark (U+FEFF)" })
    }

    /// Every guess, located by entity and member: `Status.createdAt: Date: 100 values match ...`.
    public var guesses: [String] {
        var result: [String] = []
        for entity in schema.entities {
            if let reason = entity.familyReason { result.append("\(entity.name): \(reason)") }
            if entity.extends == nil {
                result.append(
                    "\(entity.name): "
                        + (entity.identifiedBy.isEmpty ? entity.identityReason : "identity: " + entity.identityReason))
            }
            if !entity.skippedKeys.isEmpty {
                result.append(
                    "\(entity.name): not read: \(Self.skippedKeysText(entity.skippedKeys)): a schema cannot name it")
            }
            if let reason = entity.clearsAbsent { result.append("\(entity.name): onAbsent: clear: \(reason)") }
            if let reason = entity.writesNulls { result.append("\(entity.name): writeNulls: \(reason)") }
            for member in entity.attributes + entity.relationships {
                if let reason = member.reason { result.append("\(entity.name).\(member.name): \(reason)") }
            }
        }
        for feed in (schema.feed.map { [$0] } ?? []) + schema.moreFeeds {
            result.append("feed \(feed.name): \(feed.reason)")
        }
        if let note = schema.feedNote { result.append(note) }
        return result
    }

    /// The report as text.
    public var text: String {
        var lines: [String] = []
        if samples.files > 0 {
            lines.append(
                "Read \(InferenceText.plural(samples.files, "file")), \(InferenceText.plural(samples.records, "record"))"
                    + (samples.documents != samples.files
                        ? " in \(InferenceText.plural(samples.documents, "document"))" : ""))
        }
        for file in files { lines.append("\(file.outcome) \(file.path)") }
        lines.append(
            "\(InferenceText.plural(schema.entities.count, "entity")), \(InferenceText.plural(schema.enums.count, "enum"))"
                + (schema.feed.map { ", feed \($0.name)" } ?? ""))
        for entity in schema.entities {
            let identity =
                entity.extends.map { "a kind of \($0)" }
                ?? (entity.identifiedBy.isEmpty
                    ? "no identity" : "identified by " + entity.identifiedBy.joined(separator: " + "))
            lines.append(
                "  \(entity.name): \(InferenceText.plural(entity.objects, "object")), \(identity), \(InferenceText.plural(entity.attributes.count, "attribute")), \(InferenceText.plural(entity.relationships.count, "relationship"))"
            )
        }
        let guesses = self.guesses
        if !guesses.isEmpty {
            lines.append("Guesses (each is a comment in the schema):")
            lines += guesses.map { "  " + $0 }
        }
        if !(samples.warnings + warnings).isEmpty {
            lines.append("Warnings:")
            lines += (samples.warnings + warnings).map { "  warning: " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as JSON.
    public var json: String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.integer(samples.files, forKey: "files")
        writer.integer(samples.documents, forKey: "documents")
        writer.integer(samples.records, forKey: "records")
        writer.key("written")
        writer.beginArray()
        for file in files {
            writer.beginObject()
            writer.string(file.path, forKey: "path")
            writer.string(file.outcome, forKey: "outcome")
            writer.endObject()
        }
        writer.endArray()
        writer.key("entities")
        writer.beginArray()
        for entity in schema.entities {
            writer.beginObject()
            writer.string(entity.name, forKey: "name")
            writer.integer(entity.objects, forKey: "objects")
            writer.key("identifiedBy")
            writer.beginArray()
            for name in entity.identifiedBy { writer.string(name) }
            writer.endArray()
            writer.integer(entity.attributes.count, forKey: "attributes")
            writer.integer(entity.relationships.count, forKey: "relationships")
            if entity.isAbstract { writer.bool(true, forKey: "abstract") }
            if let family = entity.extends { writer.string(family, forKey: "extends") }
            writer.endObject()
        }
        writer.endArray()
        writer.key("enums")
        writer.beginArray()
        for enumeration in schema.enums { writer.string(enumeration.name) }
        writer.endArray()
        for (key, list) in [("guesses", guesses), ("warnings", samples.warnings + warnings)] {
            writer.key(key)
            writer.beginArray()
            for item in list { writer.string(item) }
            writer.endArray()
        }
        writer.endObject()
        return String(decoding: writer.bytes, as: UTF8.self) + "\n"
    }
}
