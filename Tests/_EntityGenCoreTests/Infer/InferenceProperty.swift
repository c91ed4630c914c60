@testable import _EntityGenCore
import EntityGenRuntime
import Foundation
import Testing

/// The round-trip property of `entitygen infer`, run in process: infer from samples -> lint clean ->
/// every record maps with the interpreter with no issue -> key coverage finds no unread key -> each
/// record written back is the record as JSON (objects by members, numbers by value). The generated
/// code's compiling and the import are checked by the callers that need them.
enum InferenceProperty {
    /// What one run found.
    struct Outcome {
        var schema: InferredSchema
        var yaml: String
        var result: GeneratorPipeline.ValidationResult
        var records = 0
        /// Problems, each with where it happened; empty when the property holds.
        var failures: [String] = []
    }

    static let persistenceConfig = SourceFile(
        path: "entitygen-config.yaml", text: "outputs: [models, mappers, persistence]\n")

    /// Infers from `files` and checks every record against the schema.
    static func check(
        _ files: [String], name: String, recordsPath: [String]? = nil, failureLimit: Int = 20
    ) throws -> Outcome {
        var reader = SampleReader(recordsPath: recordsPath)
        reader.read(files)
        let schema = try SchemaInference.infer(reader, name: name)
        let yaml = InferredSchemaPrinter.yaml(schema)
        let result = GeneratorPipeline.validate(
            schemas: [SourceFile(path: schema.fileName, text: yaml)], config: persistenceConfig)
        var outcome = Outcome(schema: schema, yaml: yaml, result: result)
        let findings = result.diagnostics.filter { $0.ruleID != Rules.unrecordedMigration.id }
        outcome.failures += findings.map { "lint: \($0)" }
        guard let resolved = result.schema, let interpreter = result.interpreter(displayPath: { $0 }) else {
            return outcome
        }
        let entity = schema.entities[0].name
        // Keys the samples both sent as null and left out: the schema says it cannot give back both.
        let nullOrAbsent = Set(
            schema.entities.flatMap { $0.attributes + $0.relationships }.filter(\.nullOrAbsent).map(\.jsonKey))
        var coverage = KeyCoverage(schema: resolved)
        var failures: [String] = []
        var records = 0
        var second = SampleReader(recordsPath: recordsPath)
        second.visitRecord = { record, place in
            records += 1
            coverage.walk(record, as: entity, source: place)
            guard failures.count < failureLimit else { return }
            var context = MappingContext()
            do {
                let value = try interpreter.map(entity, from: record, context: &context)
                if !context.issues.isEmpty { failures.append("\(place): issues: \(context.issues.prefix(3))") }
                var writer = JSONWriter()
                interpreter.write(value, to: &writer)
                let written = try JSONDocument(bytes: writer.bytes).withRoot { AnyJSON($0) }
                let original = AnyJSON(record)
                if let difference = JSONComparison.difference(
                    original, written, at: "$", nullOrAbsent: nullOrAbsent)
                {
                    failures.append("\(place): written back differs at \(difference)")
                }
            } catch {
                failures.append("\(place): does not map: \(error)")
            }
        }
        second.read(files)
        outcome.records = records
        outcome.failures += failures
        outcome.failures += coverage.report.filter { !$0.isEmpty }.map { "coverage: \($0)" }
        return outcome
    }
}

/// JSON equality for the round trip: objects by members, arrays in order, numbers by value (the same
/// exact value, or the same `Double` when both are read as one).
enum JSONComparison {
    /// The first place two values differ, with both values; `nil` when equal.
    static func difference(
        _ expected: AnyJSON, _ actual: AnyJSON, at path: String, nullOrAbsent: Set<String> = []
    ) -> String? {
        switch (expected, actual) {
        case let (.number(left), .number(right)):
            if JSONNumberValue(left) == JSONNumberValue(right) { return nil }
            if let a = Double(left), let b = Double(right), a.isFinite, a == b { return nil }
        case let (.array(left), .array(right)) where left.count == right.count:
            for index in left.indices {
                if let found = difference(left[index], right[index], at: "\(path)[\(index)]", nullOrAbsent: nullOrAbsent) {
                    return found
                }
            }
            return nil
        case let (.object(left), .object(right)) where Set(left.map(\.key)).count < left.count:
            // A repeated key: only the members in order say what was written.
            guard left.count == right.count, zip(left, right).allSatisfy({ $0.key == $1.key }) else {
                return "\(path): \(expected) became \(actual)"
            }
            for (mine, theirs) in zip(left, right) {
                if let found = difference(mine.value, theirs.value, at: "\(path).\(mine.key)", nullOrAbsent: nullOrAbsent) {
                    return found
                }
            }
            return nil
        case let (.object(left), .object(right)):
            let rightByKey = Dictionary(right.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            let leftKeys = Set(left.map(\.key))
            for member in left {
                guard let other = rightByKey[member.key] else {
                    if member.value == .null, nullOrAbsent.contains(member.key) { continue }
                    return "\(path).\(member.key): missing (was \(member.value))"
                }
                if let found = difference(member.value, other, at: "\(path).\(member.key)", nullOrAbsent: nullOrAbsent) {
                    return found
                }
            }
            if let extra = right.first(where: {
                !leftKeys.contains($0.key) && !($0.value == .null && nullOrAbsent.contains($0.key))
            }) {
                return "\(path).\(extra.key): added (\(extra.value))"
            }
            return nil
        default:
            if expected == actual { return nil }
        }
        return "\(path): \(expected) became \(actual)"
    }
}
