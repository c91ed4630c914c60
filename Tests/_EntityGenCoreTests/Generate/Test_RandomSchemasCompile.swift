@testable import _EntityGenCore
import EntityGenTestSupport
import Foundation
import Testing

/// The property test: random valid schemas (keywords, Unicode, hostile strings, deep nesting, every type
/// and transformer, names close to what generated code declares), generated and type-checked together in
/// one compiler run: every one must compile, with zero warnings. 200 schemas with models and mappers, and
/// 60 more with persistence (its record conformances, tables and importers).
@Suite struct Test_RandomSchemasCompile {
    @Test func randomSchemasGenerateCodeThatCompilesWithoutWarnings() throws {
        try Self.check(seeds: 0..<200, config: nil)
    }

    @Test func randomSchemasWithPersistenceGenerateCodeThatCompilesWithoutWarnings() throws {
        try Self.check(seeds: 200..<260, config: "outputs: [models, mappers, persistence]\n")
    }

    /// Generates the schemas of `seeds` under `config` and type-checks all machine files in one run.
    static func check(seeds: Range<Int>, config: String?) throws {
        let folder = try TemporaryFolder.make("entitygen-property")
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [URL] = []
        var support = "import EntityGenRuntime\n\n"
        for index in seeds {
            var random = RandomSchema(
                seed: UInt64(index) &* 0x9E37_79B9 &+ 11, prefix: "S\(index)", persistence: config != nil)
            let yaml = random.build()
            support += random.support
            let source = SourceFile(path: "S\(index).yaml", text: yaml)
            let result = GeneratorPipeline.validate(
                schemas: [source], config: config.map { SourceFile(path: "entitygen-config.yaml", text: $0) })
            // A new project's first migration is pending until recorded: expected, not a finding.
            let findings = result.diagnostics.filter { $0.ruleID != Rules.unrecordedMigration.id }
            guard let schema = result.schema, findings.isEmpty else {
                Issue.record(
                    "random schema \(index) is not lint-clean: \(findings.map(\.description).prefix(5))\n\(yaml)")
                continue
            }
            // Every schema has its own database file; one module holds one, so they are left out.
            for file in SourceGenerator(schema: schema, displayPath: { $0 }).machineFiles()
            where file.name != GeneratedFile.databaseFileName {
                let url = folder.appendingPathComponent(file.name)
                try file.contents.write(to: url, atomically: true, encoding: .utf8)
                files.append(url)
            }
        }
        let supportURL = folder.appendingPathComponent("Support.swift")
        try support.write(to: supportURL, atomically: true, encoding: .utf8)
        #expect(files.count == seeds.count)
        let result = try SwiftCompiler.typecheck(files + [supportURL])
        #expect(
            result.status == 0, "generated code does not compile:\n\(result.errors.prefix(15).joined(separator: "\n"))")
        #expect(
            result.warnings.isEmpty,
            "generated code has warnings:\n\(result.warnings.prefix(15).joined(separator: "\n"))")
    }
}
