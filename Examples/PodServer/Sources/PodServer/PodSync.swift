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

    /// The sync running or last run; a new one starts after it (syncs never overlap).
    private var current: Task<String, Never>?

    /// Syncs every page of the upstream feed (pods it no longer lists are deleted), after any sync still
    /// running; returns the report's text, or the error's.
    func sync() async -> String {
        let previous = current
        let next = Task {
            _ = await previous?.value
            return await self.syncNow()
        }
        current = next
        return await next.value
    }

    /// One sync, page by page: each committed page's change set is logged as it comes (which pods it
    /// inserted, updated and deleted), as an app would refresh a cache for exactly those rows.
    private func syncNow() async -> String {
        do {
            try await migrate()
            let importer = PostgresImporter(
                feed: EntityGenPostgresDatabase.podSpecs, client: client, logger: logger, reportsChanges: true)
            var report = ImportReport()
            for try await page in importer.syncReports(from: upstream, session: .shared) {
                report.merge(page)
                if let pods = page.changes["Pod"] {
                    logger.info(
                        "changes: Pod +\(pods.inserted.count) ~\(pods.updated.count) -\(pods.deleted.count) (\(Self.describe(pods)))"
                    )
                }
            }
            last = report.description
            logger.info("synced: \(report.description.replacingOccurrences(of: "\n", with: "; "))")
        } catch {
            last = "sync failed: \(error)"
            logger.error("\(last)")
        }
        return last
    }

    /// `Pod1 1.1.0, Pod2 1.2.0, ...`: the changed pods' identities.
    private static func describe(_ changes: ChangeSet) -> String {
        (changes.inserted + changes.updated + changes.deleted).map { identity in
            "\(identity.value("name", as: String.self) ?? "?") \(identity.value("version", as: String.self) ?? "?")"
        }.joined(separator: ", ")
    }
}
