@testable import _EntityGenCore
import EntityGenTestSupport
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

    static let samples = TestSupport.packageRoot.appendingPathComponent("Tests/Corpora/samples").path

    static let corpora: [(name: String, files: [String], entity: String)] = [
        ("twitter", [data + "/twitter.json"], "Status"),
        ("citm", [data + "/citm_catalog.json"], "CitmCatalog"),
        ("canada", [data + "/canada.json"], "Feature"),
        ("podspecs", [podspecs], "Pod"),
        // Invented: references by foreign id, an expandable member, a family (Tests/Corpora/samples).
        ("tickets", [samples + "/tickets"], "Ticket"),
        ("events", [samples + "/events"], "Activity"),
    ]

    /// The corpora whose inferred schemas are committed for EntityGenInferredTests.
    static let committed = [
        "twitter": "Tests/EntityGenInferredTests/Schemas/Status.yaml",
        "podspecs": "Tests/EntityGenInferredTests/Schemas/Pod.yaml",
        "tickets": "Tests/EntityGenInferredTests/Schemas/Ticket.yaml",
        "events": "Tests/EntityGenInferredTests/Schemas/Activity.yaml",
        "citm": "Tests/EntityGenInferredTests/Schemas/CitmCatalog.yaml",
        "canada": "Tests/EntityGenInferredTests/Schemas/Feature.yaml",
    ]

    @Test(arguments: corpora.map(\.name))
    func inferredSchemaRoundTripsEveryRecord(corpus: String) throws {
        let entry = try #require(Self.corpora.first { $0.name == corpus })
        let files = try SampleReader.files(entry.files)
        let outcome = try InferenceProperty.check(files, name: entry.entity)
        #expect(outcome.records > 0)
        #expect(
            outcome.failures.isEmpty,
            "\(corpus):\n\(outcome.failures.prefix(20).joined(separator: "\n"))\n\(outcome.yaml)")
        // The schemas EntityGenInferredTests builds and imports with are this output, byte for byte
        // (ENTITYGEN_RECORD=1 rewrites them: a reviewed step).
        if let committed = Self.committed[corpus] {
            let path = TestSupport.packageRoot.appendingPathComponent(committed).path
            if ProcessInfo.processInfo.environment["ENTITYGEN_RECORD"] == "1" {
                try outcome.yaml.write(toFile: path, atomically: true, encoding: .utf8)
            }
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(
                text == outcome.yaml,
                "\(committed) differs from infer's output:\n\(TestSupport.lineDiff(expected: text, actual: outcome.yaml))"
            )
        }
        let shown: @Sendable (String) -> String = { $0 }
        let generator = try #require(outcome.result.sourceGenerator(displayPath: shown))
        try TestSupport.expectCompiles(generator.machineFiles())
    }

    /// EntityGenInferredTests' `Schemas/Account.yaml` is what a user's two steps write, byte for byte:
    /// `infer` on samples/accounts, then `infer --update` on samples/accounts-later, where the API had
    /// added two keys and an object, which becomes a new entity (ENTITYGEN_RECORD=1 rewrites it: a
    /// reviewed step). Its migration history records
    /// the schema between the two steps, so the inferred tests open a file of the first version.
    @Test func theUpdatedAccountSchemaIsInferThenUpdate() throws {
        let folder = try TemporaryFolder.make("entitygen-infer-update")
        let schemaFile = folder.appendingPathComponent("Account.yaml").path
        var reader = SampleReader(recordsPath: nil)
        reader.read(try SampleReader.files([Self.samples + "/accounts"]))
        try InferredSchemaPrinter.yaml(try SchemaInference.infer(reader, name: "Account"))
            .write(toFile: schemaFile, atomically: true, encoding: .utf8)
        let inputs = try SchemaInputs.discover(paths: [schemaFile])
        let update = try SchemaUpdate.plan(
            inputs: inputs, samples: try SampleReader.files([Self.samples + "/accounts-later"]), recordsPath: nil,
            entity: "Account")
        #expect(
            update.additions.map { $0.kind == .entity ? "entity " + $0.entity : String($0.text.prefix { $0 != " " }) }
                == [
                    "email:", "tags:", "address:", "entity Address",
                ])
        #expect(update.errors(inputs: inputs).isEmpty)
        let updated = try #require(update.files[schemaFile])
        let committed = TestSupport.packageRoot.appendingPathComponent(
            "Tests/EntityGenInferredTests/Schemas/Account.yaml"
        ).path
        if ProcessInfo.processInfo.environment["ENTITYGEN_RECORD"] == "1" {
            try updated.write(toFile: committed, atomically: true, encoding: .utf8)
        }
        let text = try String(contentsOfFile: committed, encoding: .utf8)
        #expect(text == updated, "\(TestSupport.lineDiff(expected: text, actual: updated))")
    }
}
