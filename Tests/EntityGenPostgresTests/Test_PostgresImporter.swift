import EntityGenPostgres
import EntityGenRuntime
import Foundation
import PostgresNIO
import Testing

/// The importer against a real PostgreSQL server (``PostgresTestServer``), each test in a database of
/// its own; rows are read back with plain SQL, as a server app would.
@Suite struct Test_PostgresImporter {
    let feed = Feed<Gadget>(name: "Gadgets")

    /// A stored row, every column as the server's text (`NULL` as nil).
    typealias StoredRow = [String: String?]

    static func rows(_ client: PostgresClient) async throws -> [Int64: StoredRow] {
        let sql =
            "SELECT id, name, price::text, note, to_char(\"releasedAt\" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US'), tags::text, sku::text, amount::text FROM gadget"
        var result: [Int64: StoredRow] = [:]
        let rows = try await client.query(PostgresQuery(unsafeSQL: sql))
        for try await (id, name, price, note, released, tags, sku, amount) in rows.decode(
            (Int64, String, String?, String?, String?, String, String?, String?).self)
        {
            result[id] = [
                "name": name, "price": price, "note": note, "releasedAt": released, "tags": tags, "sku": sku,
                "amount": amount,
            ]
        }
        return result
    }

    static func createTable(_ client: PostgresClient) async throws {
        try await client.query(PostgresQuery(unsafeSQL: Gadget.createTableSQL))
    }

    @Test func insertsThenReportsUnchangedThenUpdatedAndValuesReadBackExactly() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await Self.createTable(client)
            let importer = PostgresImporter(feed: feed, client: client)
            let page = """
                [{"id": 1, "name": "tab\\tnew\\nline \\\\ \\"q\\" ü", "price": 0.30000000000000004, "note": "n",
                  "released_at": "2024-02-29T23:59:59.123456Z", "tags": ["a", "b\\tc"],
                  "sku": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "amount": 12345678901234567890.123456789},
                 {"id": 2, "name": "two"},
                 {"id": 3, "name": "three", "price": -1e300}]
                """
            let first = try await importer.importPage(Array(page.utf8))
            #expect(first.entities["Gadget"] == .init(inserted: 3))
            let again = try await importer.importPage(Array(page.utf8))
            #expect(again.entities["Gadget"] == .init(unchanged: 3))
            let changed = try await importer.importPage(Array(#"[{"id": 2, "name": "TWO"}]"#.utf8))
            #expect(changed.entities["Gadget"] == .init(updated: 1))

            let rows = try await Self.rows(client)
            #expect(rows.count == 3)
            #expect(rows[1]?["name"] == "tab\tnew\nline \\ \"q\" ü")
            #expect(rows[1]?["price"] == "0.30000000000000004")
            #expect(rows[1]?["releasedAt"] == "2024-02-29 23:59:59.123456")
            #expect(rows[1]?["tags"] == #"["a", "b\tc"]"#)
            #expect(rows[1]?["sku"] == "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")
            #expect(rows[1]?["amount"] == "12345678901234567890.123456789")
            #expect(rows[2]?["name"] == "TWO")
            #expect(rows[2]?["price"] == .some(nil))
            #expect(rows[3]?["price"] == "-1e+300")
        }
    }

    @Test func anAbsentKeyKeepsTheStoredValueAndNullClearsIt() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await Self.createTable(client)
            let importer = PostgresImporter(feed: feed, client: client)
            try await importer.importPage(Array(#"[{"id": 1, "name": "a", "note": "kept", "price": 2.5}]"#.utf8))
            // `note` and `price` absent: both kept, nothing else changed, so the row is unchanged.
            let absent = try await importer.importPage(Array(#"[{"id": 1, "name": "a"}]"#.utf8))
            #expect(absent.entities["Gadget"] == .init(unchanged: 1))
            var row = try #require(try await Self.rows(client)[1])
            #expect(row["note"] == "kept" && row["price"] == "2.5")
            // `note: null` clears it; `price` still absent, still kept.
            let cleared = try await importer.importPage(Array(#"[{"id": 1, "name": "a", "note": null}]"#.utf8))
            #expect(cleared.entities["Gadget"] == .init(updated: 1))
            row = try #require(try await Self.rows(client)[1])
            #expect(row["note"] == .some(nil) && row["price"] == "2.5")
        }
    }

    @Test func aPageNamingARowTwiceWritesItsLastOccurrence() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await Self.createTable(client)
            let importer = PostgresImporter(feed: feed, client: client)
            let report = try await importer.importPage(
                Array(#"[{"id": 1, "name": "first"}, {"id": 2, "name": "x"}, {"id": 1, "name": "last"}]"#.utf8))
            #expect(report.entities["Gadget"] == .init(inserted: 2, unchanged: 1))
            #expect(try await Self.rows(client)[1]?["name"] == "last")
        }
    }

    /// The gadget table, created, and an importer of a diff feed of gadgets (`changes`, add/update/delete).
    static func diffImporter(_ client: PostgresClient) async throws -> PostgresImporter<Gadget> {
        try await createTable(client)
        return PostgresImporter(
            feed: Feed<Gadget>(name: "GadgetChanges", items: ["changes"], actions: FeedActions()), client: client)
    }

    @Test func aDiffFeedDeletesByIdentityInFeedOrder() async throws {
        try await PostgresTestServer.withDatabase { client in
            let importer = try await Self.diffImporter(client)
            try await importer.importPage(
                Array(
                    #"{"changes": [{"type": "add", "payload": {"id": 1, "name": "a"}}, {"type": "add", "payload": {"id": 2, "name": "b"}}]}"#
                        .utf8))
            // Delete 1; delete 5 (absent); delete 2 then add it again (it stays); add 3 then delete it.
            let report = try await importer.importPage(
                Array(
                    #"""
                    {"changes": [{"type": "delete", "payload": {"id": 1}}, {"type": "delete", "payload": {"id": 5}},
                     {"type": "delete", "payload": {"id": 2}}, {"type": "update", "payload": {"id": 2, "name": "b2"}},
                     {"type": "add", "payload": {"id": 3, "name": "c"}}, {"type": "delete", "payload": {"id": 3}}]}
                    """#.utf8))
            let rows = try await Self.rows(client)
            #expect(rows.keys.sorted() == [2])
            #expect(rows[2]?["name"] == "b2")
            #expect(report.entities["Gadget"]?.deleted == 2)
        }
    }

    @Test func aRowDeletedTwiceThenSavedStays() async throws {
        try await PostgresTestServer.withDatabase { client in
            let importer = try await Self.diffImporter(client)
            try await importer.importPage(
                Array(#"{"changes": [{"type": "add", "payload": {"id": 4, "name": "d"}}]}"#.utf8))
            // The last action saves the row: it stays, however often it was deleted before.
            let report = try await importer.importPage(
                Array(
                    #"""
                    {"changes": [{"type": "delete", "payload": {"id": 4}}, {"type": "delete", "payload": {"id": 4}},
                     {"type": "update", "payload": {"id": 4, "name": "d2"}}]}
                    """#.utf8))
            #expect(try await Self.rows(client)[4]?["name"] == "d2")
            #expect(report.entities["Gadget"]?.deleted == 0)
        }
    }

    @Test func aRowHoldingNULIsLeftOutAndReportedTheRestWritten() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await Self.createTable(client)
            let importer = PostgresImporter(feed: feed, client: client)
            let report = try await importer.importPage(
                Array(
                    #"[{"id": 7, "name": "a\u0000b"}, {"id": 8, "name": "fine", "tags": ["\u0000"]}, {"id": 9, "name": "ok"}]"#
                        .utf8))
            #expect(report.entities["Gadget"] == .init(inserted: 1))
            #expect(report.skipped.map(\.path) == ["Gadget id=7", "Gadget id=8"])
            #expect(report.skipped.first?.reason.contains("U+0000") == true)
            #expect(try await Self.rows(client).keys.sorted() == [9])
        }
    }

    @Test func aPageTheServerRefusesWritesNothingAndSaysWhy() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await Self.createTable(client)
            try await client.query(
                PostgresQuery(unsafeSQL: "ALTER TABLE gadget ADD CONSTRAINT price_positive CHECK (price >= 0)"))
            let importer = PostgresImporter(feed: feed, client: client)
            let error = await #expect(throws: ImportError.self) {
                try await importer.importPage(
                    Array(#"[{"id": 1, "name": "a", "price": 1}, {"id": 2, "name": "b", "price": -1}]"#.utf8))
            }
            let message = error.map { "\($0)" } ?? ""
            #expect(message.contains("price_positive"), "\(message)")
            #expect(message.contains("SQLSTATE 23514"), "\(message)")
            #expect(try await Self.rows(client).isEmpty)
        }
    }

    @Test func aMalformedPageThrowsBeforeTheDatabaseIsTouched() async throws {
        try await PostgresTestServer.withDatabase { client in
            // No table: a page that reached the server would fail differently.
            let importer = PostgresImporter(feed: feed, client: client)
            await #expect(throws: ImportError.self) { try await importer.importPage(Array("[{\"id\": 1,".utf8)) }
        }
    }

    @Test func aCancelledImportWritesNothing() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await Self.createTable(client)
            let importer = PostgresImporter(feed: feed, client: client)
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await importer.importPage(Array(#"[{"id": 1, "name": "a"}]"#.utf8))
            }
            await #expect(throws: CancellationError.self) { try await task.value }
            #expect(try await Self.rows(client).isEmpty)
        }
    }

    /// Four importers write overlapping pages at once, each page naming its rows in a different order:
    /// no deadlock (rows are locked in identity order), every row inserted exactly once, and every row
    /// holds one whole page's values.
    @Test func fourConcurrentImportersOfOverlappingFeeds() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await Self.createTable(client)
            let importer = PostgresImporter(feed: feed, client: client)
            let reports = try await withThrowingTaskGroup(of: ImportReport.self) { group in
                for writer in 0..<4 {
                    group.addTask {
                        var total = ImportReport()
                        for page in 0..<5 {
                            let ids = Array(0..<400).shuffled()
                            let items = ids.map {
                                #"{"id": \#($0), "name": "w\#(writer)p\#(page)", "note": "w\#(writer)p\#(page)"}"#
                            }
                            let report = try await importer.importPage(Array("[\(items.joined(separator: ","))]".utf8))
                            total.entities["Gadget", default: .init()] =
                                total.entities["Gadget", default: .init()] + report.entities["Gadget", default: .init()]
                        }
                        return total
                    }
                }
                var all: [ImportReport] = []
                for try await report in group { all.append(report) }
                return all
            }
            let inserted = reports.map { $0.entities["Gadget"]?.inserted ?? 0 }.reduce(0, +)
            #expect(inserted == 400)
            let rows = try await Self.rows(client)
            #expect(rows.count == 400)
            // A page is written whole: each row's name and note come from the same page.
            #expect(rows.values.allSatisfy { $0["name"] == $0["note"] })
        }
    }
}

/// Pages large enough to be mapped on a thread of their own and sent in chunks (COPY and merge per
/// chunk, one transaction): the same results as one chunk.
@Suite struct Test_PostgresImporterLargePages {
    static func gadgets(_ ids: some Sequence<Int>, name: (Int) -> String) -> String {
        "[" + ids.map { #"{"id": \#($0), "name": "\#(name($0))"}"# }.joined(separator: ",") + "]"
    }

    @Test func aLargePageIsWrittenInChunksWithTheSameReport() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await Test_PostgresImporter.createTable(client)
            let importer = PostgresImporter(feed: Feed<Gadget>(name: "Gadgets"), client: client)
            // 25,000 records: three chunks. Id 7 is repeated in the last chunk (its last occurrence wins),
            // and one record holds U+0000.
            var items = (0..<25_000).map { #"{"id": \#($0), "name": "g\#($0)"}"# }
            items[12_345] = #"{"id": 12345, "name": "bad\u0000"}"#
            items.append(#"{"id": 7, "name": "seven again"}"#)
            let report = try await importer.importPage(Array("[\(items.joined(separator: ","))]".utf8))
            #expect(report.entities["Gadget"] == .init(inserted: 24_999, updated: 1))
            #expect(report.skipped.map(\.path) == ["Gadget id=12345"])
            #expect(report.pages == 1)
            let rows = try await Test_PostgresImporter.rows(client)
            #expect(rows.count == 24_999)
            #expect(rows[7]?["name"] == "seven again")
            #expect(rows[24_999]?["name"] == "g24999")
            let again = try await importer.importPage(Array(Self.gadgets(0..<25_000, name: { "g\($0)" }).utf8))
            #expect(again.entities["Gadget"] == .init(inserted: 1, updated: 1, unchanged: 24_998))
        }
    }

    @Test func aRefusalInALaterChunkWritesNothingOfThePage() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await Test_PostgresImporter.createTable(client)
            try await client.query(
                PostgresQuery(unsafeSQL: "ALTER TABLE gadget ADD CONSTRAINT no_bad CHECK (name <> 'bad')"))
            let importer = PostgresImporter(feed: Feed<Gadget>(name: "Gadgets"), client: client)
            let page = Self.gadgets(0..<25_000, name: { $0 == 21_000 ? "bad" : "g\($0)" })
            await #expect(throws: ImportError.self) { try await importer.importPage(Array(page.utf8)) }
            #expect(try await Test_PostgresImporter.rows(client).isEmpty)
        }
    }

    @Test func aMalformedActionInALaterChunkCommitsNothing() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await Test_PostgresImporter.createTable(client)
            let diff = Feed<Gadget>(name: "GadgetChanges", items: ["changes"], actions: FeedActions())
            let importer = PostgresImporter(feed: diff, client: client)
            var actions = (0..<25_000).map { #"{"type": "add", "payload": {"id": \#($0), "name": "n"}}"# }
            actions[22_000] = #"{"payload": {"id": 22000, "name": "n"}}"#
            let error = await #expect(throws: ImportError.self) {
                try await importer.importPage(Array(#"{"changes": [\#(actions.joined(separator: ","))]}"#.utf8))
            }
            #expect("\(error.map { "\($0)" } ?? "")".contains("$.changes[22000]"))
            #expect(try await Test_PostgresImporter.rows(client).isEmpty)
        }
    }

    @Test func deletionsAcrossChunksFollowFeedOrder() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await Test_PostgresImporter.createTable(client)
            let diff = Feed<Gadget>(name: "GadgetChanges", items: ["changes"], actions: FeedActions())
            let importer = PostgresImporter(feed: diff, client: client)
            // Delete 1 early, add it back 15,000 actions later (it stays); add 2 early, delete it last.
            var actions = [
                #"{"type": "delete", "payload": {"id": 1}}"#, #"{"type": "add", "payload": {"id": 2, "name": "two"}}"#,
            ]
            actions += (10..<15_010).map { #"{"type": "add", "payload": {"id": \#($0), "name": "n"}}"# }
            actions.append(#"{"type": "add", "payload": {"id": 1, "name": "one"}}"#)
            actions.append(#"{"type": "delete", "payload": {"id": 2}}"#)
            let report = try await importer.importPage(
                Array(#"{"changes": [\#(actions.joined(separator: ","))]}"#.utf8))
            let rows = try await Test_PostgresImporter.rows(client)
            #expect(rows[1]?["name"] == "one")
            #expect(rows[2] == nil)
            #expect(rows.count == 15_001)
            #expect(report.entities["Gadget"]?.deleted == 1)
        }
    }
}
