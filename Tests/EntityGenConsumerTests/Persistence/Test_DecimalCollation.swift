import EntityGenPersistence
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// `entitygen_decimal`, the collation of `Decimal` columns: numbers compare by value, exactly, in every
/// spelling SQLite or GRDB produces (a `Decimal`'s text, SQLite's text of an `Int` or a `Double`), and
/// the order is total (other text after every number).
@Suite struct Test_DecimalCollation {
    static func compare(_ left: String, _ right: String) -> ComparisonResult { DecimalCollation.compare(left, right) }

    /// Random decimal text in the spellings the collation meets: signs, leading and trailing zeros,
    /// a point anywhere, exponents; at most 30 digits so `Decimal` (38) is an exact oracle.
    static func randomNumber(_ generator: inout some RandomNumberGenerator) -> String {
        let digits = String(
            (0..<Int.random(in: 1...12, using: &generator)).map { _ in
                "0012345678999".randomElement(using: &generator)!
            })
        var text = digits
        if Bool.random(using: &generator) {
            let point = Int.random(in: 0...text.count, using: &generator)
            text.insert(".", at: text.index(text.startIndex, offsetBy: point))
            if text == "." { text = "0." }
        }
        if Int.random(in: 0..<4, using: &generator) == 0 {
            text +=
                ["e", "E"].randomElement(using: &generator)! + ["", "+", "-"].randomElement(using: &generator)!
                + String(Int.random(in: 0...9, using: &generator))
        }
        return ["", "-", "+"].randomElement(using: &generator)! + text
    }

    @Test func numbersCompareAsDecimalsDo() {
        var generator = SystemRandomNumberGenerator()
        var samples = (0..<400).map { _ in Self.randomNumber(&generator) }
        samples += ["0", "-0", "0.000", "+0e5", "10", "10.0", "1e1", "9.99", "1e+21", "1.0e+21", ".5", "5.", "-.5"]
        for left in samples {
            let leftValue = Decimal(string: left, locale: Locale(identifier: "en_US_POSIX"))!
            for right in samples.prefix(60) {
                let rightValue = Decimal(string: right, locale: Locale(identifier: "en_US_POSIX"))!
                let expected: ComparisonResult =
                    leftValue < rightValue
                    ? .orderedAscending : leftValue > rightValue ? .orderedDescending : .orderedSame
                #expect(Self.compare(left, right) == expected, "\(left) vs \(right)")
            }
        }
    }

    /// SQLite needs a collation to be a total order (an inconsistent one leaves index entries where no
    /// search finds them): on random texts mixing numbers, near-numbers and other bytes, the comparison is
    /// antisymmetric, reflexive, and transitive over every triple of a sample.
    @Test func isATotalOrderOnAnyText() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["0", "1", "9", ".", "-", "+", "e", "E", "a", " ", "\u{0}", "é", "00", "10", "1e", "e-"]
        var samples = (0..<120).map { _ -> String in
            if Bool.random(using: &generator) { return Self.randomNumber(&generator) }
            return (0..<Int.random(in: 0...5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined()
        }
        samples += ["", "10", "10.0", "1e1", "-0", "0", "abc"]
        let order = samples.map { left in samples.map { right in Self.compare(left, right) } }
        for i in samples.indices {
            #expect(order[i][i] == .orderedSame)
            for j in samples.indices {
                let flipped: ComparisonResult =
                    order[j][i] == .orderedAscending
                    ? .orderedDescending : order[j][i] == .orderedDescending ? .orderedAscending : .orderedSame
                #expect(order[i][j] == flipped, "\(samples[i].debugDescription) vs \(samples[j].debugDescription)")
            }
        }
        var violations = 0
        for i in samples.indices {
            for j in samples.indices where order[i][j] != .orderedDescending {
                for k in samples.indices where order[j][k] != .orderedDescending {
                    if order[i][k] == .orderedDescending { violations += 1 }
                    if order[i][j] == .orderedSame, order[j][k] == .orderedSame, order[i][k] != .orderedSame {
                        violations += 1
                    }
                }
            }
        }
        #expect(violations == 0)
    }

    @Test func digitsBeyondADoubleCount() {
        #expect(Self.compare("10.000000000000000000001", "10") == .orderedDescending)
        #expect(Self.compare("0.30000000000000004", "0.3") == .orderedDescending)
        #expect(Self.compare("12345678901234567890.123456789", "12345678901234567890.12345678") == .orderedDescending)
        #expect(Self.compare("-1e-30", "0") == .orderedAscending)
        #expect(Self.compare("1e999999999999", "1e999999999998") == .orderedSame)  // exponents clamp, still total
    }

    @Test func otherTextSortsAfterNumbersByItsBytes() {
        for text in ["", "abc", "12abc", " 5", "NaN", "1e", "-", ".", "1..2", "e5", "Inf"] {
            #expect(Self.compare("1e+21", text) == .orderedAscending, "\(text)")
            #expect(Self.compare(text, "-5") == .orderedDescending, "\(text)")
            #expect(!DecimalCollation.isNumber(text), "\(text)")
        }
        #expect(Self.compare("abc", "abd") == .orderedAscending)
        #expect(Self.compare("ab", "abc") == .orderedAscending)
        #expect(Self.compare("abc", "abc") == .orderedSame)
    }

    /// In SQL: a unique index over a collated column treats `10` and `10.0` as one key, as `Decimal` does;
    /// a connection that lacks the collation gets SQLite's error naming it, never a wrong answer.
    @Test func sqliteUsesItForIndexesAndSaysWhenItIsMissing() throws {
        let folder = try TemporaryFolder.make("entitygen-collation")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("db.sqlite").path
        let queue = try DatabaseQueue(path: path, configuration: EntityGenConfiguration.prepared(Configuration()))
        try queue.write { db in
            try db.create(table: "amount") { t in
                t.column("value", .text).collate(DecimalCollation.collation).notNull().unique()
            }
            try db.execute(sql: "INSERT INTO amount (value) VALUES ('10')")
            #expect(throws: DatabaseError.self) { try db.execute(sql: "INSERT INTO amount (value) VALUES ('10.0')") }
            try db.execute(sql: "INSERT INTO amount (value) VALUES ('9.5'), ('100')")
            #expect(try String.fetchAll(db, sql: "SELECT value FROM amount ORDER BY value") == ["9.5", "10", "100"])
        }
        try queue.close()
        let plain = try DatabaseQueue(path: path)
        try plain.read { db in
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM amount") == 3)
            do {
                _ = try String.fetchAll(db, sql: "SELECT value FROM amount ORDER BY value")
                Issue.record("ordering without the collation should fail")
            } catch let error as DatabaseError {
                #expect(error.message?.contains("no such collation sequence: entitygen_decimal") == true)
            }
        }
    }

    /// A user who opens the database without EntityGen's configuration: the generated migrations create
    /// decimal columns anyway (they register the collation first), and the importer registers it on the
    /// connection it writes with, so imports and the comparisons they make work.
    @Test func migrationsAndImportsWorkOnPlainConnections() throws {
        let folder = try TemporaryFolder.make("entitygen-collation")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("db.sqlite").path
        try migrateToLatest(try DatabaseQueue(path: path))
        let plain = try DatabaseQueue(path: path)
        let page = #"[{"name": "a", "downloads": 1, "price": 10.0}, {"name": "b", "downloads": 2, "price": 9.5}]"#
        let importer = FeedImporter(feed: Feed<Counter>(name: "counters"), writer: plain)
        #expect(try importer.importPage(Array(page.utf8)).entities["Counter"]?.inserted == 2)
        let again = #"[{"name": "a", "downloads": 1, "price": 10}, {"name": "b", "downloads": 2, "price": 9.50}]"#
        #expect(try importer.importPage(Array(again.utf8)).entities["Counter"]?.unchanged == 2)
        let names = try plain.read { db in try Counter.Record.order(Counter.Columns.price).fetchAll(db).map(\.name) }
        #expect(names == ["b", "a"])
    }
}

/// A table identified by a decimal (`Tier` in `Schemas/Counters.yaml`) when other code wrote the
/// identity in another spelling (`10.0`, where the importer and GRDB's `Decimal` write `10`).
@Suite struct Test_DecimalIdentity {
    @Test func anotherSpellingIsTheSameRowForImportsLookupsAndOrphanDeletion() async throws {
        let (pool, _) = try makeDatabase()
        try await pool.write { db in
            try db.execute(
                sql: "INSERT INTO tier (threshold, label) VALUES ('10.0', 'old'), ('2.50', 'kept'), ('20', 'x')")
        }
        let page = #"[{"threshold": 10, "label": "new"}, {"threshold": 2.5, "label": "kept"}]"#
        let importer = FeedImporter(feed: Feed<Tier>(name: "tiers", deleteOrphans: true), writer: pool)
        let pages = AsyncStream<Data> { continuation in
            continuation.yield(Data(page.utf8))
            continuation.finish()
        }
        let report = try await importer.sync(pages: pages)
        #expect(report.entities["Tier"]?.updated == 1)
        #expect(report.entities["Tier"]?.unchanged == 1)
        #expect(report.entities["Tier"]?.inserted == 0)
        #expect(report.entities["Tier"]?.deleted == 1)  // 20 only: 10.0 and 2.50 were delivered as 10 and 2.5
        try await pool.read { db in
            let tiers = try Tier.Record.order(Tier.Columns.threshold).fetchAll(db)
            #expect(tiers.map(\.label) == ["kept", "new"])
            #expect(try Tier.Record.fetchOne(db, id: Decimal(10))?.label == "new")
            #expect(try Tier.Record.filter(Tier.Columns.threshold == Decimal(string: "2.5")!).fetchCount(db) == 1)
        }
    }
}
