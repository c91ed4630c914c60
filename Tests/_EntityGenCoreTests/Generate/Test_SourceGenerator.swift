@testable import _EntityGenCore
import Foundation
import Testing

/// Text from outside (here a schema file's name) cannot escape the comments it is printed in: a file
/// named with a line break and `#error(...)` generates files that compile (issue 16, item 7).
@Suite struct Test_SourceGenerator {
    @Test func aSchemaFileNameWithLineBreaksStaysInsideComments() throws {
        let path = "Evil\n#error(\"injected\")\n\u{2028}x.yaml"
        let result = GeneratorPipeline.validate(
            schemas: [SourceFile(path: path, text: "entities:\n  Pod:\n    attributes:\n      name: String\n")],
            config: nil)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let shown: @Sendable (String) -> String = { $0 }
        let generator = try #require(result.sourceGenerator(displayPath: shown))
        let files = generator.machineFiles() + generator.humanFiles()
        for file in files {
            for line in file.contents.split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(!line.hasPrefix("#error"), "\(file.name): \(line)")
            }
        }

        let compiled = try SwiftCompiler.typecheck(generated: files)
        #expect(compiled.status == 0, "\(compiled.errors.prefix(5))")
        #expect(compiled.warnings.isEmpty, "\(compiled.warnings.prefix(5))")
    }

    /// An enum case named `none` as a default (issue 37, item 9): printed qualified (`Status.none`), since
    /// a bare `.none` where an optional is expected is `nil` (the generated mapper then called the key
    /// missing, with four warnings).
    @Test func anEnumCaseNamedNoneIsADefaultNotNil() throws {
        let schema = """
            enums:
              Status:
                cases: [none, open]
            entities:
              Ticket:
                identifiedBy: id
                attributes:
                  id: Int
                  status: {type: Status, default: none}
                  tags: {type: '[Status]', default: [none, open]}
            """
        let files = try TestSupport.generated(schema)
        let text = files.map(\.contents).joined(separator: "\n")
        let mentions = text.split(separator: "\n").filter { $0.contains("none") }
        #expect(text.contains("Status.none") && !text.contains(": .none"), "\(mentions)")
        try TestSupport.expectCompiles(files)
    }

    /// `Codable` on every model, family and enum, and `codable: false` in the config leaves it out
    /// (issue 13, item 5).
    @Test func codableConformancesAndTheConfigOptOut() throws {
        let schema = """
            enums:
              Color: {cases: [red, blue]}
            transformers:
              Shape: {swiftType: ShapeValue, json: any}
            entities:
              Plain:
                attributes: {name: String, color: Color?}
              Custom:
                attributes: {shape: {type: ShapeValue, transformer: Shape}}
            """
        func machineFile(config: String?) throws -> String {
            let result = GeneratorPipeline.validate(
                schemas: [SourceFile(path: "S.yaml", text: schema)],
                config: config.map { SourceFile(path: "entitygen-config.yaml", text: $0) })
            let shown: @Sendable (String) -> String = { $0 }
            let generator = try #require(result.sourceGenerator(displayPath: shown), "\(result.diagnostics)")
            return try #require(generator.machineFiles().first { $0.name == "S.generated.swift" }).contents
        }
        let on = try machineFile(config: nil)
        for type in ["Plain", "Custom", "Color"] { #expect(on.contains("extension \(type): Swift.Codable {")) }
        #expect(on.contains("EntityGenRuntime.JSONMappableCoding.decode(from: decoder)"))
        let off = try machineFile(config: "codable: false\n")
        #expect(!off.contains("Codable"))
    }

    /// Schema enums are `DatabaseValueConvertible` (binding their raw value) whether or not the config
    /// leaves `Codable` out: with it, GRDB's own `Codable` defaults must not be chosen; without it, the
    /// conformance must still find its witnesses. String and integer raw values, with and without a
    /// fallback case, compile without warnings both ways.
    @Test func enumStorageCompilesWithAndWithoutCodable() throws {
        let schema = """
            enums:
              Color: {cases: [red, blue], fallback: other}
              Size: {cases: [small, large]}
              Level: {rawType: Int, cases: {low: 1, high: 2}}
            entities:
              Paint:
                identifiedBy: name
                attributes: {name: String, color: Color?, size: Size?, level: Level?}
            """
        for codable in ["", "codable: false\n"] {
            let config = "outputs: [models, mappers, persistence]\n" + codable
            let result = GeneratorPipeline.validate(
                schemas: [SourceFile(path: "Paint.yaml", text: schema)],
                config: SourceFile(path: "entitygen-config.yaml", text: config))
            let shown: @Sendable (String) -> String = { $0 }
            let generator = try #require(result.sourceGenerator(displayPath: shown), "\(result.diagnostics)")
            let files = generator.machineFiles() + generator.humanFiles()
            // Each enum stored in a column gives its first case as the placeholder `init(row:)` holds for a
            // stored value that is not a case until it throws.
            let text = files.map(\.contents).joined()
            #expect(text.contains("extension Level: EntityGenPersistence.ColumnValue, GRDB.DatabaseValueConvertible {"))
            #expect(text.contains("internal static var columnPlaceholder: Self { .low }"))
            #expect(text.contains("internal static var columnPlaceholder: Self { .red }"))
            let compiled = try SwiftCompiler.typecheck(generated: files)
            #expect(compiled.status == 0, "config '\(config)': \(compiled.errors.prefix(5))")
            #expect(compiled.warnings.isEmpty, "\(compiled.warnings.prefix(5))")
        }
    }
}
