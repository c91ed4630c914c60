@testable import _EntityGenCore
import EntityGenRuntime
import EntityGenTestSupport
import Foundation
import Testing

/// `infer --update`'s property over random documents (``RandomJSON``, seeded): a schema inferred from the
/// records with some of their keys left out, updated from the whole records, passes lint, maps every
/// record, reads every key it did not say it left (``SchemaUpdate/skipped``), keeps every line it was
/// given, in order, and has nothing to add a second time.
@Suite struct Test_SchemaUpdateRandomJSON {
    /// The document with the records' top-level keys in `left` left out (the records of an array, of
    /// the `results` envelope, or the single object).
    static func leaving(_ left: Set<String>, in document: String) throws -> String {
        try JSONDocument(bytes: Array(document.utf8)).withRoot { root in
            var writer = JSONWriter()
            func record(_ value: EntityGenRuntime.JSONValue) {
                guard value.kind == .object else { return RawJSON.write(value, to: &writer) }
                writer.beginObject()
                value.forEachMember { key, member in
                    guard !left.contains(key) else { return }
                    writer.key(key)
                    RawJSON.write(member, to: &writer)
                }
                writer.endObject()
            }
            func records(_ value: EntityGenRuntime.JSONValue) {
                guard value.kind == .array else { return record(value) }
                writer.beginArray()
                value.forEachElement { _, element in record(element) }
                writer.endArray()
            }
            if root.kind == .object, let results = root["results"] {
                writer.beginObject()
                root.forEachMember { key, member in
                    writer.key(key)
                    if key == "results" { records(results) } else { RawJSON.write(member, to: &writer) }
                }
                writer.endObject()
            } else {
                records(root)
            }
            return String(decoding: writer.bytes, as: UTF8.self)
        }
    }

    /// The records' top-level keys, every third one (never `id` or `type`, which identity and families
    /// hang on).
    static func keysToLeave(in document: String) throws -> Set<String> {
        try JSONDocument(bytes: Array(document.utf8)).withRoot { root in
            var keys = Set<String>()
            func collect(_ value: EntityGenRuntime.JSONValue) {
                if value.kind == .array { value.forEachElement { _, element in collect(element) } }
                if value.kind == .object { value.forEachMember { key, _ in keys.insert(key) } }
            }
            collect(root.kind == .object ? root["results"] ?? root : root)
            let sorted = keys.subtracting(["id", "type"]).sorted()
            return Set(sorted.enumerated().filter { $0.offset % 3 == 1 }.map(\.element))
        }
    }

    @Test func updatedSchemasReadTheWholeRecords() throws {
        var failed = 0
        var relationships = 0
        for seed in 0..<150 {
            var random = RandomJSON(seed: UInt64(seed) &* 0x2545_F491_4F6C_DD1D &+ 11)
            let document = random.document()
            let left = try Self.keysToLeave(in: document)
            guard !left.isEmpty else { continue }
            let folder = try TemporaryFolder.make("entitygen-update-random")
            let earlier = folder.appendingPathComponent("earlier.json").path
            let whole = folder.appendingPathComponent("whole.json").path
            try Self.leaving(left, in: document).write(toFile: earlier, atomically: true, encoding: .utf8)
            try document.write(toFile: whole, atomically: true, encoding: .utf8)
            var reader = SampleReader(recordsPath: nil)
            reader.read([earlier])
            let schemaFile = folder.appendingPathComponent("Record.yaml").path
            let inferred = try SchemaInference.infer(reader, name: "Record")
            let entity = inferred.entities[0].name
            let original = InferredSchemaPrinter.yaml(inferred)
            try original.write(toFile: schemaFile, atomically: true, encoding: .utf8)
            var failures: [String] = []
            let inputs = try SchemaInputs.discover(paths: [schemaFile])
            let update = try SchemaUpdate.plan(inputs: inputs, samples: [whole], recordsPath: nil, entity: entity)
            failures += update.errors(inputs: inputs).map { "lint: \($0)" }
            let updated = update.files[schemaFile] ?? original
            if update.additions.contains(where: { $0.kind == .entity }) { relationships += 1 }
            // Every line given is still there, in order.
            var remaining = original.components(separatedBy: "\n")[...]
            for line in updated.components(separatedBy: "\n") where line == remaining.first {
                remaining = remaining.dropFirst()
            }
            if !remaining.isEmpty { failures.append("lines not kept: \(remaining.prefix(3))") }
            if failures.isEmpty {
                try updated.write(toFile: schemaFile, atomically: true, encoding: .utf8)
                let result = GeneratorPipeline.validate(inputs: try SchemaInputs.discover(paths: [schemaFile]))
                if let schema = result.schema, let interpreter = result.interpreter(displayPath: { $0 }) {
                    var coverage = KeyCoverage(schema: schema)
                    var second = SampleReader(recordsPath: nil)
                    second.visitRecord = { record, place in
                        coverage.walk(record, as: entity, source: place)
                        var context = MappingContext()
                        do {
                            _ = try interpreter.map(entity, from: record, context: &context)
                        } catch {
                            if failures.count < 5 { failures.append("\(place): does not map: \(error)") }
                        }
                    }
                    second.read([whole])
                    // What is still unread was said to be left for a person.
                    for line in coverage.report where line.contains("is not read") {
                        let key = line.split(separator: "'").dropFirst().first.map(String.init) ?? ""
                        if !update.skipped.contains(where: { $0.contains("'\(key)'") }) {
                            failures.append("still unread, not said: \(line)")
                        }
                    }
                    let again = try SchemaUpdate.plan(
                        inputs: try SchemaInputs.discover(paths: [schemaFile]), samples: [whole], recordsPath: nil,
                        entity: entity)
                    if !again.additions.isEmpty {
                        failures.append("a second update adds: \(again.additions.map(\.text).prefix(3))")
                    }
                } else {
                    failures.append("does not validate: \(result.diagnostics.prefix(3))")
                }
            }
            if !failures.isEmpty {
                failed += 1
                if failed <= 3 {
                    Issue.record(
                        "seed \(seed), left \(left.sorted()):\n\(failures.prefix(8).joined(separator: "\n"))\n--- before:\n\(original)\n--- after:\n\(updated)"
                    )
                }
            }
        }
        #expect(failed == 0)
        // The new relationship path is exercised, not only attributes.
        #expect(relationships >= 10, "\(relationships) updates added entities")
    }
}
