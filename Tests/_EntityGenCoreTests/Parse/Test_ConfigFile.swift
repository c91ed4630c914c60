@testable import _EntityGenCore
import Foundation
import Testing

/// The config's `backends` key, written as a newcomer would from the README: it selects the storage
/// backend the plan carries; a misspelled backend is a located error.
@Suite struct Test_ConfigFile {
    static let schema = "entities:\n  Pod:\n    identifiedBy: [name]\n    attributes:\n      name: String\n"

    static func plan(config: String) -> (GenerationPlan?, [Diagnostic]) {
        let result = GeneratorPipeline.validate(
            schemas: [SourceFile(path: "Pods.yaml", text: schema)],
            config: SourceFile(path: "entitygen-config.yaml", text: config))
        return (result.plan, result.diagnostics)
    }

    @Test func persistenceDefaultsToSQLite() {
        #expect(Self.plan(config: "outputs: [models, mappers, persistence]\n").0?.backends.map(\.kind) == [.sqlite])
        #expect(Self.plan(config: "outputs: [models, mappers]\nbackends: [sqlite]\n").0?.backends.isEmpty == true)
    }

    @Test(arguments: ["backends: sqlite\n", "backends: [sqlite]\n", "backends: [sqlite, sqlite]\n"])
    func backendsTakeOneWordOrAList(line: String) {
        let (plan, diagnostics) = Self.plan(config: "outputs: [models, mappers, persistence]\n" + line)
        #expect(plan?.backends.map(\.kind) == [.sqlite])
        #expect(diagnostics.allSatisfy { $0.severity != .error })
    }

    @Test func unknownBackendIsALocatedError() {
        let (plan, diagnostics) = Self.plan(
            config: "outputs: [models, mappers, persistence]\nbackends: [sqlite, postgress]\n")
        #expect(plan == nil)
        #expect(
            diagnostics.map(\.description) == [
                "entitygen-config.yaml:2:20: error: 'postgress' is not a valid storage backend (did you mean 'postgres'?) [invalid-value]"
            ])
    }
}
