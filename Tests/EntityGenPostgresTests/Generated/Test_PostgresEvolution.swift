@testable import _EntityGenCore
import EntityGenPostgres
import Foundation
import PostgresNIO
import Testing

/// Schema evolution on PostgreSQL: schemas a user writes, one after the other, planned against the
/// recorded PostgreSQL history, and the statements the generated `EntityGenPostgresDatabase.migrations`
/// would hold (``PostgresMigrationRenderer``) run on the server by ``PostgresMigrator``: renames keep
/// values, new optional columns arrive empty, discarded values are dropped, and nothing else changes.
@Suite struct Test_PostgresEvolution {
    /// Validates a schema for the postgres backend against a history; the plan, which must have no errors.
    static func plan(_ schema: String, history: MigrationHistory?) throws -> GenerationPlan {
        let result = GeneratorPipeline.validate(
            schemas: [SourceFile(path: "S.yaml", text: schema)],
            config: SourceFile(
                path: "entitygen-config.yaml", text: "outputs: [models, mappers, persistence]\nbackends: [postgres]\n"),
            migrationHistories: history.map {
                [.postgres: SourceFile(path: StorageBackendKind.postgres.historyFileName, text: $0.encoded())]
            } ?? [:])
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics)")
        return try #require(result.plan)
    }

    /// The migrator the generated code would build from a plan.
    static func migrator(_ plan: GenerationPlan) -> PostgresMigrator {
        PostgresMigrator(
            plan.migrations(for: .postgres).migrations.map {
                PostgresMigration(
                    name: $0.name, fingerprint: PostgresMigrationFingerprint.of($0),
                    statements: PostgresMigrationRenderer().statements($0))
            })
    }

    /// A pending migration that ran on a development database and changed since is refused before
    /// anything runs, as SQLite's `ChangedPendingMigrationError` is (issue 43, item 5); before, `migrate`
    /// did nothing and the next import failed on a missing column of the staging table.
    @Test func aChangedPendingMigrationIsRefusedBeforeAnythingRuns() async throws {
        let first = try Self.plan(
            "entities:\n  Issue:\n    identifiedBy: id\n    attributes:\n      id: Int\n      title: String\n",
            history: nil)
        let edited = try Self.plan(
            "entities:\n  Issue:\n    identifiedBy: id\n    attributes:\n      id: Int\n      title: String\n      watchCount: Int?\n",
            history: nil)
        try await PostgresTestServer.withDatabase { client in
            #expect(try await Self.migrator(first).migrate(client) == ["entitygen-v1"])
            do {
                try await Self.migrator(edited).migrate(client)
                Issue.record("a changed pending migration was accepted")
            } catch let error as PostgresMigrator.MigrationError {
                #expect(error.migration == "entitygen-v1")
                #expect(error.description.contains("has changed since"), "\(error)")
            }
            let columns = try await Self.rows(
                client,
                "SELECT column_name::text, NULL::text, NULL::text, NULL::text FROM information_schema.columns WHERE table_name = 'issue' ORDER BY column_name"
            ).map { $0[0] }
            #expect(columns == ["id", "title"])
            // The unchanged migration still opens the database.
            #expect(try await Self.migrator(first).migrate(client) == [])
        }
    }

    /// The target of a required to-one relationship cannot be deleted while rows point at it; an
    /// optional one is cleared (issue 43, item 4), as on SQLite.
    @Test func aRequiredRelationshipsTargetIsKeptAndAnOptionalOneCleared() async throws {
        let plan = try Self.plan(
            """
            entities:
              Member:
                identifiedBy: id
                attributes: {id: Int}
              Ticket:
                identifiedBy: id
                attributes: {id: Int}
                relationships:
                  reporter: Member
                  assignee: Member?
            """, history: nil)
        try await PostgresTestServer.withDatabase { client in
            try await Self.migrator(plan).migrate(client)
            try await client.query(#"INSERT INTO "member" ("id") VALUES (1), (2)"#)
            try await client.query(#"INSERT INTO "ticket" ("id", "reporterId", "assigneeId") VALUES (7, 1, 2)"#)
            await #expect(throws: (any Error).self) { try await client.query(#"DELETE FROM "member" WHERE "id" = 1"#) }
            try await client.query(#"DELETE FROM "member" WHERE "id" = 2"#)
            #expect(
                try await Self.rows(client, #"SELECT "reporterId"::text, "assigneeId"::text, NULL, NULL FROM "ticket""#)
                    == [["1", nil, nil, nil]])
        }
    }

    /// A database migrated before fingerprints were remembered (no `fingerprint` column) gets them, and
    /// from then on a changed migration is refused.
    @Test func aDatabaseFromBeforeFingerprintsRemembersThem() async throws {
        let first = try Self.plan(
            "entities:\n  Issue:\n    identifiedBy: id\n    attributes:\n      id: Int\n", history: nil)
        let edited = try Self.plan(
            "entities:\n  Issue:\n    identifiedBy: id\n    attributes:\n      id: Int\n      title: String?\n",
            history: nil)
        try await PostgresTestServer.withDatabase { client in
            try await client.query(
                #"CREATE TABLE "entitygen_migrations" ("name" text PRIMARY KEY, "appliedAt" timestamptz NOT NULL DEFAULT now())"#
            )
            for statement in PostgresMigrationRenderer().statements(first.migrations(for: .postgres).migrations[0]) {
                try await client.query(PostgresQuery(unsafeSQL: statement))
            }
            try await client.query(#"INSERT INTO "entitygen_migrations" ("name") VALUES ('entitygen-v1')"#)
            #expect(try await Self.migrator(first).migrate(client) == [])
            let remembered = try await Self.rows(
                client, #"SELECT "name", "fingerprint", NULL::text, NULL::text FROM "entitygen_migrations""#)
            #expect(
                remembered.map { Array($0.prefix(2)) } == [
                    ["entitygen-v1", PostgresMigrationFingerprint.of(first.migrations(for: .postgres).migrations[0])]
                ])
            await #expect(throws: PostgresMigrator.MigrationError.self) {
                try await Self.migrator(edited).migrate(client)
            }
        }
    }

    static func rows(_ client: PostgresClient, _ sql: String) async throws -> [[String?]] {
        var rows: [[String?]] = []
        for try await (a, b, c, d) in try await client.query(PostgresQuery(unsafeSQL: sql)).decode(
            (String?, String?, String?, String?).self)
        {
            rows.append([a, b, c, d])
        }
        return rows
    }

    @Test func renamesNewColumnsDiscardsAndNewForeignKeysMigrateInPlaceKeepingRows() async throws {
        let first = try Self.plan(
            """
            entities:
              Pod:
                identifiedBy: name
                attributes:
                  name: String
                  summary: String?
                  downloads: Int
                  legacy: String?
              Author:
                identifiedBy: login
                attributes: {login: String}
            """, history: nil)
        let second = try Self.plan(
            """
            entities:
              Package:
                renamedFrom: Pod
                identifiedBy: name
                discardStoredData: [downloads, legacy]
                attributes:
                  name: String
                  abstract: {type: String?, renamedFrom: summary}
                  downloads: String?
                  rating: Double?
                  stars: {type: Int, default: 0}
                relationships:
                  author: {to: Author?, deleteRule: nullify}
              Author:
                identifiedBy: login
                attributes: {login: String}
            """, history: first.migrations(for: .postgres).updatedHistory)
        try await PostgresTestServer.withDatabase { client in
            try await Self.migrator(first).migrate(client)
            try await client.query(
                #"INSERT INTO "pod" ("name", "summary", "downloads", "legacy") VALUES ('Alamofire', 'HTTP', 42, 'x'), ('Yams', NULL, 7, NULL)"#
            )
            try await client.query(#"INSERT INTO "author" ("login") VALUES ('mattt')"#)
            #expect(try await Self.migrator(second).migrate(client) == ["entitygen-v2"])

            #expect(
                try await Self.rows(
                    client,
                    #"SELECT "name", "abstract", "downloads", "stars"::text FROM "package" ORDER BY "name""#)
                    == [["Alamofire", "HTTP", nil, "0"], ["Yams", nil, nil, "0"]])
            let columns = try await Self.rows(
                client,
                "SELECT column_name::text, data_type::text, is_nullable::text, NULL::text FROM information_schema.columns WHERE table_name = 'package' ORDER BY column_name"
            ).map { Array($0.prefix(3)) }
            #expect(
                columns == [
                    ["abstract", "text", "YES"], ["authorLogin", "text", "YES"], ["downloads", "text", "YES"],
                    ["name", "text", "NO"], ["rating", "double precision", "YES"], ["stars", "bigint", "NO"],
                ])
            // The new foreign key holds: a package names its author, and deleting the author nullifies it.
            try await client.query(#"UPDATE "package" SET "authorLogin" = 'mattt' WHERE "name" = 'Alamofire'"#)
            try await client.query(#"DELETE FROM "author" WHERE "login" = 'mattt'"#)
            #expect(
                try await Self.rows(
                    client, #"SELECT "authorLogin", NULL, NULL, NULL FROM "package" WHERE "name" = 'Alamofire'"#)
                    == [[nil, nil, nil, nil]])
            // The key is deferred: checked at COMMIT, so the violation is the commit's error.
            var refused = false
            let logger = Logger(label: "test")
            do {
                try await client.withTransaction(logger: logger) { connection in
                    _ = try await connection.query(#"UPDATE "package" SET "authorLogin" = 'nobody'"#, logger: logger)
                }
            } catch let error as PostgresTransactionError {
                refused = (error.commitError as? PSQLError)?.serverInfo?[.sqlState] == "23503"  // foreign_key_violation
            }
            #expect(refused)
        }
    }

    /// Defaults of types PostgreSQL stores in their own column types fill the rows stored before the
    /// column was added with the value the runtime binds for the same default.
    @Test func newColumnsWithUUIDDateAndDataDefaultsFillTheStoredRows() async throws {
        let pod = "entities:\n  Pod:\n    identifiedBy: name\n    attributes:\n      name: String\n"
        let first = try Self.plan(pod, history: nil)
        let second = try Self.plan(
            pod + """
                      token: {type: UUID, default: e621e1f8-c36c-495a-93fc-0c247a3e6e5f}
                      since: {type: Date, default: "2020-02-29T23:59:59.9995+01:00"}
                      seal: {type: Data, default: 3q2+7w==}

                """, history: first.migrations(for: .postgres).updatedHistory)
        try await PostgresTestServer.withDatabase { client in
            try await Self.migrator(first).migrate(client)
            try await client.query(#"INSERT INTO "pod" ("name") VALUES ('Yams')"#)
            #expect(try await Self.migrator(second).migrate(client) == ["entitygen-v2"])
            var found: [(UUID, Date, String)] = []
            let query: PostgresQuery = #"SELECT "token", "since", encode("seal", 'hex') FROM "pod""#
            for try await row in try await client.query(query).decode((UUID, Date, String).self) {
                found.append(row)
            }
            #expect(found.count == 1)
            #expect(found.first?.0 == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
            // 2020-02-29T22:59:59.9995Z: to the microsecond, as the importer stores the default it maps.
            #expect(abs((found.first?.1.timeIntervalSince1970 ?? 0) - 1_583_017_199.9995) < 0.000_001)
            #expect(found.first?.2 == "deadbeef")
        }
    }

    @Test func anUnmigratableChangeIsRefusedAtItsDeclarationAsOnSQLite() throws {
        let first = try Self.plan(
            "entities:\n  Pod:\n    identifiedBy: name\n    attributes:\n      name: String\n", history: nil)
        let history = try #require(first.migrations(for: .postgres).updatedHistory)
        let result = GeneratorPipeline.validate(
            schemas: [
                SourceFile(
                    path: "S.yaml",
                    text:
                        "entities:\n  Pod:\n    identifiedBy: name\n    attributes:\n      name: String\n      downloads: Int\n"
                )
            ],
            config: SourceFile(
                path: "entitygen-config.yaml", text: "outputs: [models, mappers, persistence]\nbackends: [postgres]\n"),
            migrationHistories: [
                .postgres: SourceFile(path: StorageBackendKind.postgres.historyFileName, text: history.encoded())
            ])
        #expect(
            result.diagnostics.map(\.description) == [
                "S.yaml:6:7: error: since migration 'entitygen-v1', new required column 'pod.downloads' has no default for the rows already stored; make it optional or give it a default [unmigratable-change]"
            ])
    }
}
