import EntityGenPersistence
import EntityGenRuntime
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// The lifecycle of a schema `entitygen infer` wrote and `infer --update` grew, through the code the
/// build plugin generated from `Schemas/Account.yaml`: inferred from `samples/accounts` (recorded as
/// `entitygen-v2`), then updated from `samples/accounts-later`, where the API had added `email`, `tags`
/// and an `address` object, which the update made a relationship to a new entity (recorded as
/// `entitygen-v3`: two nullable columns, a foreign key column and a table; the file is checked byte for
/// byte against infer's output by `Test_InferCorpora`). A database the first version of the app filled
/// is opened by today's code: the stored accounts read back with the new members `nil`, the later page
/// fills them, and a page in the old shape, imported again, loses nothing.
@Suite struct Test_InferredUpdate {
    static let samples = Test_InferredImport.root.appendingPathComponent("Tests/Corpora/samples")

    private func page(_ path: String) throws -> [UInt8] {
        try Array(Data(contentsOf: Self.samples.appendingPathComponent(path)))
    }

    /// The file the first version of the app left: migrated up to `entitygen-v2` (the inferred schema
    /// before the update) and holding the accounts of `accounts/accounts.json`, written with that
    /// version's columns.
    private func firstVersionFile() throws -> String {
        let path = try TemporaryFolder.make("entitygen-inferred-update").appendingPathComponent("db.sqlite").path
        let queue = try DatabaseQueue(path: path)
        var migrator = DatabaseMigrator()
        EntityGenDatabase.registerMigrations(in: &migrator)
        try migrator.migrate(queue, upTo: "entitygen-v2")
        try queue.write { db in
            #expect(try db.columns(in: "account").map(\.name) == ["id", "name", "plan", "createdAt"])
            try db.execute(
                sql: """
                    INSERT INTO account (id, name, plan, createdAt) VALUES
                      (1, 'Ann', 'free', '2025-01-04 09:00:00.000'),
                      (2, 'Bob', 'pro', '2025-02-11 16:30:00.000'),
                      (3, 'Cy', 'free', '2025-03-21 08:15:00.000')
                    """)
        }
        try queue.close()
        return path
    }

    @Test func historyRecordsTheInferredSchemaThenTheUpdate() {
        var migrator = DatabaseMigrator()
        EntityGenDatabase.registerMigrations(in: &migrator)
        #expect(migrator.migrations == ["entitygen-v1", "entitygen-v2", "entitygen-v3"])
    }

    @Test func theFirstVersionsFileOpensAndTheLaterPagesFillTheNewMembers() throws {
        let pool = try EntityGenDatabase.openDatabase(atPath: try firstVersionFile())
        let stored = try pool.read { db in try Account.Record.order(Account.Columns.id).fetchAll(db) }
        #expect(stored.map(\.name) == ["Ann", "Bob", "Cy"])
        #expect(stored.allSatisfy { $0.email == nil && $0.tags == nil })
        #expect(
            try pool.read { db in try Account.Record.fetchOne(db, id: 2) }?.createdAt
                == ISO8601DateFormatter().date(from: "2025-02-11T16:30:00Z"))
        #expect(stored.allSatisfy { $0.addressCity == nil })

        let importer = FeedImporter(feed: EntityGenDatabase.accounts, writer: pool)
        let later = try importer.importPage(try page("accounts-later/accounts.json"))
        #expect(later.entities["Account"]?.inserted == 1)
        #expect(later.entities["Account"]?.updated == 1)
        #expect(later.entities["Address"]?.inserted == 2)
        let bob = try #require(try pool.read { db in try Account.Record.fetchOne(db, id: 2) })
        #expect(bob.email == "bob@example.com")
        #expect(bob.tags == ["beta", "admin"])
        #expect(bob.addressCity == "Oslo")
        #expect(try pool.read { db in try Account.Record.fetchOne(db, id: 4) }?.tags == [])
        #expect(try pool.read { db in try Account.Record.filter(Account.Columns.email == nil).fetchCount(db) } == 2)
        let graphs = try pool.read { db in
            try Account.requestIncludingRelationships().order(Account.Columns.id).fetchAll(db)
        }
        #expect(graphs.map { $0.address?.country } == [nil, "NO", nil, "FR"])

        // The first shape again (a client on an older endpoint, a cached page): absent keys keep what is
        // stored, and the same pages again change nothing.
        let old = try importer.importPage(try page("accounts/accounts.json"))
        #expect(old.entities["Account"]?.updated == 0, "\(old)")
        let kept = try #require(try pool.read { db in try Account.Record.fetchOne(db, id: 2) })
        #expect(kept.email == "bob@example.com" && kept.addressCity == "Oslo")
        let again = try importer.importPage(try page("accounts-later/accounts.json"))
        #expect(again.entities["Account"]?.inserted == 0)
        #expect(again.entities["Account"]?.updated == 0, "\(again)")
        #expect(again.entities["Address"]?.updated ?? 0 == 0, "\(again)")
        #expect(try pool.read { db in try Account.Record.fetchCount(db) } == 4)
    }
}
