import EntityGenRuntime
import Foundation
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
    /// How long to wait for a connection and for each statement before a page fails.
    public let timeouts: PostgresTimeouts
    /// How a page whose transaction the server aborted (a serialization failure, a deadlock) runs again.
    public let retry: PostgresRetryPolicy
    /// Whether reports list the identities of the rows each page inserted, updated and deleted
    /// (`ImportReport/changes`; default `false`, which costs nothing).
    public let reportsChanges: Bool

    /// Creates an importer.
    public init(
        feed: Feed<Entity>, client: PostgresClient, logger: Logger = Logger(label: "EntityGenPostgres"),
        timeouts: PostgresTimeouts = PostgresTimeouts(), retry: PostgresRetryPolicy = PostgresRetryPolicy(),
        reportsChanges: Bool = false
    ) {
        self.feed = feed
        self.client = client
        self.logger = logger
        self.timeouts = timeouts
        self.retry = retry
        self.reportsChanges = reportsChanges
    }

    /// Maps and writes one page; `page` names it in errors. A page that is not JSON or not the feed's
    /// shape throws and nothing of it is committed. A large page is mapped on a thread of its own and sent
    /// in chunks as they are staged (COPY and merge per chunk), still in one transaction, so mapping runs
    /// while the server writes.
    @discardableResult
    public func importPage(_ bytes: some Collection<UInt8>, page: String = "page") async throws -> ImportReport {
        try await importPage(bytes, page: page, on: nil, tracking: nil)
    }

    /// ``importPage(_:page:)`` in a transaction on `connection` (a sync holds one connection for its
    /// pages), or on one of the client's when `nil`; with `tracking`, the saved instances' identities
    /// are recorded for orphan deletion.
    func importPage(
        _ bytes: some Collection<UInt8>, page: String, on connection: PostgresConnection?,
        tracking: PostgresSeenRows?
    ) async throws -> ImportReport {
        let document: JSONDocument
        do { document = try JSONDocument(bytes: bytes) } catch { throw ImportError.invalidJSON(page: page, error) }
        return try await importPage(document, page: page, on: connection, tracking: tracking)
    }

    /// ``importPage(_:page:on:tracking:)`` of a parsed page, retried while the server aborts its
    /// transaction.
    private func importPage(
        _ document: JSONDocument, page: String, on connection: PostgresConnection?, tracking: PostgresSeenRows?
    ) async throws -> ImportReport {
        try await retry.run { locksTables in
            try await attemptPage(document, page: page, on: connection, tracking: tracking, locksTables: locksTables)
        } retried: {
            $0.retries += $1
        }
    }

    /// One page of a sync on `connection`: a page below ``pipelineThreshold`` items is mapped and encoded
    /// for COPY here and its write left pending (the sync maps the next page while the server writes
    /// this one; a write the server aborts is retried as ``importPage(_:page:on:tracking:)`` retries); a
    /// larger page is mapped while it is written, both in its pending write.
    func syncPage(
        _ bytes: Data, page: String, on connection: PostgresConnection, tracking: PostgresSeenRows?
    ) async throws -> SyncedPage {
        let document: JSONDocument
        do { document = try JSONDocument(bytes: bytes) } catch { throw ImportError.invalidJSON(page: page, error) }
        let feed = feed
        let header = try document.withRoot { root throws(ImportError) in try feed.layout.header(root: root, page: page)
        }
        guard feed.layout.recordCount(header.items) < Self.pipelineThreshold else {
            // Mapped while it is written, once the page before it is committed (one connection, one
            // transaction at a time).
            return SyncedPage(
                write: {
                    try await self.importPage(document, page: page, on: connection, tracking: tracking)
                },
                pageCount: header.pageCount, nextURL: header.nextURL)
        }
        let prepared = try document.withRoot { root throws(ImportError) in
            try feed.prepare(root: root, page: page, key: Entity.Postgres.deleteKeyReader)
        }
        let staged = Self.staged(prepared, tracking: tracking)
        let retry = retry
        return SyncedPage(
            write: {
                try await retry.run { locksTables in
                    try await self.write(
                        staged, of: prepared.report, on: connection, tracking: tracking, locksTables: locksTables)
                } retried: {
                    $0.retries += $1
                }
            }, pageCount: prepared.pageCount, nextURL: prepared.nextURL)
    }

    /// One attempt at ``importPage(_:page:on:tracking:)``: the page mapped and written in one transaction
    /// (which first locks the tables it writes when `locksTables`; a page mapped while it is written
    /// locks those of its first part).
    private func attemptPage(
        _ document: JSONDocument, page: String, on connection: PostgresConnection?, tracking: PostgresSeenRows?,
        locksTables: Bool
    ) async throws -> ImportReport {
        let feed = feed
        let header = try document.withRoot { root throws(ImportError) in try feed.layout.header(root: root, page: page)
        }
        guard feed.layout.recordCount(header.items) >= Self.pipelineThreshold else {
            let prepared = try document.withRoot { root throws(ImportError) in
                try feed.prepare(root: root, page: page, key: Entity.Postgres.deleteKeyReader)
            }
            return try await write(prepared, on: connection, tracking: tracking, locksTables: locksTables)
        }
        try Task.checkCancellation()
        let channel = StagedPageChannel()
        let producer = Thread {
            do throws(ImportError) {
                try document.withRoot { root throws(ImportError) in
                    var session = PostgresSession()
                    session.tracking = tracking
                    // The records again, on this thread (a JSON value is not sent across threads).
                    let items = try feed.layout.header(root: root, page: page).items
                    try feed.prepareChunks(
                        items: items, page: page, size: Self.chunkSize, key: Entity.Postgres.deleteKeyReader
                    ) {
                        chunk, last in
                        Self.stage(chunk, in: &session)
                        var staged = session.take(deletions: last)
                        staged.report.skipped = chunk.report.skipped + staged.report.skipped
                        staged.report.issues = chunk.report.issues + staged.report.issues
                        return channel.put(staged)
                    }
                }
                channel.finish(nil)
            } catch {
                channel.finish(error)
            }
        }
        producer.start()
        defer { channel.abandon() }
        let logger = logger
        let reportsChanges = reportsChanges
        var report = try await transaction(on: connection) { connection in
            var next = try await channel.next()
            if locksTables, let first = next {
                try await PostgresTableLock.lock(first.writtenTables, on: connection, logger: logger)
            }
            try await tracking?.checkSession(on: connection, logger: logger)
            var total = ImportReport()
            var state = PostgresTransactionState(reportsChanges: reportsChanges)
            while let staged = next {
                try Task.checkCancellation()
                total.merge(try await staged.flush(on: connection, logger: logger, state: &state))
                next = try await channel.next()
            }
            return total
        }
        report.pages = 1
        return report
    }

    /// Items from which a page is mapped while it is written.
    static var pipelineThreshold: Int { 4_096 }
    /// Operations mapped, staged and sent at a time in a large page.
    static var chunkSize: Int { 10_000 }

    /// Runs `body` in one transaction, on `connection` or one of the client's, every statement within
    /// the timeouts; what postgres-nio throws becomes the importer's error.
    func transaction(
        on connection: PostgresConnection? = nil, _ body: (PostgresConnection) async throws -> ImportReport
    ) async throws -> ImportReport {
        let logger = logger
        do {
            if let connection {
                return try await bounded { try await connection.transaction(logger: logger, body) }
            }
            return try await withConnection { try await $0.transaction(logger: logger, body) }
        } catch let aborted as PostgresAbortedTransaction {
            throw aborted
        } catch {
            throw PostgresFailure.importError(error)
        }
    }

    /// Runs `body` with every statement bounded by ``timeouts``.
    func bounded<Result>(_ body: () async throws -> Result) async throws -> Result {
        try await PostgresRoundTrip.$timeout.withValue(timeouts.roundTrip, operation: body)
    }

    /// Runs `body` on one of the client's connections, within ``timeouts``.
    func withConnection<Result>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        try await PostgresRoundTrip.withConnection(client, timeouts: timeouts, body)
    }

    /// Stages a page's operations in feed order.
    static func stage(_ page: PreparedPage<Entity, PostgresRowKey>, in session: inout PostgresSession) {
        // Read through the buffer, like the SQLite writer; the `switch` copies each saved entity, as
        // there (generic code cannot take an enum's payload in place without destroying it).
        page.operations.withUnsafeBufferPointer { operations in
            for index in operations.indices {
                switch operations[index] {
                case let .save(entity, absent):
                    Entity.Postgres.save(entity, absent: absent, in: &session)
                    session.recordSeen(Entity.Postgres.rowKey(of: entity))
                case let .delete(key): session.delete(key)
                case let .keep(key): session.recordSeen(key)
                }
            }
        }
    }

    /// Writes a mapped page in one transaction (run again when the server aborts it for another's sake,
    /// as ``retry`` says). Throws `ImportError.database(_:)` with the server's message when PostgreSQL
    /// refuses it; nothing of the page is written then.
    @discardableResult
    public func write(_ page: PreparedPage<Entity, PostgresRowKey>) async throws -> ImportReport {
        try await retry.run { locksTables in
            try await write(page, on: nil, tracking: nil, locksTables: locksTables)
        } retried: {
            $0.retries += $1
        }
    }

    /// One attempt at ``write(_:)`` on `connection` (or one of the client's), recording identities with
    /// `tracking`, first locking the tables it writes when `locksTables`.
    func write(
        _ page: PreparedPage<Entity, PostgresRowKey>, on connection: PostgresConnection?,
        tracking: PostgresSeenRows?, locksTables: Bool
    ) async throws -> ImportReport {
        try Task.checkCancellation()
        return try await write(
            Self.staged(page, tracking: tracking), of: page.report, on: connection, tracking: tracking,
            locksTables: locksTables)
    }

    /// A mapped page's rows encoded for COPY, recording identities with `tracking`.
    static func staged(_ page: PreparedPage<Entity, PostgresRowKey>, tracking: PostgresSeenRows?) -> PostgresStagedPage
    {
        var session = PostgresSession()
        session.tracking = tracking
        stage(page, in: &session)
        return session.take(deletions: true)
    }

    /// One attempt at writing `staged`, the rows of a page whose mapping reported `mapped`, in one
    /// transaction on `connection` (or one of the client's), which first locks the tables it writes
    /// when `locksTables`.
    func write(
        _ staged: PostgresStagedPage, of mapped: ImportReport, on connection: PostgresConnection?,
        tracking: PostgresSeenRows?, locksTables: Bool
    ) async throws -> ImportReport {
        let logger = logger
        let reportsChanges = reportsChanges
        var report = try await transaction(on: connection) { connection in
            if locksTables { try await PostgresTableLock.lock(staged.writtenTables, on: connection, logger: logger) }
            try await tracking?.checkSession(on: connection, logger: logger)
            var state = PostgresTransactionState(reportsChanges: reportsChanges)
            return try await staged.flush(on: connection, logger: logger, state: &state)
        }
        report.skipped = mapped.skipped + report.skipped
        report.issues = mapped.issues + report.issues
        report.pages = 1
        return report
    }
}
