import EntityGenPostgres
import EntityGenRuntime
import Foundation
import PostgresNIO
import Testing

/// The importer and the migrator behind PgBouncer in transaction pooling mode (what the pooled endpoints
/// of Neon and Supabase run): consecutive transactions of one client connection may run in different
/// server sessions, and session state (temporary tables, prepared statements) does not carry over.
@Suite struct Test_PostgresPooler {
    static func gadgets(_ ids: Range<Int>, name: String) -> [UInt8] {
        Array("[\(ids.map { #"{"id": \#($0), "name": "\#(name)"}"# }.joined(separator: ","))]".utf8)
    }

    @Test func pagesAndMigrationsWorkThroughThePooler() async throws {
        try await PostgresTestServer.withPooledDatabase { direct, pooled in
            let applied = try await EntityGenPostgresDatabase.migrator.migrate(pooled)
            #expect(applied == EntityGenPostgresDatabase.migrations.map(\.name))
            #expect(try await PostgresMigrator.appliedMigrations(direct) == applied)
            #expect(try await EntityGenPostgresDatabase.migrator.migrate(pooled).isEmpty)

            try await Test_PostgresImporter.createTable(direct)
            let importer = PostgresImporter(feed: Feed<Gadget>(name: "Gadgets"), client: pooled)
            // A small page, then a large one mapped while it is written (several transactions' worth of
            // statements, staging tables created in each).
            #expect(try await importer.importPage(Self.gadgets(0..<10, name: "a")).entities["Gadget"]?.inserted == 10)
            let large = try await importer.importPage(Self.gadgets(0..<20_000, name: "b"))
            #expect(large.entities["Gadget"] == .init(inserted: 19_990, updated: 10))
            let again = try await importer.importPage(Self.gadgets(0..<20_000, name: "b"))
            #expect(again.entities["Gadget"] == .init(unchanged: 20_000))

            // Eight importers at once through a pool of four server connections.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<8 {
                    group.addTask {
                        _ = try await importer.importPage(Self.gadgets(0..<500, name: "w\(writer)"))
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await Test_PostgresImporter.rows(direct).count == 20_000)
        }
    }

    /// A sync that deletes orphans keeps the identities it saved in temporary tables of its session.
    /// When another client takes that session between two of the sync's transactions, the sync fails
    /// before it writes its next page, with a message that names the pooling mode; nothing is deleted.
    @Test func aSyncThatDeletesOrphansFailsAtOnceWhenThePoolerMovesIt() async throws {
        try await PostgresTestServer.withPooledDatabase { direct, pooled in
            try await EntityGenPostgresDatabase.migrator.migrate(direct)
            let feed = Feed<Widget>(name: "Widgets", items: ["items"], deleteOrphans: true)
            let importer = PostgresImporter(feed: feed, client: pooled)
            let first = #"{"items": [{"serverId": "1", "serverType": "TextWidget", "title": "t"}]}"#
            let second = #"{"items": [{"serverId": "2", "serverType": "TextWidget", "title": "u"}]}"#
            // Undisturbed, the pooler hands the sync's transactions the session it used last.
            let quiet = try await importer.sync(pages: Test_GeneratedPodsSync.pages([first]))
            #expect(quiet.entities["TextWidget"]?.inserted == 1)

            // Another client of the pooler holds a transaction open on the session the sync created its
            // tables in, from before the sync's first page until after the sync ended.
            let other = try PostgresTestServer.pooler.get()
            let error = try await PostgresTestServer.withClient(
                host: other.host, port: other.port, database: try await Self.database(direct)
            ) { intruder in
                try await intruder.withConnection { connection in
                    // The intruder takes the session when the sync asks for its first page (after it
                    // created its tables).
                    let pages = OnePage(page: Data(second.utf8)) {
                        try await connection.query("BEGIN", logger: Test_PostgresFaults.logger)
                        try await connection.query("SELECT 1", logger: Test_PostgresFaults.logger)
                    }
                    defer { Task { _ = try? await connection.query("ROLLBACK", logger: Test_PostgresFaults.logger) } }
                    return await #expect(throws: ImportError.self) { try await importer.sync(pages: pages) }
                }
            }
            let message = error.map { "\($0)" } ?? ""
            #expect(message.contains("pooler in transaction mode"), "\(message)")
            // The second page was not written, and the first page's widget was not deleted as an orphan.
            #expect(try await Test_GeneratedPods.count(#"SELECT count(*) FROM "textWidget""#, direct) == 1)
        }
    }

    static func database(_ client: PostgresClient) async throws -> String {
        for try await name in try await client.query("SELECT current_database()").decode(String.self) { return name }
        return ""
    }
}

/// One page, delivered after `before` ran (when the sync asks for it).
struct OnePage: AsyncSequence, Sendable {
    let page: Data
    let before: @Sendable () async throws -> Void

    struct AsyncIterator: AsyncIteratorProtocol {
        let sequence: OnePage
        var served = false

        mutating func next() async throws -> Data? {
            guard !served else { return nil }
            served = true
            try await sequence.before()
            return sequence.page
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(sequence: self) }
}
