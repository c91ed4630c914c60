import EntityGenPersistence
import Foundation
import GRDB
import Testing

/// Unsigned integers as a GRDB user queries them (`Schemas/Counters.yaml`), through GRDB's public API:
/// filters and ordering compare by number, values above `Int64.max` included. They were stored as
/// decimal text, so `filter(downloads > 100)` compared text ("99" > "100") and `order` sorted "10"
/// before "9"; `entitygen-v9` records that table, `entitygen-v10` converts it.
@Suite struct Test_UnsignedColumns {
    /// Values around every boundary, in numeric order.
    static let values: [UInt64] = [
        0, 9, 10, 99, 100, 1_000, UInt64(Int64.max) - 1, UInt64(Int64.max), UInt64(Int64.max) + 1,
        10_000_000_000_000_000_000, UInt64.max - 1, UInt64.max,
    ]

    static func name(_ index: Int) -> String { "c\(String(format: "%02d", index))" }

    /// A database where the counters were imported, in shuffled order, by the generated importer.
    static func database() throws -> DatabasePool {
        let (pool, _) = try makeDatabase()
        let items = values.enumerated().shuffled().map { index, value in
            #"{"name": "\#(name(index))", "downloads": \#(value), "stars": \#(value % 1_000)}"#
        }
        let report = try FeedImporter(feed: Feed<Counter>(name: "counters"), writer: pool).importPage(
            Array("[\(items.joined(separator: ", "))]".utf8))
        #expect(report.entities["Counter"]?.inserted == values.count)
        return pool
    }

    @Test func filtersAndOrderCompareByNumber() throws {
        let pool = try Self.database()
        try pool.read { db in
            let ascending = try Counter.Record.order(Counter.Columns.downloads).fetchAll(db)
            #expect(ascending.map(\.downloads) == Self.values)
            let descending = try Counter.Record.order(Counter.Columns.downloads.desc).fetchAll(db)
            #expect(descending.map(\.downloads) == Self.values.reversed())
            #expect(try Counter.Record.filter(Counter.Columns.downloads > 99).fetchCount(db) == 8)
            #expect(
                try Counter.Record.filter(Counter.Columns.downloads < 10).order(Counter.Columns.name).fetchAll(db).map(
                    \.name) == ["c00", "c01"])
            #expect(try Counter.Record.filter(Counter.Columns.downloads == 100).fetchOne(db)?.name == "c04")
            #expect(try Counter.Record.filter((10...1_000).contains(Counter.Columns.downloads)).fetchCount(db) == 4)
            #expect(try Counter.Record.filter(Counter.Columns.downloads > Int64.max).fetchCount(db) == 4)
            #expect(try Counter.Record.fetchOne(db, id: "c11")?.downloads == UInt64.max)
            #expect(try Counter.Record.fetchOne(db, id: "c08")?.downloads == UInt64(Int64.max) + 1)
            let raw = try String.fetchAll(
                db, sql: "SELECT name FROM counter WHERE downloads >= ? ORDER BY downloads LIMIT 2", arguments: [1_000])
            #expect(raw == ["c05", "c06"])
            // The graph type reads the same rows.
            let counters = try Counter.requestIncludingRelationships().order(Counter.Columns.downloads).fetchAll(db)
            #expect(counters.map(\.downloads) == Self.values)
        }
    }

    @Test func reimportIsUnchangedAndGRDBWrittenRowsReadBack() throws {
        let pool = try Self.database()
        let items = Self.values.enumerated().map { index, value in
            #"{"name": "\#(Self.name(index))", "downloads": \#(value), "stars": \#(value % 1_000)}"#
        }
        let report = try FeedImporter(feed: Feed<Counter>(name: "counters"), writer: pool).importPage(
            Array("[\(items.joined(separator: ", "))]".utf8))
        #expect(report.entities["Counter"]?.unchanged == Self.values.count)
        try pool.write { db in
            try Counter.Record(name: "local", downloads: UInt64.max - 5, stars: 7).insert(db)
            var record = try #require(try Counter.Record.fetchOne(db, id: "c00"))
            record.downloads = UInt64(Int64.max) + 2
            try record.update(db)
        }
        try pool.read { db in
            let top = try Counter.Record.order(Counter.Columns.downloads.desc).limit(3).fetchAll(db).map(\.name)
            #expect(top == ["c11", "c10", "local"])
            #expect(try Counter.Record.fetchOne(db, id: "c00")?.downloads == UInt64(Int64.max) + 2)
            #expect(try Counter.Record.filter(Counter.Columns.downloads > Int64.max).fetchCount(db) == 6)
        }
    }

    /// A database at `entitygen-v9` holding counters as EntityGen stored them before (decimal text) is
    /// migrated by the generated code: digits become numbers; anything else is left for the error.
    @Test func storedTextMigratesToNumbers() throws {
        let pool = try makeDatabase(migratedUpTo: "entitygen-v9")
        let stored = Self.values.map(String.init) + ["007"]
        try pool.write { db in
            for (index, text) in stored.enumerated() {
                try db.execute(
                    sql: "INSERT INTO counter (name, downloads, stars) VALUES (?, ?, ?)",
                    arguments: [Self.name(index), text, index == 0 ? nil : String(index)])
            }
            // What GRDB users got from that storage: compared as text, no counter is above 99 (8 are).
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM counter WHERE downloads > 99") == 0)
            try db.execute(sql: "INSERT INTO counter (name, downloads) VALUES ('odd', 'not a number')")
        }
        var migrator = DatabaseMigrator()
        EntityGenDatabase.registerMigrations(in: &migrator)
        try migrator.migrate(pool)
        try pool.read { db in
            let types = try String.fetchAll(db, sql: "SELECT typeof(downloads) FROM counter ORDER BY name")
            #expect(
                types == Array(repeating: "integer", count: 8) + Array(repeating: "blob", count: 4) + [
                    "integer", "text",
                ])
            let ordered = try Counter.Record.filter(Counter.Columns.name != "odd").order(Counter.Columns.downloads)
                .fetchAll(db)
            #expect(ordered.map(\.downloads) == [0, 7] + Self.values.dropFirst())
            #expect(try Counter.Record.fetchOne(db, id: "c01")?.stars == 1)
            #expect(try Counter.Record.fetchOne(db, id: "c00")?.stars == nil)
            // A value that was never a number is not made one: reading it names the column.
            #expect(throws: (any Error).self) { try Counter.Record.fetchOne(db, id: "odd") }
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
        }
    }
}
