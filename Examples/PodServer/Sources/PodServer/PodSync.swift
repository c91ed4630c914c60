import EntityGenPostgres
import Foundation
import Logging
import PostgresNIO

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Migrates the database and syncs the upstream feed into it, one sync at a time.
actor PodSync {
    let client: PostgresClient
    let upstream: URL
    let logger: Logger
    /// The migration, started once; later callers wait for it (and a failed one is tried again).
    private var migration: Task<Void, any Error>?
    /// The last sync's outcome, for `GET /health`.
    private(set) var last: String = "no sync yet"

    init(client: PostgresClient, upstream: URL, logger: Logger) {
        self.client = client
        self.upstream = upstream
        self.logger = logger
    }

    /// Runs the generated migrations once per process.
    func migrate() async throws {
        if migration == nil {
            let (client, logger) = (client, logger)
            migration = Task {
                try await EntityGenPostgresDatabase.migrator.migrate(client)
                logger.info("migrated")
            }
        }
        do {
            try await migration?.value
        } catch {
            migration = nil
            throw error
        }
    }

    /// Syncs every page of the upstream feed (pods it no longer lists are deleted); returns the report's
    /// text, or the error's.
    func sync() async -> String {
        do {
            try await migrate()
            let importer = PostgresImporter(feed: EntityGenPostgresDatabase.podSpecs, client: client, logger: logger)
            let report = try await importer.sync(from: upstream, session: .shared)
            last = report.description
            logger.info("synced: \(report.description.replacingOccurrences(of: "\n", with: "; "))")
        } catch {
            last = "sync failed: \(error)"
            logger.error("\(last)")
        }
        return last
    }
}
