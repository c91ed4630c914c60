import EntityGenPersistence
import EntityGenRuntime
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// The last step of `entitygen infer`'s round-trip property, with the code the build plugin generated
/// from the inferred schemas in `Schemas/`: importing the samples and reading them back with GRDB gives
/// every record as it was sent, and a second import of the same pages changes nothing.
@Suite struct Test_InferredImport {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private func database() throws -> DatabasePool {
        let folder = try TemporaryFolder.make("entitygen-inferred")
        return try EntityGenDatabase.openDatabase(atPath: folder.appendingPathComponent("db.sqlite").path)
    }

    /// Each record's JSON as sent, by identity, from the pages' bytes.
    private func records(_ page: [UInt8], at key: String?, identity: (JSONValue) -> String) throws -> [String: AnyJSON]
    {
        try JSONDocument(bytes: page).withRoot { root in
            var result: [String: AnyJSON] = [:]
            let list = key.flatMap { root[$0] } ?? root
            if list.kind == .array {
                list.forEachElement { _, record in result[identity(record)] = AnyJSON(record) }
            } else {
                result[identity(list)] = AnyJSON(list)
            }
            return result
        }
    }

    /// Written back: the same JSON (objects by members, numbers by value).
    private func expectSame(
        _ model: some JSONMappable, as sent: AnyJSON?, _ label: String, nullOrAbsent: Set<String> = []
    ) throws {
        let written = try JSONDocument(bytes: model.jsonBytes()).withRoot { AnyJSON($0) }
        let difference =
            sent.map { JSONComparison.difference($0, written, at: "$", nullOrAbsent: nullOrAbsent) } ?? "not sent"
        #expect(difference == nil, "\(label): \(difference ?? "")")
    }

    @Test func twitterStatusesImportAndReadBackAsSent() throws {
        let page = try Array(
            Data(
                contentsOf: Self.root.appendingPathComponent(
                    "Tests/Corpora/benchmarks-nativejson/data/twitter.json")))
        let pool = try database()
        let importer = FeedImporter(feed: EntityGenDatabase.statuses, writer: pool)
        let first = try importer.importPage(page)
        #expect(first.entities["Status"]?.inserted ?? 0 > 0)
        let sent = try records(page, at: "statuses") { $0["id"]?.numberLiteral() ?? "" }
        let stored = try pool.read { db in try Status.requestIncludingRelationships().fetchAll(db) }
        // Retweeted statuses are stored as statuses too; each sent one is among them, as sent.
        let byID = Dictionary(stored.map { (String($0.id), $0) }, uniquingKeysWith: { first, _ in first })
        #expect(sent.count == 100)
        for (id, json) in sent {
            let status = try #require(byID[id], "status \(id) not stored")
            try expectSame(status, as: json, "status \(id)")
        }
        // GRDB's own query interface on the generated record: the users with over 1,000 followers the page
        // sent (in its statuses and their retweets), each once.
        let popularSent = try JSONDocument(bytes: page).withRoot { root in
            var ids = Set<String>()
            root["statuses"]?.forEachElement { _, status in
                for user in [status["user"], status["retweeted_status"]?["user"]] {
                    if let user, (user["followers_count"]?.integer(Int64.self) ?? 0) > 1_000,
                        let id = user["id"]?.numberLiteral()
                    {
                        ids.insert(id)
                    }
                }
            }
            return ids
        }
        let popular = try pool.read { db in
            try User.Record.filter(User.Columns.followersCount > 1_000).order(User.Columns.id).fetchAll(db)
                .map { String($0.id) }
        }
        #expect(!popularSent.isEmpty)
        #expect(Set(popular) == popularSent)
        #expect(popular.count == popularSent.count)
        let second = try importer.importPage(page)
        #expect(second.entities.values.allSatisfy { $0.inserted == 0 && $0.updated == 0 && $0.deleted == 0 })
    }

    @Test func podspecsImportAndReadBackAsSent() throws {
        let folder = Self.root.appendingPathComponent("Tests/Corpora/cocoapods-Core-fixtures/spec/fixtures")
        let files = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count == 114)
        let pool = try database()
        let importer = FeedImporter(feed: EntityGenDatabase.pods, writer: pool)
        var sent: [String: AnyJSON] = [:]
        for file in files {
            let page = try Array(Data(contentsOf: folder.appendingPathComponent(file)))
            try importer.importPage(page)
            sent.merge(
                try records(page, at: nil) { record in
                    "\(record["name"]?.string() ?? "")@\(record["version"]?.string() ?? "")"
                }
            ) { first, _ in first }
        }
        let stored = try pool.read { db in try Pod.requestIncludingRelationships().fetchAll(db) }
        #expect(stored.count == sent.count)
        for pod in stored {
            let key = "\(pod.name)@\(pod.version)"
            // Pod.yaml says it: `platforms.ios` is null in some podspecs and absent in others, and a
            // model writes nil one way.
            try expectSame(pod, as: sent[key], key, nullOrAbsent: ["ios"])
        }
        for file in files.prefix(20) {
            let report = try importer.importPage(Array(Data(contentsOf: folder.appendingPathComponent(file))))
            #expect(
                report.entities.values.allSatisfy { $0.inserted == 0 && $0.updated == 0 && $0.deleted == 0 }, "\(file)")
        }
    }
}
