@testable import _EntityGenCore
import Foundation
import Testing

/// The round-trip property on the real material in Tests/Corpora: for each corpus, infer -> lint clean
/// -> every record maps with no issue -> no unread key -> written back as read -> the generated code
/// (persistence on) type-checks with zero warnings.
@Suite struct Test_InferCorpora {
    static let data = TestSupport.packageRoot.appendingPathComponent("Tests/Corpora/benchmarks-nativejson/data").path
    static let podspecs = TestSupport.packageRoot.appendingPathComponent(
        "Tests/Corpora/cocoapods-Core-fixtures/spec/fixtures"
    ).path

    static let corpora: [(name: String, files: [String], entity: String)] = [
        ("twitter", [data + "/twitter.json"], "Status"),
        ("citm", [data + "/citm_catalog.json"], "CitmCatalog"),
        ("canada", [data + "/canada.json"], "Feature"),
        ("podspecs", [podspecs], "Pod"),
    ]

    @Test(arguments: corpora.map(\.name))
    func inferredSchemaRoundTripsEveryRecord(corpus: String) throws {
        let entry = try #require(Self.corpora.first { $0.name == corpus })
        let files = try SampleReader.files(entry.files)
        let outcome = try InferenceProperty.check(files, name: entry.entity)
        #expect(outcome.records > 0)
        #expect(outcome.failures.isEmpty, "\(corpus):\n\(outcome.failures.prefix(20).joined(separator: "\n"))\n\(outcome.yaml)")
        let shown: @Sendable (String) -> String = { $0 }
        let generator = try #require(outcome.result.sourceGenerator(displayPath: shown))
        try TestSupport.expectCompiles(generator.machineFiles())
    }
}
