import EntityGenPersistence
import Foundation
import GRDB
import Testing

/// Dates as a GRDB user queries them, through GRDB's public API only: imported `Date`s compare with the
/// `Date`s GRDB binds (`>`, `==`, `BETWEEN`, ordering, raw SQL arguments), and rows GRDB writes itself
/// read back (issue 13, item 1: `filter(createdAt > date)` returned nothing while dates were stored as
/// seconds and GRDB binds text).
@Suite struct Test_DateColumns {
    /// `ModelTwo.createdAt` reads `EEE MMM dd HH:mm:ss Z yyyy` (Schemas/MyModel.yaml; keys in snake_case).
    static let stamps = [
        "Fri Mar 07 07:00:00 +0000 2014", "Sat Mar 08 07:00:00 +0000 2014", "Sun Mar 09 07:00:00 +0000 2014",
        "Mon Jan 01 00:00:00 +0000 1968",
    ]

    static func date(_ text: String) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
        return formatter.date(from: text)!
    }

    /// A database holding one model whose `model2s` carry the stamps (and one without a date).
    static func database() throws -> DatabasePool {
        let (pool, _) = try makeDatabase()
        var children = stamps.enumerated().map { index, stamp in #"{"key_3": "m\#(index)", "created_at": "\#(stamp)"}"#
        }
        children.append(#"{"key_3": "undated"}"#)
        let page = Array(#"[{"key_1": "one", "array_of_model_2s": [\#(children.joined(separator: ", "))]}]"#.utf8)
        try FeedImporter(feed: Feed<MyModel>(name: "models"), writer: pool).importPage(page)
        return pool
    }

    @Test func filtersCompareWithTheDatesGRDBBinds() throws {
        let pool = try Self.database()
        try pool.read { db in
            let cutoff = Self.date("Sat Mar 08 00:00:00 +0000 2014")
            let after = try ModelTwo.Record.filter(ModelTwo.Columns.createdAt > cutoff).order(ModelTwo.Columns.key3)
                .fetchAll(
                    db)
            #expect(after.map(\.key3) == ["m1", "m2"])
            #expect(
                try ModelTwo.Record.filter(Column("createdAt") == Self.date(Self.stamps[0])).fetchOne(db)?.key3 == "m0")
            let range = Self.date("Thu Mar 06 00:00:00 +0000 2014")...Self.date("Sat Mar 08 07:00:00 +0000 2014")
            #expect(try ModelTwo.Record.filter(range.contains(ModelTwo.Columns.createdAt)).fetchCount(db) == 2)
            #expect(
                try ModelTwo.Record.filter(ModelTwo.Columns.createdAt < cutoff).order(ModelTwo.Columns.key3).fetchAll(
                    db
                ).map(
                    \.key3) == ["m0", "m3"])
            let newest = try ModelTwo.Record.order(ModelTwo.Columns.createdAt.desc).fetchAll(db).map(\.key3)
            #expect(newest == ["m2", "m1", "m0", "m3", "undated"])
            let raw = try String.fetchAll(
                db, sql: "SELECT key3 FROM modelTwo WHERE createdAt >= ? ORDER BY key3", arguments: [cutoff])
            #expect(raw == ["m1", "m2"])
        }
    }

    @Test func importedDatesReadBackAndGRDBWrittenDatesReadToo() throws {
        let pool = try Self.database()
        let exact = Date(timeIntervalSince1970: 1_428_331_519.123)
        try pool.write { db in
            try db.execute(sql: "INSERT INTO modelTwo (key3, createdAt) VALUES (?, ?)", arguments: ["grdb", exact])
        }
        try pool.read { db in
            let stored = try ModelTwo.Record.order(ModelTwo.Columns.key3).fetchAll(db)
            #expect(stored.first { $0.key3 == "m0" }?.createdAt == Self.date(Self.stamps[0]))
            #expect(stored.first { $0.key3 == "undated" }?.createdAt == nil)
            #expect(stored.first { $0.key3 == "grdb" }?.createdAt == exact)
            // What the importer wrote is the text GRDB itself writes for the same date.
            let text = try DatabaseValue.fetchOne(db, sql: "SELECT createdAt FROM modelTwo WHERE key3 = 'm0'")
            #expect(text == Self.date(Self.stamps[0]).databaseValue)
        }
    }

    @Test func storedTextIsGRDBsForRandomDates() throws {
        // Millisecond halves, negative times and dates far from 1970: the importer's text equals GRDB's.
        let (pool, _) = try makeDatabase()
        var generator = SystemRandomNumberGenerator()
        let seconds: [Double] =
            [0, -0.0005, -1.5, 1_428_331_519.1235, 1_428_331_519.9995, 253_402_300_799.9]
            + (0..<2_000).map { _ in Double.random(in: -2_208_988_800...4_102_444_800, using: &generator) }
            + (0..<2_000).map { _ in
                Double(Int64.random(in: -2_208_988_800_000...4_102_444_800_000, using: &generator)) / 1000 + 0.0005
            }
        let children = seconds.enumerated().map { index, value in
            ModelTwo(key3: "d\(index)", createdAt: Date(timeIntervalSince1970: value))
        }
        // Models built in Swift, written by the importer (JSON through the schema's pattern keeps seconds only).
        var page = PreparedPage<MyModel, RowKey>()
        page.operations = [.save(MyModel(modelProperty1: "one", model2s: children))]
        try FeedImporter(feed: Feed<MyModel>(name: "models"), writer: pool).write(page)
        try pool.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT key3, createdAt FROM modelTwo")
            #expect(rows.count == seconds.count)
            for row in rows {
                let key: String = row["key3"]
                let index = Int(key.dropFirst())!
                let expected = Date(timeIntervalSince1970: seconds[index]).databaseValue
                #expect(row["createdAt"] as DatabaseValue == expected, "\(seconds[index])")
            }
        }
    }

    /// Dates outside the years 0 to 9999, which GRDB's date text cannot hold (an API sending milliseconds
    /// where the schema says seconds puts dates in year 33,658), were cut to that range: every such date
    /// stored as 9999-12-31 23:59:59.999, read back changed, and a change between two of them reported
    /// unchanged. They are kept to the millisecond, and sort before (year < 0) or after (year > 9999)
    /// every other date.
    @Test func datesOutsideGRDBsTextAreKeptAndSorted() throws {
        let (pool, _) = try makeDatabase()
        let seconds: [Double] = [
            1_394_175_600_000, 1_394_175_600_000.123, 253_402_300_800, -62_167_219_200.001, -1e12, 1_428_331_519.5,
        ]
        func page(_ seconds: [Double]) -> PreparedPage<MyModel, RowKey> {
            let children = seconds.enumerated().map { index, value in
                ModelTwo(key3: "d\(index)", createdAt: Date(timeIntervalSince1970: value))
            }
            var page = PreparedPage<MyModel, RowKey>()
            page.operations = [.save(MyModel(modelProperty1: "one", model2s: children))]
            return page
        }
        let importer = FeedImporter(feed: Feed<MyModel>(name: "models"), writer: pool)
        try importer.write(page(seconds))
        try pool.read { db in
            let stored = try ModelTwo.Record.order(ModelTwo.Columns.createdAt).fetchAll(db)
            #expect(stored.map(\.key3) == ["d4", "d3", "d5", "d2", "d0", "d1"])
            for record in stored {
                let index = Int(record.key3.dropFirst())!
                #expect(record.createdAt == Date(timeIntervalSince1970: seconds[index]), "\(seconds[index])")
            }
            let later = try ModelTwo.Record.filter(ModelTwo.Columns.createdAt > Date()).fetchAll(db).map(\.key3)
            #expect(later.sorted() == ["d0", "d1", "d2"])
        }
        // A NaN date (no JSON gives one; Swift code can) is stored as SQLite stores a NaN, NULL, instead of
        // trapping when the text is built.
        let nan = MyModel(
            modelProperty1: "nan", model2s: [ModelTwo(key3: "nan", createdAt: Date(timeIntervalSince1970: .nan))])
        var nanPage = PreparedPage<MyModel, RowKey>()
        nanPage.operations = [.save(nan)]
        try importer.write(nanPage)
        #expect(
            try pool.read { db in try Row.fetchOne(db, sql: "SELECT typeof(createdAt) FROM modelTwo WHERE key3 = 'nan'")
            }?[0] == "null")
        // Two far dates a millisecond apart stay two values (cut to the range, both were 9999-12-31 ...).
        // (ModelTwo has no identity: the second page adds a second set of rows.)
        var changed = seconds
        changed[0] += 0.001
        try importer.write(page(changed))
        try pool.read { db in
            let d0 = try ModelTwo.Record.filter(ModelTwo.Columns.key3 == "d0").order(ModelTwo.Columns.createdAt)
                .fetchAll(db)
            #expect(d0.map(\.createdAt) == [seconds[0], changed[0]].map { Date(timeIntervalSince1970: $0) })
        }
    }
}
