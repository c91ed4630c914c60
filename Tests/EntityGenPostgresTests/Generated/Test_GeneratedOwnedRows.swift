import EntityGenPostgres
import Foundation
import PostgresNIO
import Testing

/// Seed 001 (ESModel: a nested model and an array of models, none identified) on PostgreSQL, through the
/// code the build plugin generates from `Schemas/MyModel.yaml`: `model2` is an owned to-one row (the
/// owner's column holds its `_id`), `model2s` owned rows in a link table; owned rows go when their owner
/// stops naming them or is deleted (triggers of the generated migrations).
@Suite struct Test_GeneratedOwnedRows {
    /// Each stored model: `modelProperty1` -> the `key3` of its `model2` (nil when it has none).
    static func models(_ client: PostgresClient) async throws -> [String: String?] {
        var rows: [String: String?] = [:]
        let query: PostgresQuery = """
            SELECT m."modelProperty1", t."key3" FROM "myModel" m LEFT JOIN "modelTwo" t ON t."_id" = m."model2"
            """
        for try await (name, key3) in try await client.query(query).decode((String, String?).self) {
            rows[name] = key3
        }
        return rows
    }

    /// The `key3` of every stored `modelTwo` row, sorted.
    static func modelTwos(_ client: PostgresClient) async throws -> [String] {
        var keys: [String] = []
        for try await key in try await client.query(#"SELECT "key3" FROM "modelTwo""#).decode(String.self) {
            keys.append(key)
        }
        return keys.sorted()
    }

    @Test func ownedRowsAreStoredLinkedAndDeletedWithTheirOwner() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            let importer = PostgresImporter(feed: Feed<MyModel>(name: "Models"), client: client)
            let page = """
                [{"key_1": "a", "model_2": {"key_3": "x"}, "array_of_model_2s": [{"key_3": "y"}, {"key_3": "z"}]},
                 {"key_1": "b", "model_2": {"key_3": "w"}},
                 {"key_1": "c"}]
                """
            let report = try await importer.importPage(Array(page.utf8))
            #expect(report.entities["MyModel"] == .init(inserted: 3))
            #expect(report.entities["ModelTwo"] == .init(inserted: 4))
            #expect(try await Self.models(client) == ["a": "x", "b": "w", "c": nil])
            let linked = try await client.query(
                #"SELECT t."key3" FROM "myModel_model2s" l JOIN "modelTwo" t ON t."_id" = l."target" ORDER BY l."position""#
            ).decode(String.self)
            var names: [String] = []
            for try await name in linked { names.append(name) }
            #expect(names == ["y", "z"])

            // An owner that stops naming its owned row deletes it; deleting an owner deletes all it owns.
            try await client.query(#"UPDATE "myModel" SET "model2" = NULL WHERE "modelProperty1" = 'b'"#)
            #expect(try await Self.modelTwos(client) == ["x", "y", "z"])
            try await client.query(#"DELETE FROM "myModel" WHERE "modelProperty1" = 'a'"#)
            #expect(try await Self.modelTwos(client) == [])
        }
    }

    @Test func ownersWithoutOwnedRowsImportAlone() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            let importer = PostgresImporter(feed: Feed<MyModel>(name: "Models"), client: client)
            // No page of this transaction names a `modelTwo`: there is nothing to map.
            let page = #"[{"key_1": "c"}, {"key_1": "d", "model_2": null}]"#
            let report = try await importer.importPage(Array(page.utf8))
            #expect(report.entities["MyModel"] == .init(inserted: 2))
            #expect(try await Self.models(client) == ["c": nil, "d": nil])
        }
    }

    @Test func anOwnedRowLeftOutLeavesItsOwnersColumnEmpty() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            let importer = PostgresImporter(feed: Feed<MyModel>(name: "Models"), client: client)
            // U+0000, which PostgreSQL's text cannot store: the owned row is left out and reported, and its
            // owner does not name a row that is not there (nor another row that has the same local id).
            let page =
                #"[{"key_1": "a", "model_2": {"key_3": "bad\u0000"}}, {"key_1": "b", "model_2": {"key_3": "ok"}}]"#
            let report = try await importer.importPage(Array(page.utf8))
            #expect(report.entities["MyModel"] == .init(inserted: 2))
            #expect(report.entities["ModelTwo"] == .init(inserted: 1))
            #expect(report.skipped.map(\.reason).allSatisfy { $0.contains("U+0000") })
            #expect(report.skipped.count == 1)
            #expect(try await Self.models(client) == ["a": nil, "b": "ok"])
        }
    }

    /// Dates past year 9999 and before year 1 are stored as they are (PostgreSQL's `timestamptz` holds
    /// 4714 BC to 294276 AD; they were moved to 9999-12-31 or 0001-01-01), and a date outside that range
    /// (or NaN) leaves its row out, reported, instead of failing the page or storing another date.
    @Test func datesBeyondFourDigitYearsAreKeptOrLeftOut() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            let seconds: [Double] = [
                1_394_175_600_000.25, -63_517_780_800, -210_866_803_200, 1_428_331_519.5, 1e16, .nan,
            ]
            let children = seconds.enumerated().map { index, value in
                ModelTwo(key3: "d\(index)", createdAt: Date(timeIntervalSince1970: value))
            }
            var page = PreparedPage<MyModel, PostgresRowKey>()
            page.operations = [.save(MyModel(modelProperty1: "one", model2s: children))]
            let report = try await PostgresImporter(feed: Feed<MyModel>(name: "Models"), client: client).write(page)
            #expect(report.entities["ModelTwo"] == .init(inserted: 4))
            #expect(report.skipped.count == 2)
            #expect(report.skipped.allSatisfy { $0.reason.contains("outside the range PostgreSQL stores") })
            let query: PostgresQuery =
                #"SELECT "key3", extract(epoch FROM "createdAt")::float8 FROM "modelTwo" ORDER BY "createdAt""#
            var stored: [(String, Double)] = []
            for try await row in try await client.query(query).decode((String, Double).self) { stored.append(row) }
            #expect(stored.map(\.0) == ["d2", "d1", "d3", "d0"])
            for (key, value) in stored {
                #expect(value == seconds[Int(key.dropFirst())!], "\(key)")
            }
        }
    }
}
