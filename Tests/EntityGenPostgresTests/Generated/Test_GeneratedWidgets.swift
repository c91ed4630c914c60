import EntityGenPostgres
import PostgresNIO
import Testing

/// Seed 000 (KZBootstrap's widget diff feed) end to end on PostgreSQL, through the code the build plugin
/// generates from `Schemas/Widgets.yaml`: add/update/delete actions across the widget family, image
/// widgets naming their caption by `textWidgetId` (a `reference:` relationship, checked at the end of
/// each page), and `Schemas/Library.yaml`, whose reference fails the page when its target is missing.
@Suite struct Test_GeneratedWidgets {
    /// Each stored image widget: its caption's server id (`NULL` as nil).
    static func imageWidgets(_ client: PostgresClient) async throws -> [String: String?] {
        var rows: [String: String?] = [:]
        let query = PostgresQuery(unsafeSQL: #"SELECT "serverId", "textWidgetServerId" FROM "imageWidget""#)
        for try await (id, caption) in try await client.query(query).decode((String, String?).self) {
            rows[id] = caption
        }
        return rows
    }

    /// The rows of a table.
    static func count(_ table: String, _ client: PostgresClient) async throws -> Int64 {
        let rows = try await client.query(PostgresQuery(unsafeSQL: "SELECT count(*) FROM \"\(table)\""))
        for try await count in rows.decode(Int64.self) { return count }
        return -1
    }

    @Test func widgetDiffAddsUpdatesAndDeletesAcrossTheFamily() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            let importer = PostgresImporter(feed: EntityGenPostgresDatabase.widgetDiff, client: client)
            // The article's page (the consumer tests' `widgets-diff.json`).
            let first = try await importer.importPage(
                Array(
                    """
                    {"actions": [
                      {"type": "add", "payload": {"serverId": "0", "serverType": "TextWidget", "title": "My test title"}},
                      {"type": "add", "payload": {"serverId": "2", "serverType": "ImageWidget", "url": "http://goo.gl/IFSk4C", "caption": "it works!", "textWidgetId": "0"}}
                    ], "nextUrl": null}
                    """.utf8))
            #expect(first.entities["TextWidget"] == .init(inserted: 1))
            #expect(first.entities["ImageWidget"] == .init(inserted: 1))
            #expect(first.skipped.isEmpty)
            #expect(try await Self.imageWidgets(client) == ["2": "0"])

            // A forward reference inside the page, an update, a delete, an unknown action and serverType.
            let second = try await importer.importPage(Array(SeedPages.widgetDiffFollowUp.utf8))
            #expect(second.entities["TextWidget"] == .init(inserted: 1, updated: 1))
            #expect(second.entities["ImageWidget"] == .init(inserted: 1, deleted: 1))
            #expect(second.skipped.map(\.path) == ["$.actions[4].type", "$.actions[5].payload.serverType"])
            #expect(try await Self.imageWidgets(client) == ["5": "6"])
            let titles = try await client.query(#"SELECT "title" FROM "textWidget" WHERE "serverId" = '0'"#)
            for try await title in titles.decode(String.self) { #expect(title == "Renamed") }

            // Deleting a caption unsets the key of the image widgets naming it (ON DELETE SET NULL).
            let delete = #"{"type": "delete", "payload": {"serverId": "6", "serverType": "TextWidget"}}"#
            let third = try await importer.importPage(Array("{\"actions\": [\(delete)]}".utf8))
            #expect(third.entities["TextWidget"] == .init(deleted: 1))
            #expect(try await Self.imageWidgets(client) == ["5": nil])
        }
    }

    @Test func aMissingReferenceTargetIsUnsetAndReported() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            let importer = PostgresImporter(feed: EntityGenPostgresDatabase.widgetDiff, client: client)
            let report = try await importer.importPage(
                Array(
                    #"{"actions": [{"type": "add", "payload": {"serverId": "1", "serverType": "ImageWidget", "url": "http://x", "textWidgetId": "404"}}]}"#
                        .utf8))
            #expect(report.entities["ImageWidget"] == .init(inserted: 1))
            #expect(report.skipped.map(\.path) == [#"ImageWidget serverId="1""#])
            #expect(report.skipped.first?.reason.contains("textWidget") == true)
            // The key it named, and that the row was imported (issue 43, item 9).
            #expect(report.skipped.first?.reason.contains(#"the identifier "404""#) == true, "\(report.skipped)")
            #expect(report.description.contains(#"unset reference ImageWidget serverId="1""#), "\(report)")
            #expect(try await Self.imageWidgets(client) == ["1": nil])
        }
    }

    @Test func referencesAreCheckedAcrossTheChunksOfALargePage() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            let importer = PostgresImporter(feed: EntityGenPostgresDatabase.widgetDiff, client: client)
            // 12,002 actions, sent in two chunks: image widget "i0" names a caption added in the second
            // chunk, "i1" a caption that never comes.
            var actions = [
                #"{"type": "add", "payload": {"serverId": "i0", "serverType": "ImageWidget", "url": "http://x/0", "textWidgetId": "t11999"}}"#,
                #"{"type": "add", "payload": {"serverId": "i1", "serverType": "ImageWidget", "url": "http://x/1", "textWidgetId": "t-none"}}"#,
            ]
            actions += (0..<12_000).map {
                #"{"type": "add", "payload": {"serverId": "t\#($0)", "serverType": "TextWidget", "title": "t"}}"#
            }
            let report = try await importer.importPage(Array("{\"actions\": [\(actions.joined(separator: ","))]}".utf8))
            #expect(report.entities["TextWidget"] == .init(inserted: 12_000))
            #expect(report.entities["ImageWidget"] == .init(inserted: 2))
            #expect(report.skipped.map(\.path) == [#"ImageWidget serverId="i1""#])
            #expect(try await Self.imageWidgets(client) == ["i0": "t11999", "i1": nil])
        }
    }

    @Test func aMissingTargetFailsThePageWhenTheSchemaSaysSo() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            let authors = PostgresImporter(feed: EntityGenPostgresDatabase.authorList, client: client)
            let books = PostgresImporter(feed: EntityGenPostgresDatabase.bookList, client: client)
            try await authors.importPage(Array(#"[{"id": 1, "name": "Le Guin"}]"#.utf8))
            let page = Array(
                #"[{"isbn": "a", "title": "A", "author_id": 1}, {"isbn": "b", "title": "B", "author_id": 2}]"#.utf8)
            do {
                try await books.importPage(page)
                Issue.record("the page should fail")
            } catch let error as ImportError {
                #expect(
                    error.description == #"Book isbn="b" (naming author 2): author: the referenced row does not exist"#)
            }
            // Nothing of the page was committed, the good book included.
            #expect(try await Self.count("book", client) == 0)
            let report = try await books.importPage(
                Array(#"[{"isbn": "a", "title": "A", "author_id": 1}, {"isbn": "c", "title": "C"}]"#.utf8))
            #expect(report.entities["Book"] == .init(inserted: 2))
            #expect(report.skipped.isEmpty)
        }
    }
}
