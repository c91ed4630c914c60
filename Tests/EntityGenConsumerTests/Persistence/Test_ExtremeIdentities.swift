import EntityGenPersistence
import EntityGenRuntime
import GRDB
import Testing

/// Rows are counted inserted, updated or unchanged as PostgreSQL counts them, whatever their identity:
/// a row whose INTEGER identity is `Int64.min` (the value the importer once used to tell an insert from
/// an update) counted as updated when it was inserted (issue 37, item 13).
@Suite struct Test_ExtremeIdentities {
    @Test func rowsAtTheEndsOfInt64AreCountedAsWhatHappened() throws {
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: Feed<Member>(name: "Members"), writer: pool)
        func page(_ name: String) -> [UInt8] {
            Array(
                #"[{"id": -9223372036854775808, "name": "\#(name)"}, {"id": 9223372036854775807, "name": "\#(name)"}, {"id": 0, "name": "\#(name)"}]"#
                    .utf8)
        }
        #expect(try importer.importPage(page("a")).entities["Member"] == .init(inserted: 3))
        #expect(try importer.importPage(page("a")).entities["Member"] == .init(unchanged: 3))
        #expect(try importer.importPage(page("b")).entities["Member"] == .init(updated: 3))
        let stored = try pool.read { db in try Member.Record.fetchOne(db, id: Int64.min) }
        #expect(stored?.name == "b")
    }
}
