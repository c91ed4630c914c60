import EntityGenPostgres
import Foundation
import PostgresNIO
import Testing

/// The newcomer's tracker (`Schemas/Tracker.yaml`) on PostgreSQL (issue 43, item 2): a ticket's owned
/// resolution (a to-one without identity) is saved in the row the ticket's column already holds, so a
/// second import of the same page is all unchanged, and a changed note updates the resolution in place.
@Suite struct Test_GeneratedTracker {
    static let page = """
        [{"id": 1, "title": "Crash on launch", "due_date": "2024-07-15",
          "reporter": {"id": 10, "name": "Ada"},
          "remarks": [{"id": 100, "body": "Seen on 17.2", "author": {"id": 11, "name": "Grace"}}],
          "resolution": {"name": "fixed", "note": "in 2.1"}},
         {"id": 2, "title": "Typo", "reporter": {"id": 11, "name": "Grace"}, "remarks": []}]
        """

    static func resolutions(_ client: PostgresClient) async throws -> [String] {
        var rows: [String] = []
        let query: PostgresQuery = """
            SELECT r."_id" || ' ' || r."name" || ' ' || coalesce(r."note", '-') || ' <- ' || t."id"
            FROM "resolution" r LEFT JOIN "ticket" t ON t."resolution" = r."_id"
            """
        for try await row in try await client.query(query).decode(String.self) { rows.append(row) }
        return rows.sorted()
    }

    @Test func aSecondImportOfTheSamePageIsAllUnchanged() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            let importer = PostgresImporter(feed: EntityGenPostgresDatabase.tickets, client: client)
            let first = try await importer.importPage(Array(Self.page.utf8))
            #expect(first.entities["Resolution"] == .init(inserted: 1))
            let before = try await Self.resolutions(client)
            let second = try await importer.importPage(Array(Self.page.utf8))
            for (entity, counts) in second.entities {
                #expect(counts.inserted == 0 && counts.updated == 0 && counts.deleted == 0, "\(entity): \(counts)")
            }
            #expect(second.entities["Ticket"] == .init(unchanged: 2))
            #expect(try await Self.resolutions(client) == before)

            let changed = Self.page.replacingOccurrences(of: "in 2.1", with: "in 2.2")
            let third = try await importer.importPage(Array(changed.utf8))
            #expect(third.entities["Resolution"] == .init(updated: 1))
            #expect(third.entities["Ticket"] == .init(unchanged: 2))
            #expect(
                try await Self.resolutions(client)
                    == before.map { $0.replacingOccurrences(of: "in 2.1", with: "in 2.2") })
        }
    }
}
