@testable import _EntityGenCore
import EntityGenTestSupport
import Foundation
import Testing

/// The round-trip property over random documents (``RandomJSON``, seeded): whatever the samples hold,
/// the inferred schema is lint clean, maps every record with no issue, reads every key, and writes each
/// record back as it was; a sample of them also type-checks with persistence on.
@Suite struct Test_InferRandomJSON {
    static func sample(_ seed: Int) throws -> String {
        var random = RandomJSON(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 3)
        let folder = try TemporaryFolder.make("entitygen-infer-random")
        let file = folder.appendingPathComponent("sample\(seed).json")
        try random.document().write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test func randomDocumentsRoundTrip() throws {
        var failed = 0
        // How often the relating heuristics fired: the property is checked on them too, not only on
        // documents where they never apply.
        var references = 0
        var expandables = 0
        var families = 0
        for seed in 0..<300 {
            let file = try Self.sample(seed)
            let outcome = try InferenceProperty.check([file], name: "Record")
            let members = outcome.schema.entities.flatMap(\.relationships)
            if members.contains(where: { $0.isReference && !$0.isExpandable }) { references += 1 }
            if members.contains(where: \.isExpandable) { expandables += 1 }
            if outcome.schema.entities.contains(where: \.isAbstract) { families += 1 }
            if !outcome.failures.isEmpty {
                failed += 1
                if failed <= 3 {
                    let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
                    Issue.record(
                        "seed \(seed):\n\(outcome.failures.prefix(8).joined(separator: "\n"))\n--- sample:\n\(text.prefix(3000))\n--- schema:\n\(outcome.yaml)"
                    )
                }
            }
        }
        #expect(failed == 0)
        #expect(references >= 5 && expandables >= 5 && families >= 20, "\(references), \(expandables), \(families)")
    }

    @Test(arguments: 0..<12)
    func randomSchemasCompileWithPersistence(seed: Int) throws {
        let outcome = try InferenceProperty.check([try Self.sample(seed * 7)], name: "Record")
        let shown: @Sendable (String) -> String = { $0 }
        let generator = try #require(outcome.result.sourceGenerator(displayPath: shown))
        try TestSupport.expectCompiles(generator.machineFiles())
    }
}
