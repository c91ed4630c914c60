@testable import _EntityGenCore
import EntityGenTestSupport
import Foundation
import Testing

/// The same schemas in any order give the same bytes; nothing depends on time or on the run.
@Suite struct Test_Determinism {
    static func sources() throws -> [SourceFile] {
        let inputs = try SchemaInputs.discover(paths: [TestSupport.packageRoot.appendingPathComponent("Schemas").path])
        return try inputs.schemaPaths.map { try SourceFile.read(path: $0) } + [
            try SourceFile.read(path: inputs.configPath!)
        ]
    }

    static func generate(_ sources: [SourceFile]) throws -> [GeneratedFile] {
        let config = sources.first { SchemaInputs.configFileNames.contains(($0.path as NSString).lastPathComponent) }
        let schemas = sources.filter { $0.path != config?.path }
        let schema = try #require(GeneratorPipeline.validate(schemas: schemas, config: config).schema)
        let generator = SourceGenerator(schema: schema) { ($0 as NSString).lastPathComponent }
        return generator.machineFiles() + generator.humanFiles()
    }

    @Test func twiceAndShuffledGiveIdenticalBytes() throws {
        let sources = try Self.sources()
        let first = try Self.generate(sources)
        let second = try Self.generate(sources)
        #expect(first == second)
        var generator = SplitMix64(seed: 7)
        for _ in 0..<5 {
            let shuffled = try Self.generate(sources.shuffled(using: &generator))
            #expect(shuffled == first)
        }
        for file in first {
            #expect(
                file.contents.hasSuffix("\n") && !file.contents.hasSuffix("\n\n"),
                "\(file.name) must end in exactly one newline")
            #expect(!file.contents.contains("\r"))
        }
    }
}
