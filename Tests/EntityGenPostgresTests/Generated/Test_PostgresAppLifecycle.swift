import EntityGenPostgres
import Foundation
import PostgresNIO
import Testing

/// The server app's lifecycle across an update on PostgreSQL (issue 43), over the recorded PostgreSQL
/// history of the test schemas: for every recorded migration, a database that version created (the
/// generated migrations up to it) holding the rows today's importer writes (imported into a fresh
/// database, copied into the tables and columns that version had through `json_populate_recordset`),
/// then today's migrator updates it, the pages are imported (bringing back what the old tables could not
/// hold), imported again (all unchanged), and every table holds what a fresh install holds.
@Suite struct Test_PostgresAppLifecycle {
    /// Every feed's pages, imported in this order.
    static func importEverything(_ client: PostgresClient) async throws -> ImportReport {
        var report = ImportReport()
        let specs = try Test_GeneratedPods.podspecs()
        let pods = PostgresImporter(feed: EntityGenPostgresDatabase.podSpecs, client: client)
        for start in stride(from: 0, to: specs.count, by: 40) {
            report.merge(
                try await pods.importPage(Test_GeneratedPods.page(specs[start..<min(start + 40, specs.count)])))
        }
        report.merge(
            try await PostgresImporter(feed: EntityGenPostgresDatabase.groupList, client: client).importPage(
                Array(Test_GeneratedRemind.groups.utf8)))
        report.merge(
            try await PostgresImporter(feed: EntityGenPostgresDatabase.products, client: client).importPage(
                Array(SeedPages.catalogProducts.utf8)))
        report.merge(
            try await PostgresImporter(feed: EntityGenPostgresDatabase.tickets, client: client).importPage(
                Array(Test_GeneratedTracker.page.utf8)))
        report.merge(
            try await PostgresImporter(feed: EntityGenPostgresDatabase.authorList, client: client).importPage(
                Array(#"[{"id": 1, "name": "Le Guin"}]"#.utf8)))
        report.merge(
            try await PostgresImporter(feed: EntityGenPostgresDatabase.bookList, client: client).importPage(
                Array(#"[{"isbn": "a", "title": "A", "author_id": 1}]"#.utf8)))
        return report
    }

    /// The entity and link tables (not the migrations' record).
    static func tables(_ client: PostgresClient) async throws -> [String] {
        var names: [String] = []
        let query: PostgresQuery =
            "SELECT tablename::text FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'entitygen_migrations' ORDER BY 1"
        for try await name in try await client.query(query).decode(String.self) { names.append(name) }
        return names
    }

    /// Every row of a table as JSON text, sorted, without the hidden `_id` of owned rows (which may differ
    /// between two databases filled the same way) and the keys that hold one.
    static func rows(_ table: String, _ client: PostgresClient) async throws -> [String] {
        var rows: [String] = []
        let query = PostgresQuery(
            unsafeSQL:
                "SELECT (to_jsonb(t) - '_id' - 'target' - 'owner' - 'resolution' - 'model2')::text FROM \"\(table)\" AS t"
        )
        for try await row in try await client.query(query).decode(String.self) { rows.append(row) }
        return rows.sorted()
    }

    /// Each table's rows as one JSON array (to copy into another database).
    static func dump(_ client: PostgresClient) async throws -> [String: String] {
        var dump: [String: String] = [:]
        for table in try await tables(client) {
            let query = PostgresQuery(
                unsafeSQL: "SELECT coalesce(json_agg(t), '[]')::text FROM \"\(table)\" AS t")
            for try await json in try await client.query(query).decode(String.self) { dump[table] = json }
        }
        return dump
    }

    @Test func anUpdateFromEveryRecordedVersionMigratesKeepsRowsAndReimportsUnchanged() async throws {
        let migrations = EntityGenPostgresDatabase.migrations
        #expect(migrations.count >= 6)
        try await PostgresTestServer.withDatabase { reference in
            try await EntityGenPostgresDatabase.migrator.migrate(reference)
            _ = try await Self.importEverything(reference)
            let dump = try await Self.dump(reference)
            var fresh: [String: [String]] = [:]
            for table in try await Self.tables(reference) { fresh[table] = try await Self.rows(table, reference) }

            for version in 1...migrations.count {
                try await PostgresTestServer.withDatabase { client in
                    // The version whose last migration is `version`: its tables, filled with today's rows
                    // where its tables and columns have them (foreign keys checked once all are in).
                    try await PostgresMigrator(Array(migrations.prefix(version))).migrate(client)
                    let old = try await Self.tables(client)
                    try await client.withTransaction(logger: Logger(label: "lifecycle")) { connection in
                        try await connection.query("SET CONSTRAINTS ALL DEFERRED", logger: Logger(label: "lifecycle"))
                        try await connection.query(
                            "SET LOCAL session_replication_role = replica", logger: Logger(label: "lifecycle"))
                        for table in old {
                            guard let rows = dump[table] else { continue }
                            try await connection.query(
                                PostgresQuery(
                                    unsafeSQL:
                                        "INSERT INTO \"\(table)\" SELECT * FROM json_populate_recordset(NULL::\"\(table)\", \(SQLText.literal(rows)))"
                                ), logger: Logger(label: "lifecycle"))
                        }
                    }
                    let kept = try await Self.tables(client)
                    var before: [String: Int] = [:]
                    for table in kept { before[table] = try await Self.rows(table, client).count }
                    // Not vacuous: every version's file holds rows of its own tables.
                    #expect(before.values.reduce(0, +) > 0, "v\(version): \(before)")

                    // The new version starts: migrated, nothing lost.
                    try await EntityGenPostgresDatabase.migrator.migrate(client)
                    for table in kept where fresh[table] != nil {
                        #expect(try await Self.rows(table, client).count == before[table], "v\(version): \(table)")
                    }
                    // The first import after the update, then the same pages again: all unchanged.
                    _ = try await Self.importEverything(client)
                    let again = try await Self.importEverything(client)
                    for (entity, counts) in again.entities {
                        #expect(
                            counts.inserted == 0 && counts.updated == 0 && counts.deleted == 0,
                            "v\(version): \(entity) \(counts)")
                    }
                    for (table, rows) in fresh {
                        #expect(try await Self.rows(table, client) == rows, "v\(version): \(table)")
                    }
                }
            }
        }
    }
}

/// SQL text for the harness.
enum SQLText {
    /// A string literal: `'text'`, inner quotes doubled.
    static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
