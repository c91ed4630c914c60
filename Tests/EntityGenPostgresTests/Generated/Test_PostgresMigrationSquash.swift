@testable import _EntityGenCore
import EntityGenPostgres
import Foundation
import PostgresNIO
import Testing

/// `entitygen migrations squash` on PostgreSQL, on a real server: a database released at the first
/// migration ends, through the folded one, with the same columns and rows as through the migrations it
/// replaced (a table renamed, then a column renamed in it, then a type changed with its values
/// discarded and a column added), and a database that ran a folded migration is refused.
@Suite struct Test_PostgresMigrationSquash {
    static let schemas = [
        "entities:\n  Pod:\n    identifiedBy: name\n    attributes:\n      name: String\n      summary: String?\n      downloads: Int\n",
        "entities:\n  Package:\n    renamedFrom: Pod\n    identifiedBy: name\n    attributes:\n      name: String\n      summary: String?\n      downloads: Int\n",
        "entities:\n  Package:\n    identifiedBy: name\n    attributes:\n      name: String\n      abstract: {type: String?, renamedFrom: summary}\n      downloads: Int\n",
        "entities:\n  Package:\n    identifiedBy: name\n    discardStoredData: [downloads]\n    attributes:\n      name: String\n      abstract: String?\n      downloads: String?\n      stars: {type: Int, default: 0}\n",
    ]

    /// The history each schema in turn records, from none.
    static func recordedHistory() throws -> MigrationHistory {
        var history: MigrationHistory?
        for schema in schemas {
            let recorded: MigrationHistory = try #require(
                Test_PostgresEvolution.plan(schema, history: history).migrations(for: .postgres).updatedHistory)
            history = recorded
        }
        return try #require(history)
    }

    static func contents(_ client: PostgresClient) async throws -> [[String?]] {
        let columns = try await Test_PostgresEvolution.rows(
            client,
            "SELECT column_name::text, data_type::text, is_nullable::text, column_default::text FROM information_schema.columns WHERE table_name = 'package' ORDER BY column_name"
        )
        let rows = try await Test_PostgresEvolution.rows(
            client, #"SELECT "name", "abstract", "downloads", "stars"::text FROM "package" ORDER BY "name""#)
        return columns + [["--"]] + rows
    }

    @Test func aReleasedDatabaseEndsAsThroughTheLongHistory() async throws {
        let history = try Self.recordedHistory()
        #expect(history.migrations.count == 4)
        let (squashed, folded) = try history.squashed(from: "entitygen-v2", for: .postgres)
        #expect(folded == ["entitygen-v2", "entitygen-v3", "entitygen-v4"])
        #expect(squashed.migrations[1].tableRenames == [.init(from: "pod", to: "package")])
        #expect(squashed.migrations[1].renames == [.init(table: "package", from: "summary", to: "abstract")])
        let last = try #require(Self.schemas.last)
        let long = Test_PostgresEvolution.migrator(try Test_PostgresEvolution.plan(last, history: history))
        let short = Test_PostgresEvolution.migrator(try Test_PostgresEvolution.plan(last, history: squashed))
        let first = PostgresMigrator(Array(long.migrations.prefix(1)))
        #expect(first.migrations.first?.fingerprint == short.migrations.first?.fingerprint)

        func released(_ client: PostgresClient) async throws {
            try await first.migrate(client)
            try await client.query(
                #"INSERT INTO "pod" ("name", "summary", "downloads") VALUES ('Alamofire', 'HTTP', 42), ('Yams', NULL, 7)"#
            )
        }
        let throughLong = try await PostgresTestServer.withDatabase { client in
            try await released(client)
            #expect(try await long.migrate(client) == ["entitygen-v2", "entitygen-v3", "entitygen-v4"])
            return try await Self.contents(client)
        }
        let throughShort = try await PostgresTestServer.withDatabase { client in
            try await released(client)
            #expect(try await short.migrate(client) == ["entitygen-v2"])
            return try await Self.contents(client)
        }
        #expect(throughShort == throughLong)
        #expect(throughShort.suffix(2) == [["Alamofire", "HTTP", nil, "0"], ["Yams", nil, nil, "0"]])
    }

    @Test func aDatabaseThatRanAFoldedMigrationIsRefused() async throws {
        let history = try Self.recordedHistory()
        let last = try #require(Self.schemas.last)
        let long = Test_PostgresEvolution.migrator(try Test_PostgresEvolution.plan(last, history: history))
        let short = Test_PostgresEvolution.migrator(
            try Test_PostgresEvolution.plan(
                last, history: try history.squashed(from: "entitygen-v2", for: .postgres).history))
        for ran in [2, 3] {
            try await PostgresTestServer.withDatabase { client in
                try await PostgresMigrator(Array(long.migrations.prefix(ran))).migrate(client)
                let before = try await Test_PostgresEvolution.rows(
                    client,
                    "SELECT table_name::text, column_name::text, data_type::text, NULL::text FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1, 2"
                )
                await #expect(throws: PostgresMigrator.MigrationError.self) { try await short.migrate(client) }
                let after = try await Test_PostgresEvolution.rows(
                    client,
                    "SELECT table_name::text, column_name::text, data_type::text, NULL::text FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1, 2"
                )
                #expect(after == before, "ran through v\(ran): nothing was written")
            }
        }
    }
}
