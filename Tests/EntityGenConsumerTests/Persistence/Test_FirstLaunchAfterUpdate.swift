import EntityGenPersistence
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// The first launch after an app update (issue 43, item 1): a database file an earlier version of the app
/// created and filled is opened by today's generated `openDatabase(atPath:)`, which migrates it, and read
/// in the same process through every documented API: plain GRDB requests, joined requests, graph requests
/// and `ValueObservation`. Before the fix the migration's own check had opened a reader connection on the
/// old schema, and every `SELECT *` on it failed with "column not found" (GRDB #1453).
@Suite struct Test_FirstLaunchAfterUpdate {
    /// A file left by the version whose last migration was `entitygen-v1`, with two pods and two subspecs.
    static func oldFile() throws -> String {
        let pool = try Test_Migrations.databaseAtFirstMigration()
        let path = pool.path
        try pool.close()
        return path
    }

    @Test func plainRequestsReadTheMigratedFileInTheSameProcess() throws {
        let pool = try EntityGenDatabase.openDatabase(atPath: try Self.oldFile())
        let records = try pool.read { db in try Pod.Record.order(Pod.Columns.name).fetchAll(db) }
        #expect(records.map(\.name) == ["A", "B"])
        #expect(records.map(\.requiresArc) == [true, true])
        let one = try pool.read { db in try Pod.Record.fetchOne(db, key: ["name": "A", "version": "1.0"]) }
        #expect(one?.summary == "first")
        #expect(try pool.read { db in try Pod.Record.filter(Pod.Columns.summary != nil).fetchCount(db) } == 1)
    }

    @Test func joinedAndGraphRequestsReadTheMigratedFileInTheSameProcess() throws {
        let pool = try EntityGenDatabase.openDatabase(atPath: try Self.oldFile())
        let joined = try pool.read { db in
            try Pod.Record.including(all: Pod.Record.subspecs).order(Pod.Columns.name).asRequest(of: Row.self)
                .fetchAll(db)
        }
        #expect(joined.map { $0["name"] as String } == ["A", "B"])
        #expect(joined.first?.prefetchedRows["subspecs"]?.map { $0["name"] as String } == ["Core", "UI"])
        let graph = try pool.read { db in try Pod.requestIncludingRelationships().order(Pod.Columns.name).fetchAll(db) }
        #expect(graph.map(\.subspecs.count) == [2, 0])
        #expect(graph.first?.subspecs.last?.dependencies == ["Core": []])
    }

    @Test func anObservationStartedAfterTheUpdateSeesTheOldRows() async throws {
        let pool = try EntityGenDatabase.openDatabase(atPath: try Self.oldFile())
        let names = ValueObservation.tracking { db in try Pod.Record.order(Pod.Columns.name).fetchAll(db).map(\.name) }
            .values(in: pool)
        var iterator = names.makeAsyncIterator()
        #expect(try await iterator.next() == ["A", "B"])
    }

    /// An app that reads through its pool before handing it to `EntityGenConfiguration.migrate` (its own
    /// version check, say): the reader connections it used are replaced after migrating.
    @Test func readsBeforeMigratingDoNotLeaveAStaleReader() throws {
        let pool = try DatabasePool(
            path: try Self.oldFile(), configuration: EntityGenConfiguration.prepared(Configuration()))
        #expect(try pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM pod") } == 2)
        try EntityGenConfiguration.migrate(
            pool, with: Test_Migrations.migrator(), fingerprints: EntityGenDatabase.migrationFingerprints)
        #expect(try pool.read { db in try Pod.Record.fetchAll(db) }.map(\.socialMediaUrl) == [nil, nil])
    }
}
