@testable import _EntityGenCore
import EntityGenRuntime
import Foundation
import Testing
import EntityGenTestSupport

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
        return try check(
            schema: schema, files: files, entity: schema.entities[0].name, recordsPath: recordsPath,
            failureLimit: failureLimit)
    }

    /// Checks every record of `files`, read as `entity`, against a schema (inferred, or refined).
    static func check(
        schema: InferredSchema, files: [String], entity: String, recordsPath: [String]? = nil,
        failureLimit: Int = 20
    ) throws -> Outcome {
        let yaml = InferredSchemaPrinter.yaml(schema)
        let result = GeneratorPipeline.validate(
            schemas: [SourceFile(path: schema.fileName, text: yaml)], config: persistenceConfig)
        var outcome = Outcome(schema: schema, yaml: yaml, result: result)
        let findings = result.diagnostics.filter { $0.ruleID != Rules.unrecordedMigration.id }
        outcome.failures += findings.map { "lint: \($0)" }
        guard let resolved = result.schema, let interpreter = result.interpreter(displayPath: { $0 }) else {
            return outcome
        }
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
