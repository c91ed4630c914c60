import EntityGenPersistence
import Foundation
import GRDB
import Testing

/// Unsigned integers, decimals and UUIDs as a GRDB user queries them (`Schemas/Counters.yaml`), through
/// GRDB's public API: filters and ordering compare by number, `UInt64` values above `Int64.max` included,
/// decimals keep every digit, and the `UUID`s GRDB binds find their rows. All were stored as text, so
/// `filter(downloads > 100)` compared text ("99" > "100"), `order` sorted "10" before "9", and
/// `fetchOne(db, id: uuid)` found nothing (GRDB binds a `UUID` as a blob); `entitygen-v9` records those
/// tables, `entitygen-v10` converts them. `entitygen-v10` stored a decimal as a `REAL` when a double held
/// it, in a column without affinity, where the text GRDB binds for a `Decimal` compared greater than
/// every number (`filter(price > Decimal(10))` found nothing); `entitygen-v11` stores decimal text in a
/// column whose collation compares by number.
@Suite struct Test_StoredValueColumns {
    /// The badges every counter past the first few links to, and a token per counter.
    static let badges = (0..<3).map { UUID(uuidString: "00000000-0000-4000-8000-00000000000\($0)")! }

    /// Badge `index` as a counter embeds it: related to the next badge (a link table of UUIDs).
    static func badge(_ index: Int) -> String {
        let next = (index + 1) % 3
        return
            #"{"id": "\#(badges[index])", "label": "b\#(index)", "related": [{"id": "\#(badges[next])", "label": "b\#(next)"}]}"#
    }

    static func token(_ index: Int) -> UUID {
        UUID(uuidString: String(format: "AAAAAAAA-BBBB-4CCC-8DDD-%012d", index))!
    }

    /// Values around every boundary, in numeric order.
    static let values: [UInt64] = [
        0, 9, 10, 99, 100, 1_000, UInt64(Int64.max) - 1, UInt64(Int64.max), UInt64(Int64.max) + 1,
        10_000_000_000_000_000_000, UInt64.max - 1, UInt64.max,
    ]

    /// Prices in numeric order, then one with more digits than a double holds, which sorts between 10 and
    /// 10.01.
    static let prices = ["-12.5", "0.1", "0.3", "2", "9.99", "10", "10.01", "99.5", "100", "1234.5678", "1e+21"]
    static let longPrice = "10.000000000000000000001"

    /// Every price by value.
    static let pricesByValue = (prices + [longPrice]).map { Decimal(string: $0)! }.sorted()

    static func name(_ index: Int) -> String { "c\(String(format: "%02d", index))" }

    static func price(_ index: Int) -> String { index < prices.count ? prices[index] : longPrice }

    /// A database where the counters were imported, in shuffled order, by the generated importer.
    static func database() throws -> DatabasePool {
        let (pool, _) = try makeDatabase()
        let items = values.enumerated().shuffled().map { index, value in
            #"{"name": "\#(name(index))", "downloads": \#(value), "stars": \#(value % 1_000), "price": \#(price(index)), "token": "\#(token(index).uuidString.lowercased())", "badge": \#(badge(index % 3))}"#
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
            // GRDB's own UInt64 binding traps above Int64.max; the stored form binds every value.
            let top = Counter.Record.filter(Counter.Columns.downloads == UInt64.max.columnDatabaseValue)
            #expect(try top.fetchOne(db)?.name == "c11")
            #expect(try Counter.Record.fetchOne(db, id: "c08")?.downloads == UInt64(Int64.max) + 1)
            let raw = try String.fetchAll(
                db, sql: "SELECT name FROM counter WHERE downloads >= ? ORDER BY downloads LIMIT 2", arguments: [1_000])
            #expect(raw == ["c05", "c06"])
            // Decimals: compared by number whatever GRDB binds (a Decimal binds text, Int and Double
            // numbers), every digit kept.
            let byPrice = try Counter.Record.order(Counter.Columns.price).fetchAll(db)
            #expect(byPrice.map(\.price) == Self.pricesByValue)
            #expect(try Counter.Record.filter(Counter.Columns.price > 10).fetchCount(db) == 6)
            #expect(try Counter.Record.filter(Counter.Columns.price > Decimal(10)).fetchCount(db) == 6)
            #expect(try Counter.Record.filter(Counter.Columns.price >= Decimal(string: "10.0")!).fetchCount(db) == 7)
            let exactly = Counter.Record.filter(Counter.Columns.price == Decimal(string: Self.longPrice)!)
            #expect(try exactly.fetchAll(db).map(\.name) == ["c11"])
            #expect(
                try Counter.Record.filter(Counter.Columns.price == Decimal(string: "9.99")!).fetchOne(db)?.name
                    == "c04")
            #expect(try Counter.Record.filter(Counter.Columns.price == 9.99).fetchOne(db)?.name == "c04")
            #expect(try Counter.Record.filter(Counter.Columns.price < 0.2).fetchCount(db) == 2)
            #expect(
                try Counter.Record.filter((Decimal(2)...Decimal(100)).contains(Counter.Columns.price)).fetchCount(db)
                    == 7)
            #expect(
                try Decimal.fetchOne(db, Counter.Record.select(max(Counter.Columns.price)))
                    == Decimal(string: "1e+21"))
            #expect(
                try Counter.Record.order(Counter.Columns.price.desc).limit(2).fetchAll(db).map(\.price) == [
                    Decimal(string: "1e+21"), Decimal(string: "1234.5678"),
                ])
            #expect(try String.fetchAll(db, sql: "SELECT DISTINCT typeof(price) FROM counter") == ["text"])
            #expect(
                try String.fetchOne(db, sql: "SELECT price FROM counter WHERE name = 'c11'") == Self.longPrice)
            // UUIDs: found by the UUIDs GRDB binds, as identities, attributes and foreign keys.
            #expect(try Badge.Record.fetchOne(db, id: Self.badges[1])?.label == "b1")
            #expect(try Badge.Record.fetchCount(db) == 3)
            #expect(try Counter.Record.filter(Counter.Columns.token == Self.token(4)).fetchOne(db)?.name == "c04")
            #expect(try Counter.Record.filter(Counter.Columns.badgeId == Self.badges[2]).fetchCount(db) == 4)
            #expect(
                try Counter.Record.filter([Self.token(0), Self.token(11)].contains(Counter.Columns.token))
                    .fetchCount(db) == 2)
            #expect(try String.fetchOne(db, sql: "SELECT DISTINCT typeof(token) FROM counter") == "blob")
            // The link table of UUIDs reads back through GRDB's association.
            let linked = try Badge.requestIncludingRelationships().filter(id: Self.badges[2]).fetchOne(db)
            #expect(linked?.related?.map(\.id) == [Self.badges[0]])
            // The graph type reads the same rows, the badge through the foreign key.
            let c05 = try Counter.requestIncludingRelationships().filter(Counter.Columns.name == "c05").fetchOne(db)
            #expect(c05?.badge?.id == Self.badges[2])
            #expect(c05?.token == Self.token(5))
            let counters = try Counter.requestIncludingRelationships().order(Counter.Columns.downloads).fetchAll(db)
            let downloads: [UInt64] = counters.map(\.downloads)
            #expect(downloads == Self.values)
        }
    }

    @Test func reimportIsUnchangedAndGRDBWrittenRowsReadBack() throws {
        let pool = try Self.database()
        let items = Self.values.enumerated().map { index, value in
            #"{"name": "\#(Self.name(index))", "downloads": \#(value), "stars": \#(value % 1_000), "price": \#(Self.price(index)), "token": "\#(Self.token(index).uuidString.lowercased())", "badge": \#(Self.badge(index % 3))}"#
        }
        let report = try FeedImporter(feed: Feed<Counter>(name: "counters"), writer: pool).importPage(
            Array("[\(items.joined(separator: ", "))]".utf8))
        #expect(report.entities["Counter"]?.unchanged == Self.values.count)
        try pool.write { db in
            try Counter.Record(
                name: "local", downloads: UInt64.max - 5, stars: 7, price: Decimal(string: "0.07"),
                token: Self.token(99), badgeId: Self.badges[0]
            ).insert(db)
            var record = try #require(try Counter.Record.fetchOne(db, id: "c00"))
            record.downloads = UInt64(Int64.max) + 2
            try record.update(db)
        }
        try pool.read { db in
            let top = try Counter.Record.order(Counter.Columns.downloads.desc).limit(3).fetchAll(db).map(\.name)
            #expect(top == ["c11", "c10", "local"])
            #expect(try Counter.Record.fetchOne(db, id: "c00")?.downloads == UInt64(Int64.max) + 2)
            #expect(try Counter.Record.filter(Counter.Columns.downloads > Int64.max).fetchCount(db) == 6)
            #expect(try Counter.Record.order(Counter.Columns.price).fetchOne(db)?.name == "c00")
            #expect(try Counter.Record.filter(Counter.Columns.token == Self.token(99)).fetchOne(db)?.name == "local")
            #expect(try Counter.Record.filter(Counter.Columns.badgeId == Self.badges[0]).fetchCount(db) == 5)
            #expect(
                try Counter.Record.filter(Counter.Columns.price < 0.08).fetchAll(db).map(\.name).sorted() == [
                    "c00", "local",
                ])
        }
    }

    /// A database at `entitygen-v9` holding counters as EntityGen stored them before (text) is migrated by
    /// the generated code: digits become numbers, decimals too when a double holds them exactly; anything
    /// else is left as it was, for the error.
    @Test func storedTextMigratesToNumbers() throws {
        let pool = try makeDatabase(migratedUpTo: "entitygen-v9")
        let stored = Self.values.map(String.init) + ["007"]
        try pool.write { db in
            for (index, text) in stored.enumerated() {
                try db.execute(
                    sql: "INSERT INTO counter (name, downloads, stars, price) VALUES (?, ?, ?, ?)",
                    arguments: [
                        Self.name(index), text, index == 0 ? nil : String(index),
                        index < 10 ? Self.prices[index] : index == 10 ? Self.longPrice : nil,
                    ])
            }
            for (index, badge) in Self.badges.enumerated() {
                try db.execute(
                    sql: "INSERT INTO badge (id, label) VALUES (?, ?)", arguments: [badge.uuidString, "b\(index)"])
            }
            try db.execute(
                sql: "UPDATE badge SET relatedCount = 1 WHERE id = ?; INSERT INTO badge_related VALUES (?, 0, ?)",
                arguments: [Self.badges[0].uuidString, Self.badges[0].uuidString, Self.badges[2].uuidString])
            try db.execute(sql: "UPDATE counter SET badgeId = ?", arguments: [Self.badges[1].uuidString])
            try db.execute(
                sql: "UPDATE counter SET token = ? WHERE name = 'c03'", arguments: [Self.token(3).uuidString])
            // What GRDB users got from that storage: compared as text, no counter is above 99 (8 are).
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM counter WHERE downloads > 99") == 0)
            try db.execute(
                sql: "INSERT INTO counter (name, downloads, token) VALUES ('odd', 'not a number', 'not a UUID')")
        }
        try migrateToLatest(pool)
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
            #expect(try Badge.Record.fetchOne(db, id: Self.badges[1])?.label == "b1")
            #expect(
                try Badge.requestIncludingRelationships().filter(id: Self.badges[0]).fetchOne(db)?.related?.map(\.id)
                    == [Self.badges[2]])
            #expect(
                try String.fetchAll(db, sql: "SELECT DISTINCT typeof(ownerId) || typeof(targetId) FROM badge_related")
                    == ["blobblob"])
            #expect(try Counter.Record.filter(Counter.Columns.badgeId == Self.badges[1]).fetchCount(db) == 13)
            #expect(try Counter.Record.filter(Counter.Columns.token == Self.token(3)).fetchOne(db)?.name == "c03")
            #expect(try String.fetchOne(db, sql: "SELECT typeof(token) FROM counter WHERE name = 'odd'") == "text")
            #expect(try String.fetchOne(db, sql: "PRAGMA foreign_key_check") == nil)
            let priceTypes = try String.fetchAll(db, sql: "SELECT typeof(price) FROM counter ORDER BY name")
            #expect(priceTypes == Array(repeating: "text", count: 11) + ["null", "null", "null"])
            let byPrice = try Counter.Record.filter(Counter.Columns.price != nil).order(Counter.Columns.price)
                .fetchAll(db)
            let expectedPrices: [Decimal?] = (Self.prices.prefix(10) + [Self.longPrice]).map { Decimal(string: $0)! }
                .sorted().map(Optional.some)
            #expect(byPrice.map(\.price) == expectedPrices)
            #expect(try Counter.Record.fetchOne(db, id: "c00")?.stars == nil)
            // A value that was never a number is not made one: reading it names the column.
            #expect(throws: (any Error).self) { try Counter.Record.fetchOne(db, id: "odd") }
            let integrity = try String.fetchOne(db, sql: "PRAGMA integrity_check")
            #expect(integrity == "ok")
        }
    }

    /// A database at `entitygen-v10` holding decimals as that version stored them (a `REAL` when a double
    /// held the decimal, else text, in a column without affinity) is migrated to decimal text: each
    /// `REAL` by its shortest text (0.30000000000000004 stays that, not the 0.3 SQLite's own text of it
    /// would be), integers by their digits, number text in canonical form; other text is left for the
    /// error.
    @Test func decimalsStoredAsNumbersMigrateToText() throws {
        let pool = try makeDatabase(migratedUpTo: "entitygen-v10")
        let stored: [(String, DatabaseValueConvertible?)] = [
            ("a", 9.99), ("b", 0.30000000000000004), ("c", 2.0), ("d", 1e21), ("e", Self.longPrice), ("f", 7),
            ("g", "0010.50"), ("h", -0.5), ("i", nil), ("odd", "12abc"),
        ]
        try pool.write { db in
            for (name, price) in stored {
                try db.execute(
                    sql: "INSERT INTO counter (name, downloads, price) VALUES (?, 0, ?)", arguments: [name, price])
            }
            // What GRDB users got from that storage: the text a Decimal binds is above every REAL (1e21
            // is not found) and compared as text with text.
            let above = try String.fetchAll(
                db, sql: "SELECT name FROM counter WHERE price > ? ORDER BY name", arguments: [Decimal(10)])
            #expect(above == ["e", "odd"])
        }
        try migrateToLatest(pool)
        try pool.read { db in
            let texts = try Row.fetchAll(db, sql: "SELECT name, price, typeof(price) FROM counter ORDER BY name")
            #expect(
                texts.map { "\($0[0] as String)=\($0[1] as String? ?? "nil"):\($0[2] as String)" } == [
                    "a=9.99:text", "b=0.30000000000000004:text", "c=2:text", "d=1000000000000000000000:text",
                    "e=\(Self.longPrice):text", "f=7:text", "g=10.5:text", "h=-0.5:text", "i=nil:null",
                    "odd=12abc:text",
                ])
            let ordered = try Counter.Record.filter(Counter.Columns.name != "odd" && Counter.Columns.price != nil)
                .order(Counter.Columns.price).fetchAll(db).map(\.name)
            #expect(ordered == ["h", "b", "c", "f", "a", "e", "g", "d"])
            #expect(try Counter.Record.filter(Counter.Columns.price > Decimal(10)).fetchCount(db) == 4)
            // Text that is not a number is not read as one (`Decimal(string:)` alone reads 12abc as 12).
            #expect(throws: (any Error).self) { try Counter.Record.fetchOne(db, id: "odd") }
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
        }
    }

    /// A schema enum is stored as its raw value and binds the same in GRDB's requests, so a GRDB user
    /// filters by the model's own type, a value the schema does not list (the fallback case) included.
    @Test func enumsFilterAsTheyAreStored() throws {
        let (pool, _) = try makeDatabase()
        let subspecs = [("Core", "ios"), ("Mac", "osx"), ("Dream", "dreamos"), ("Any", nil)].map { name, platform in
            #"{"name": "\#(name)"\#(platform.map { #", "platform": "\#($0)""# } ?? "")}"#
        }
        let pod = #"[{"name": "Kit", "version": "1.0", "subspecs": [\#(subspecs.joined(separator: ", "))]}]"#
        _ = try FeedImporter(feed: Feed<Pod>(name: "pods"), writer: pool).importPage(Array(pod.utf8))
        try pool.read { db in
            let ios = try Subspec.Record.filter(Subspec.Columns.primaryPlatform == Platform.ios).fetchAll(db)
            #expect(ios.map(\.name) == ["Core"])
            let unknown = Subspec.Record.filter(Subspec.Columns.primaryPlatform == Platform.other("dreamos"))
            #expect(try unknown.fetchOne(db)?.primaryPlatform == .other("dreamos"))
            let apple = Subspec.Record.filter([Platform.ios, Platform.osx].contains(Subspec.Columns.primaryPlatform))
            #expect(try apple.order(Subspec.Columns.name).fetchAll(db).map(\.name) == ["Core", "Mac"])
            let platforms = try Platform.fetchAll(
                db, sql: "SELECT primaryPlatform FROM subspec WHERE primaryPlatform IS NOT NULL ORDER BY name")
            #expect(platforms == [.ios, .other("dreamos"), .osx])
        }
    }

    /// Text holding U+0000 (valid JSON: `"\u0000"`) reads back whole. GRDB binds and reads text only up
    /// to its first U+0000 (`sqlite3_bind_text(..., -1)`, `String(cString:)`), so stored as text such a
    /// label read back as `x`, and saving the fetched record wrote the cut value; it is stored as its
    /// UTF-8 bytes in a blob, which GRDB reads as the whole string.
    @Test func textWithZeroCharactersReadsBackWhole() throws {
        let (pool, _) = try makeDatabase()
        let id = Self.badges[0]
        let page = #"[{"name": "n", "downloads": 1, "badge": {"id": "\#(id)", "label": "x\u0000y"}}]"#
        let importer = FeedImporter(feed: Feed<Counter>(name: "counters"), writer: pool)
        _ = try importer.importPage(Array(page.utf8))
        try pool.read { db in
            let badge = try Badge.Record.fetchOne(db, id: id)
            #expect(badge?.label == "x\u{0}y")
            // GRDB's `String.fetchOne(db, sql:)` reads through `String(cString:)` whatever is stored;
            // the bytes are all there.
            #expect(try Data.fetchOne(db, sql: "SELECT label FROM badge") == Data("x\u{0}y".utf8))
            #expect(try Badge.fetchOne(db, Badge.requestIncludingRelationships())?.label == "x\u{0}y")
        }
        #expect(try importer.importPage(Array(page.utf8)).entities["Badge"]?.unchanged == 1)
        try pool.write { db in
            var badge = try #require(try Badge.Record.fetchOne(db, id: id))
            badge.label += "z"
            try badge.update(db)
            try Badge.Record(id: Self.badges[1], label: "a\u{0}").insert(db)
        }
        try pool.read { db in
            let badge = try Badge.Record.fetchOne(db, id: id)
            #expect(badge?.label == "x\u{0}yz")
            #expect(try Badge.Record.fetchOne(db, id: Self.badges[1])?.label == "a\u{0}")
            #expect(try String.fetchAll(db, sql: "SELECT typeof(label) FROM badge ORDER BY label") == ["blob", "blob"])
        }
    }
}
