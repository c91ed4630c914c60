import EntityGenPersistence
import EntityGenRuntime
import Foundation
import GRDB
import GRDBSQLite
import Testing

/// Text and blobs bound through a `PreparedRow` point into the session's buffers (`SQLITE_STATIC`), not
/// into SQLite's own copies: what is stored must be what was bound, whatever happens to the bound values
/// before the save runs, and a finished session must leave no binding pointing to freed memory.
@Suite struct Test_PreparedRowBuffers {
    static let table = EntityTable(
        entity: "Note", name: "note", columns: ["id", "title", "body", "link", "tags", "payload"], identity: ["id"],
        absentBits: ["body": 0])

    static func createTable(_ db: Database) throws {
        try db.execute(
            sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT, body TEXT, link TEXT, tags TEXT, payload BLOB)"
        )
    }

    /// Binds one row whose every value is made here and gone when this returns, before the save.
    static func bindTemporaries(_ row: PreparedRow, id: Int64, title: String, body: String?) {
        row.bind(id, at: 1)
        row.bind(String(title.reversed().reversed()), at: 2)
        row.bind(body.map { String($0) }, at: 3)
        row.bind(URL(string: "https://example.com/\(id)/\(title.count)"), at: 4)
        row.bind(
            ["a\(id)", String(repeating: "t", count: Int(id % 40))], json: ArrayTransformer(StringTransformer()), at: 5)
        row.bind(Data((0..<UInt8(id % 50)).map { $0 }), at: 6)
    }

    @Test func storedValuesAreTheBoundValuesWhateverTheirLengthOrder() throws {
        // Short and long values take turns in every column, so each parameter's buffer grows while other
        // parameters keep theirs, and long values are followed by short ones in the same buffer.
        let titles = ["", "a", String(repeating: "long title ", count: 2_000), "b", "é🙂", "nul\u{0}inside", "c"]
        let queue = try DatabaseQueue()
        let report = try queue.write { db in
            try Self.createTable(db)
            var session = ImportSession(db)
            for (offset, title) in titles.enumerated() {
                let body: String? = offset % 3 == 0 ? nil : String(repeating: "body \(offset) ", count: offset * 300)
                let row = try session.prepare(Self.table, absent: AbsentFields())
                Self.bindTemporaries(row, id: Int64(offset + 1), title: title, body: body)
                try session.save(row)
            }
            return try session.finish()
        }
        #expect(report.entities["Note"]?.inserted == titles.count)
        try queue.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM note ORDER BY id")
            #expect(rows.count == titles.count)
            for (offset, row) in rows.enumerated() {
                let id = Int64(offset + 1)
                // GRDB reads a title holding U+0000, which is stored as a blob, as the whole string.
                #expect(row["title"] as String == titles[offset], "row \(id)")
                let body: String? = offset % 3 == 0 ? nil : String(repeating: "body \(offset) ", count: offset * 300)
                #expect(row["body"] as String? == body, "row \(id)")
                #expect(row["link"] as String == "https://example.com/\(id)/\(titles[offset].count)")
                #expect(row["tags"] as String == "[\"a\(id)\",\"\(String(repeating: "t", count: Int(id % 40)))\"]")
                #expect(row["payload"] as Data == Data((0..<UInt8(id % 50)).map { $0 }))
            }
            // The empty title is empty text, not NULL (a null pointer would bind NULL).
            #expect(try String.fetchOne(db, sql: "SELECT typeof(title) FROM note WHERE id = 1") == "text")
        }
    }

    @Test func rowsBoundEitherWayShareOneSessionAndItsCounts() throws {
        let queue = try DatabaseQueue()
        let report = try queue.write { db in
            try Self.createTable(db)
            var session = ImportSession(db)
            for pass in 0..<2 {
                let row = try session.prepare(Self.table)
                // Bound directly to the statement: SQLite copies these.
                Int64(1).bindValue(to: row.statement, at: 1)
                "first".bindValue(to: row.statement, at: 2)
                for index in 3...6 { sqlite3_bind_null(row.statement, Int32(index)) }
                AbsentFields().bind(to: row.statement, after: Self.table.columns.count, words: Self.table.absentWords)
                try session.save(row)
                let through = try session.prepare(Self.table, absent: AbsentFields())
                Self.bindTemporaries(through, id: 2, title: "second \(pass)", body: "kept")
                try session.save(through)
            }
            return try session.finish()
        }
        #expect(report.entities["Note"] == ImportReport.Counts(inserted: 2, updated: 1, unchanged: 1))
        let titles = try queue.read { db in try String.fetchAll(db, sql: "SELECT title FROM note ORDER BY id") }
        #expect(titles == ["first", "second 1"])
    }

    @Test func aFinishedSessionLeavesNoBindingToItsBuffers() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try Self.createTable(db)
            do {
                var session = ImportSession(db)
                let row = try session.prepare(Self.table, absent: AbsentFields())
                Self.bindTemporaries(row, id: 7, title: "bound in place", body: "body")
                try session.save(row)
                _ = try session.finish()
            }
            // The same cached statement, after the session and its buffers are gone: every parameter
            // is NULL again, so nothing can read the freed buffers through it.
            let statement = try db.cachedStatement(sql: Self.table.saveAllChangedSQL).sqliteStatement
            let expanded = try #require(sqlite3_expanded_sql(statement))
            defer { sqlite3_free(expanded) }
            let text = String(cString: expanded)
            #expect(!text.contains("bound in place") && !text.contains("example.com"))
            #expect(text.contains("VALUES (NULL, NULL, NULL, NULL, NULL, NULL)"))
        }
    }
}
