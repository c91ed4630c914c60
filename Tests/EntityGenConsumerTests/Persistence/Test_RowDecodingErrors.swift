import EntityGenPersistence
import EntityGenRuntime
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// A stored value that does not convert fails the fetch with an error naming its column, through GRDB's
/// own requests, whichever of the two generated `init(row:)` reads it (the `Record`'s, the graph model's):
/// the first such plain column in table order, or a JSON column before them (it is read first, with its
/// own `try`; `RowColumns` reads the others without one and throws at the end). Rows that convert still
/// read the same afterwards.
@Suite struct Test_RowDecodingErrors {
    /// The two repositories of `Test_PlainGRDB.repos` in a fresh database, and the first one's id.
    static func database() throws -> (DatabasePool, Int64) {
        let pool = try Test_ColumnPositions.database()
        let first = try pool.read { db throws in try Repo.Record.order(Repo.Columns.id).fetchAll(db) }
        #expect(first.count == 2)
        return (pool, first[0].id)
    }

    /// The column the fetch of repository `id` fails on, through the record and through the graph model.
    static func failingColumns(_ pool: DatabasePool, id: Int64) throws -> [String] {
        try pool.read { db throws in
            var columns: [String] = []
            do {
                _ = try Repo.Record.fetchOne(db, id: id)
                Issue.record("the record converted")
            } catch let error as ColumnDecodingError {
                columns.append(error.column)
            }
            do {
                _ = try Repo.requestIncludingRelationships().filter(Repo.Columns.id == id).fetchAll(db)
                Issue.record("the graph model converted")
            } catch let error as ColumnDecodingError {
                columns.append(error.column)
            }
            return columns
        }
    }

    @Test func aValueThatDoesNotConvertNamesItsColumn() throws {
        let (pool, id) = try Self.database()
        try pool.write { db in
            try db.execute(sql: "UPDATE repo SET stars = 'many' WHERE id = ?", arguments: [id])
        }
        #expect(try Self.failingColumns(pool, id: id) == ["stars", "stars"])
        // The other row reads as before, and so does this one once its value converts again.
        try pool.read { db throws in
            let others = try Repo.Record.filter(Repo.Columns.id != id).fetchAll(db)
            #expect(others.count == 1 && others[0].name.isEmpty == false)
        }
        try pool.write { db in try db.execute(sql: "UPDATE repo SET stars = 7 WHERE id = ?", arguments: [id]) }
        try pool.read { db throws in
            let record = try Repo.Record.fetchOne(db, id: id)
            let model = try Repo.requestIncludingRelationships().filter(Repo.Columns.id == id).fetchOne(db)
            #expect(record?.stars == 7 && model?.stars == 7)
        }
    }

    @Test func theFirstPlainColumnInTableOrderIsReported() throws {
        let (pool, id) = try Self.database()
        try pool.write { db in
            // `fullName` comes before `stars` in the table; text that is not UTF-8 does not convert to a String.
            try db.execute(
                sql: "UPDATE repo SET stars = 'many', fullName = x'ff00ff' WHERE id = ?", arguments: [id])
        }
        #expect(try Self.failingColumns(pool, id: id) == ["fullName", "fullName"])
    }

    @Test func aJSONColumnIsReadBeforeThePlainOnes() throws {
        let (pool, id) = try Self.database()
        try pool.write { db in
            try db.execute(sql: "UPDATE repo SET stars = 'many', topics = 'not json' WHERE id = ?", arguments: [id])
        }
        #expect(try Self.failingColumns(pool, id: id) == ["topics", "topics"])
    }

    @Test func aPlaceholderStandsInUntilTheCheck() throws {
        let row: Row = ["count": "three", "name": "x", "when": "not a date", "link": 4, "tag": nil]
        var columns = RowColumns(row)
        #expect(columns.column("count", at: 0) as Int == 0)
        #expect(columns.column("name", at: 1) as String == "x")
        #expect(columns.column("when", at: 2) as Date == Date.columnPlaceholder)
        #expect(columns.column("link", at: 3) as URL == URL.columnPlaceholder)
        #expect(columns.column("tag", at: 4) as String? == nil)
        do {
            try columns.check()
            Issue.record("the check passed")
        } catch let error as ColumnDecodingError {
            #expect(error.column == "count")  // the first failure, not the later ones
        }
        var good = RowColumns(row)
        #expect(good.column("name") as String == "x")
        try good.check()
    }
}
