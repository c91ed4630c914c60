import EntityGenRuntime
import PostgresNIO

/// Imports a feed's pages into PostgreSQL: each page mapped (no database needed), then written in one
/// transaction (all of it or nothing): per table, COPY into a staging table and one set-based upsert by
/// identification attributes, with the same report as the SQLite importer.
///
/// The client must be running (`client.run()` in a task, as postgres-nio requires). Several importers,
/// in one process or many, may write overlapping feeds into one database at once: rows are locked in
/// identity order, so they wait for each other instead of deadlocking, and each page's values win
/// whole.
public struct PostgresImporter<Entity: PostgresEntity>: Sendable {
    /// The feed.
    public let feed: Feed<Entity>
    /// Where rows go.
    public let client: PostgresClient
    /// Where postgres-nio logs.
    public let logger: Logger

    /// Creates an importer.
    public init(feed: Feed<Entity>, client: PostgresClient, logger: Logger = Logger(label: "EntityGenPostgres")) {
        self.feed = feed
        self.client = client
        self.logger = logger
    }

    /// Maps and writes one page; `page` names it in errors. A page that is not JSON or not the feed's
    /// shape throws before anything is written.
    @discardableResult
    public func importPage(_ bytes: some Collection<UInt8>, page: String = "page") async throws -> ImportReport {
        try await write(feed.prepare(bytes, page: page))
    }

    /// Writes a mapped page in one transaction. Throws `ImportError.database(_:)` with the server's
    /// message when PostgreSQL refuses it; nothing of the page is written then.
    @discardableResult
    public func write(_ page: PreparedPage<Entity>) async throws -> ImportReport {
        try Task.checkCancellation()
        var session = PostgresSession()
        for operation in page.operations {
            switch operation {
            case let .save(entity): entity.save(in: &session)
            case let .delete(key): session.delete(key)
            }
        }
        let staged = session.staged
        let logger = logger
        var report: ImportReport
        do {
            report = try await client.withTransaction(logger: logger) { connection in
                try await staged.flush(on: connection, logger: logger)
            }
        } catch {
            throw PostgresFailure.importError(error)
        }
        report.skipped = page.report.skipped + report.skipped
        report.issues = page.report.issues + report.issues
        report.pages = 1
        return report
    }
}
