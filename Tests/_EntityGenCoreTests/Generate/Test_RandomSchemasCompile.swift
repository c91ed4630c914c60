@testable import _EntityGenCore
import Foundation
import Testing

/// The property test: 200 random valid schemas (keywords, Unicode, hostile strings, deep nesting, every
/// type and transformer), generated and type-checked together in one compiler run: every one must
/// compile, with zero warnings.
@Suite struct Test_RandomSchemasCompile {
    static let count = 200

    @Test func randomSchemasGenerateCodeThatCompilesWithoutWarnings() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "entitygen-property-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [URL] = []
        var support = "import EntityGenRuntime\n\n"
        for index in 0..<Self.count {
            var random = RandomSchema(seed: UInt64(index) &* 0x9E37_79B9 &+ 11, prefix: "S\(index)")
            let yaml = random.build()
            support += random.support
            let source = SourceFile(path: "S\(index).yaml", text: yaml)
            let result = GeneratorPipeline.validate(schemas: [source], config: nil)
            guard let schema = result.schema, result.diagnostics.isEmpty else {
                Issue.record(
                    "random schema \(index) is not lint-clean: \(result.diagnostics.map(\.description).prefix(5))\n\(yaml)"
                )
                continue
            }
            for file in SourceGenerator(schema: schema, displayPath: { $0 }).machineFiles()
            where file.name != GeneratedFile.databaseFileName {
                let url = folder.appendingPathComponent(file.name)
                try file.contents.write(to: url, atomically: true, encoding: .utf8)
                files.append(url)
            }
        }
        let supportURL = folder.appendingPathComponent("Support.swift")
        try support.write(to: supportURL, atomically: true, encoding: .utf8)
        #expect(files.count == Self.count)
        let result = try SwiftCompiler.typecheck(files + [supportURL])
        #expect(
            result.status == 0, "generated code does not compile:\n\(result.errors.prefix(15).joined(separator: "\n"))")
        #expect(
            result.warnings.isEmpty,
            "generated code has warnings:\n\(result.warnings.prefix(15).joined(separator: "\n"))")
    }
}
