import EntityGenPersistence
import EntityGenRuntime
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// Generated `init(row:)` reads each column at the position the generated migrations create it
/// (`row.column("name", at: 3)`) when the row has that very column there, and by name otherwise: the same
/// records come back whatever the selection's order, an extra column, or the case of a name.
@Suite struct Test_ColumnPositions {
    /// The `User` and `Repo` records of `Schemas/GitHub.yaml`, imported through the feed.
    static func database() throws -> DatabasePool {
        let folder = try TemporaryFolder.make("column-positions")
        let pool = try EntityGenDatabase.openDatabase(atPath: folder.appendingPathComponent("github.sqlite").path)
        _ = try FeedImporter(feed: EntityGenDatabase.repos, writer: pool).importPage(Array(Test_PlainGRDB.repos.utf8))
        return pool
    }

    @Test func anySelectionOrderReadsTheSameRecords() throws {
        let pool = try Self.database()
        try pool.read { db throws in
            let table = Repo.Record.databaseTableName
            let columns = try db.columns(in: table).map { "\"\($0.name)\"" }
            let plain = try Repo.Record.order(Repo.Columns.id).fetchAll(db)
            #expect(plain.count == 2)
            #expect(plain.first?.fullName == "groue/GRDB.swift" && plain.first?.topics == ["sqlite", "swift"])
            // Every column somewhere else than where the migration created it: each is found by name.
            let reversed = try Repo.Record.fetchAll(
                db, sql: "SELECT \(columns.reversed().joined(separator: ", ")) FROM \(table) ORDER BY id")
            #expect(reversed == plain)
            // One column in front shifts every position by one.
            let shifted = try Repo.Record.fetchAll(db, sql: "SELECT 'x' AS extra, * FROM \(table) ORDER BY id")
            #expect(shifted == plain)
            // Names in another case, in the created order: GRDB's case-insensitive lookup, as before.
            let upper = columns.map { "\($0) AS \($0.uppercased())" }
            let uppercased = try Repo.Record.fetchAll(
                db, sql: "SELECT \(upper.joined(separator: ", ")) FROM \(table) ORDER BY id")
            #expect(uppercased == plain)
            // The graph request's prefetched rows (copied by GRDB) read the same values.
            let graph = try Repo.requestIncludingRelationships().order(Repo.Columns.id).fetchAll(db)
            #expect(graph.map(\.fullName) == plain.map(\.fullName))
            #expect(graph.first?.contributors.map(\.login) == ["groue", "ally"])
        }
    }

    @Test func theRuntimeReadsByPositionOnlyWhereTheNameMatches() throws {
        // A row with `a` twice: by position, the second; by name, GRDB's leftmost.
        let row: Row = ["a": 1, "b": "two", "a": 3]
        #expect(try row.column("a", at: 2) as Int == 3)
        #expect(try row.column("a", at: 0) as Int == 1)
        #expect(try row.column("a", at: 1) as Int == 1)  // `b` is there: looked up by name
        #expect(try row.column("b", at: 9) as String == "two")  // past the end: by name
        #expect(try row.column("B", at: 1) as String == "two")  // another case: by name
        #expect(try row.column("b", at: -1) as String == "two")
        #expect(throws: (any Error).self) { try row.column("missing", at: 0) as Int }
        // A value that does not convert names its column, found either way.
        for position in [1, 0] {
            do {
                _ = try row.column("b", at: position) as Int
                Issue.record("text read as an integer")
            } catch let error as ColumnDecodingError {
                #expect(error.column == "b")
            }
        }
        // JSON text columns, by position and by name.
        let json: Row = ["tags": #"["x","y"]"#, "none": nil]
        let tags = ArrayTransformer(StringTransformer())
        #expect(try json.jsonColumn("tags", at: 0, tags) == ["x", "y"])
        #expect(try json.jsonColumn("tags", at: 1, tags) == ["x", "y"])
        #expect(try json.optionalJSONColumn("none", at: 1, tags) == nil)
        #expect(try json.optionalJSONColumn("tags", at: 0, tags) == ["x", "y"])
    }
}
