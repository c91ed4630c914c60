@testable import _EntityGenCore
import Foundation
import Testing

/// Generated files check the formats of the runtimes they link: the mapping runtime's, and each
/// persistence backend's. Code generated for another format fails to compile, naming the format it
/// needs, instead of misbehaving at run time.
@Suite struct Test_RuntimeFormatChecks {
    static let schema = "entities:\n  Pod:\n    identifiedBy: name\n    attributes:\n      name: String\n"

    private func machineFile(backends: String) throws -> GeneratedFile {
        let result = GeneratorPipeline.validate(
            schemas: [SourceFile(path: "Pods.yaml", text: Self.schema)],
            config: SourceFile(
                path: "entitygen-config.yaml", text: "outputs: [models, mappers, persistence]\nbackends: \(backends)\n")
        )
        let shown: @Sendable (String) -> String = { $0 }
        let generator = try #require(result.sourceGenerator(displayPath: shown))
        return try #require(generator.machineFiles().first { $0.name == "Pods.generated.swift" })
    }

    @Test func everyMachineFileChecksEachRuntimeItUses() throws {
        let both = try machineFile(backends: "[sqlite, postgres]").contents
        #expect(
            both.contains("private typealias _EntityGenRuntimeVersionCheck = EntityGenRuntime.EntityGenRuntimeFormat6"))
        #expect(
            both.contains(
                "private typealias _EntityGenPersistenceVersionCheck = EntityGenPersistence.EntityGenPersistenceFormat6"
            ))
        #expect(
            both.contains(
                "private typealias _EntityGenPostgresVersionCheck = EntityGenPostgres.EntityGenPostgresFormat4"))
        let sqlite = try machineFile(backends: "[sqlite]").contents
        #expect(!sqlite.contains("EntityGenPostgresFormat"))
    }

    @Test func codeForAnotherPersistenceFormatFailsToCompileNamingIt() throws {
        var file = try machineFile(backends: "[sqlite]")
        file.contents = file.contents.replacingOccurrences(
            of: "EntityGenPersistenceFormat6", with: "EntityGenPersistenceFormat9")
        let compiled = try SwiftCompiler.typecheck(generated: [file])
        #expect(compiled.status != 0)
        #expect(compiled.errors.contains { $0.contains("EntityGenPersistenceFormat9") }, "\(compiled.errors.prefix(3))")
    }
}
