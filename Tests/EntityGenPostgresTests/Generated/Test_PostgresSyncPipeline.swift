import EntityGenPostgres
import EntityGenRuntime
import Foundation
import PostgresNIO
import Testing

/// A PostgreSQL sync maps and encodes the next page while the server writes the one before it, with the
/// page-by-page loop's promises: pages in order, each whole in its own transaction, the same figures,
/// and after a page that cannot be mapped, every page before it committed whole.
@Suite struct Test_PostgresSyncPipeline {
    /// The served pages in order.
    static func pages(pageSize: Int) throws -> [Data] {
        let served = try Test_GeneratedPodsSync.served(pageSize: pageSize)
        return (0..<served.count).compactMap { served.pages["/specs?page=\($0)"] }
    }

    @Test func theNextPageIsMappedWhileTheServerWritesOne() async throws {
        let pages = try Self.pages(pageSize: 10).prefix(4)
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            let log = EventLog()
            let report = try await PostgresImporter(feed: EntityGenPostgresDatabase.podSpecs, client: client).sync(
                pages: LoggedPages(pages: Array(pages), log: log)
            ) { progress in log.append("committed \(progress.pagesCommitted)") }
            #expect(log.events == EventLog.pipelined(pages: 4))
            #expect(report.pages == 4)
            // The same figures as the pages imported one after the other into another database.
            let expected = try await PostgresTestServer.withDatabase { other in
                try await EntityGenPostgresDatabase.migrator.migrate(other)
                var total = ImportReport()
                let importer = PostgresImporter(feed: EntityGenPostgresDatabase.podSpecs, client: other)
                for page in pages { total.merge(try await importer.importPage(page)) }
                #expect(try await Test_GeneratedPodsSync.storedPods(other) == Test_GeneratedPodsSync.storedPods(client))
                return total
            }
            #expect(report.entities == expected.entities)
        }
    }

    @Test func aPageThatCannotBeMappedLeavesThePagesBeforeItWhole() async throws {
        let pages = try Self.pages(pageSize: 10).prefix(3) + [Data(#"{"number_of_pages": 4, "result": ["#.utf8)]
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            await #expect(throws: ImportError.self) {
                try await PostgresImporter(feed: EntityGenPostgresDatabase.podSpecs, client: client).sync(
                    pages: LoggedPages(pages: Array(pages), log: EventLog()))
            }
            let stored = try await Test_GeneratedPodsSync.storedPods(client)
            let expected = try await PostgresTestServer.withDatabase { other in
                try await EntityGenPostgresDatabase.migrator.migrate(other)
                let importer = PostgresImporter(feed: EntityGenPostgresDatabase.podSpecs, client: other)
                for page in pages.prefix(3) { try await importer.importPage(page) }
                return try await Test_GeneratedPodsSync.storedPods(other)
            }
            #expect(stored == expected)
            #expect(stored.count > 20)
        }
    }
}
