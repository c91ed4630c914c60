import EntityGenPostgres
import Foundation
import PostgresNIO
import Testing

/// Seed 002 (Remind groups with embedded avatars) end to end on PostgreSQL, through the code the build
/// plugin generates from `Schemas/Remind.yaml` with `backends: [postgres]`: the generated migrations
/// create the tables, the generated feeds and conformances import, and rows are read back with plain SQL
/// as a server app would.
@Suite struct Test_GeneratedRemind {
    /// The page Remind's `GET groups` returned (the consumer tests' `remind-groups.json`).
    static let groups = """
        [
          {"id": 7, "name": "Biology 101", "class_name": "BIO-101", "avatar": {"id": 123, "file_url": "some_url.png"}},
          {"id": 8, "name": "Chemistry", "avatar": null}
        ]
        """

    /// Each stored group: name, class name and avatar id (`NULL` as nil).
    static func groupRows(_ client: PostgresClient) async throws -> [Int64: [String?]] {
        var rows: [Int64: [String?]] = [:]
        let query = PostgresQuery(
            unsafeSQL: #"SELECT "remoteId", "name", "className", "avatarRemoteId"::text FROM "group""#)
        for try await (id, name, className, avatar) in try await client.query(query).decode(
            (Int64, String, String?, String?).self)
        {
            rows[id] = [name, className, avatar]
        }
        return rows
    }

    @Test func generatedMigrationsCreateTheTablesOnceEvenWhenInstancesStartTogether() async throws {
        try await PostgresTestServer.withDatabase { client in
            #expect(try await PostgresMigrator.appliedMigrations(client) == [])
            let applied = try await withThrowingTaskGroup(of: [String].self) { group in
                for _ in 0..<4 { group.addTask { try await EntityGenPostgresDatabase.migrator.migrate(client) } }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            // Each generated migration (the recorded history: Remind; Widgets and Library; Pods; MyModel;
            // Catalog; Tracker) once, by whichever instance held the lock, and in order in the database.
            let generated = EntityGenPostgresDatabase.migrations.map(\.name)
            #expect(generated.count == 6)
            #expect(applied.count == generated.count && Set(applied) == Set(generated))
            #expect(try await PostgresMigrator.appliedMigrations(client) == generated)
            #expect(try await EntityGenPostgresDatabase.migrator.migrate(client) == [])
            // The reserved word `group` (lint warns) is a usable table, quoted.
            let count = try await client.query(#"SELECT count(*) FROM "group""#).decode(Int64.self)
            for try await rows in count { #expect(rows == 0) }
        }
    }

    @Test func aDatabaseMigratedByANewerAppIsRefusedBeforeAnythingRuns() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            try await client.query(#"INSERT INTO "entitygen_migrations" ("name") VALUES ('entitygen-v9')"#)
            let longer = PostgresMigrator(
                EntityGenPostgresDatabase.migrations + [
                    PostgresMigration(name: "entitygen-next", statements: [#"CREATE TABLE "never" ("id" bigint)"#])
                ])
            await #expect(throws: PostgresMigrator.MigrationError.self) { try await longer.migrate(client) }
            let never = try await client.query("SELECT to_regclass('never') IS NULL").decode(Bool.self)
            for try await missing in never { #expect(missing) }
        }
    }

    @Test func aFailingStatementRollsItsMigrationBackAndSaysWhich() async throws {
        try await PostgresTestServer.withDatabase { client in
            let broken = PostgresMigrator(
                EntityGenPostgresDatabase.migrations + [
                    PostgresMigration(
                        name: "entitygen-next",
                        statements: [#"CREATE TABLE "half" ("id" bigint)"#, #"ALTER TABLE "nope" ADD COLUMN "x" text"#])
                ])
            do {
                try await broken.migrate(client)
                Issue.record("the migration should fail")
            } catch let error as PostgresMigrator.MigrationError {
                #expect(error.migration == "entitygen-next")
                #expect(error.description.contains(#"relation "nope" does not exist"#), "\(error)")
            }
            // The generated migrations committed, the broken one left nothing behind.
            #expect(
                try await PostgresMigrator.appliedMigrations(client) == EntityGenPostgresDatabase.migrations.map(\.name)
            )
            let half = try await client.query("SELECT to_regclass('half') IS NULL").decode(Bool.self)
            for try await missing in half { #expect(missing) }
        }
    }

    @Test func groupsWithEmbeddedAvatarsImportReimportAndKeepWhatIsAbsent() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            let importer = PostgresImporter(feed: EntityGenPostgresDatabase.groupList, client: client)

            let first = try await importer.importPage(Array(Self.groups.utf8))
            #expect(first.entities["Group"] == .init(inserted: 2))
            #expect(first.entities["Avatar"] == .init(inserted: 1))
            #expect(
                try await Self.groupRows(client) == [
                    7: ["Biology 101", "BIO-101", "123"], 8: ["Chemistry", nil, nil],
                ])
            let avatars = try await client.query(#"SELECT "fileUrlString" FROM "avatar" WHERE "remoteId" = 123"#)
                .decode(String.self)
            for try await url in avatars { #expect(url == "some_url.png") }

            // The same page again changes nothing.
            let again = try await importer.importPage(Array(Self.groups.utf8))
            #expect(again.entities["Group"] == .init(unchanged: 2))

            // A partial group: `class_name` and `avatar` absent keep what is stored.
            let partial = try await importer.importPage(Array(#"[{"id": 7, "name": "Biology 102"}]"#.utf8))
            #expect(partial.entities["Group"] == .init(updated: 1))
            #expect(try await Self.groupRows(client)[7] == ["Biology 102", "BIO-101", "123"])

            // `avatar: null` unlinks it (the avatar row stays: deleteRule nullify).
            let unlinked = try await importer.importPage(
                Array(#"[{"id": 7, "name": "Biology 102", "avatar": null}]"#.utf8))
            #expect(unlinked.entities["Group"] == .init(updated: 1))
            #expect(try await Self.groupRows(client)[7] == ["Biology 102", "BIO-101", nil])
        }
    }

    @Test func deletingAnAvatarNullifiesTheGroupsThatEmbedIt() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            let importer = PostgresImporter(feed: EntityGenPostgresDatabase.groupList, client: client)
            try await importer.importPage(Array(Self.groups.utf8))
            try await client.query(#"DELETE FROM "avatar" WHERE "remoteId" = 123"#)
            #expect(try await Self.groupRows(client)[7] == ["Biology 101", "BIO-101", nil])
        }
    }

    @Test func avatarsImportThroughTheirOwnFeed() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            let importer = PostgresImporter(feed: EntityGenPostgresDatabase.avatarList, client: client)
            let report = try await importer.importPage(
                Array(#"[{"id": 1, "file_url": "a.png"}, {"id": 2, "file_url": "b.png"}, {"id": 3}]"#.utf8))
            #expect(report.entities["Avatar"] == .init(inserted: 2))
            #expect(report.skipped.map(\.path) == ["$[2].file_url"])
        }
    }
}
