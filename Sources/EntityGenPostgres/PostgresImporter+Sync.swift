import EntityGenRuntime
import Foundation
import PostgresNIO

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension PostgresImporter {
    /// Fetches the feed page by page over `session`, mapping each page and writing it in its own
    /// transaction, until the last page; then, when the schema declares `deleteOrphans`, deletes the rows
    /// that the whole sync did not deliver. The same loop as the SQLite importer's `sync`: page numbers,
    /// a next URL in the body or the response's `Link` header; `file://` URLs read from disk;
    /// `prepareRequest` adjusts each request (headers, authentication). Requests go only to the origin of
    /// `url` and to `allowedHosts`; a sync that started over HTTP never follows a `file://` URL.
    ///
    /// The sync holds one connection of the client for all its pages (the identities it saved are kept in
    /// temporary tables of that connection). Cancelling the task stops between pages: pages committed
    /// stay, no page is half written, and no orphan is deleted (the sync did not complete).
    public func sync(
        from url: URL, session: URLSession = .shared, allowedHosts: Set<String> = [],
        pageLimit: Int = Feed<Entity>.defaultPageLimit, progress: (@Sendable (SyncProgress) -> Void)? = nil,
        prepareRequest: (@Sendable (inout URLRequest) -> Void)? = nil
    ) async throws -> ImportReport {
        try await sync(
            from: url, session: session, allowedHosts: allowedHosts, pageLimit: pageLimit, progress: progress,
            prepareRequest: prepareRequest, orphans: nil)
    }

    /// ``sync(from:session:allowedHosts:pageLimit:progress:prepareRequest:)`` as a sequence of reports:
    /// one per committed page, then one with the orphans deleted (`SyncReports`); with
    /// `reportsChanges`, each lists the rows it inserted, updated and deleted.
    public func syncReports(
        from url: URL, session: URLSession = .shared, allowedHosts: Set<String> = [],
        pageLimit: Int = Feed<Entity>.defaultPageLimit, prepareRequest: (@Sendable (inout URLRequest) -> Void)? = nil
    ) -> SyncReports {
        .sync { page, orphans in
            try await self.sync(
                from: url, session: session, allowedHosts: allowedHosts, pageLimit: pageLimit,
                progress: { page($0.page) }, prepareRequest: prepareRequest, orphans: orphans)
        }
    }

    /// ``sync(pages:progress:)`` as a sequence of reports, one per committed page, then one with the
    /// orphans deleted (`SyncReports`).
    public func syncReports<Pages: AsyncSequence & Sendable>(pages: Pages) -> SyncReports where Pages.Element == Data {
        .sync { page, orphans in
            try await self.sweeping(orphans: orphans) { connection, tracking in
                try await self.feed.syncPages(pages, progress: { page($0.page) }) {
                    try await self.syncPage($0, page: $1, on: connection, tracking: tracking)
                }
            }
        }
    }

    private func sync(
        from url: URL, session: URLSession, allowedHosts: Set<String>, pageLimit: Int,
        progress: (@Sendable (SyncProgress) -> Void)?, prepareRequest: (@Sendable (inout URLRequest) -> Void)?,
        orphans: (@Sendable (ImportReport) -> Void)?
    ) async throws -> ImportReport {
        try await sweeping(orphans: orphans) { connection, tracking in
            try await feed.syncPages(
                from: url, session: session, allowedHosts: allowedHosts, pageLimit: pageLimit, progress: progress,
                prepareRequest: prepareRequest
            ) {
                try await syncPage($0, page: $1, on: connection, tracking: tracking)
            }
        }
    }

    /// Imports the pages an app's own loop fetches (any `AsyncSequence` of page bytes) as
    /// ``sync(from:session:allowedHosts:pageLimit:progress:prepareRequest:)`` imports fetched pages: each in its own
    /// transaction, and, when the schema declares `deleteOrphans`, the rows no page delivered deleted
    /// once the sequence ends (not when it throws or the task is cancelled).
    public func sync<Pages: AsyncSequence>(
        pages: Pages, progress: (@Sendable (SyncProgress) -> Void)? = nil
    ) async throws -> ImportReport where Pages.Element == Data {
        try await sweeping(orphans: nil) { connection, tracking in
            try await feed.syncPages(pages, progress: progress) {
                try await syncPage($0, page: $1, on: connection, tracking: tracking)
            }
        }
    }

    /// Runs a sync's page loop on one connection, with orphan tracking when the feed deletes orphans:
    /// once the loop completes, the rows it did not save are deleted; a loop that throws deletes nothing.
    /// `orphans` is told the deletion's report.
    private func sweeping(
        orphans: (@Sendable (ImportReport) -> Void)?,
        _ loop: (PostgresConnection, PostgresSeenRows?) async throws -> ImportReport
    ) async throws -> ImportReport {
        let logger = logger
        do {
            return try await withConnection { connection in
                var tracking = feed.deleteOrphans ? PostgresSeenRows(Entity.Postgres.tables) : nil
                do {
                    tracking = try await tracking?.create(on: connection, logger: logger)
                    var report = try await loop(connection, tracking)
                    if let tracking {
                        let finished = try await retry.run { locksTables in
                            try await tracking.finish(
                                deletesWhenEmpty: feed.deletesOrphansWhenEmpty, reportsChanges: reportsChanges,
                                locksTables: locksTables, on: connection, logger: logger)
                        } retried: {
                            $0?.retries += $1
                        }
                        var deletion = ImportReport()
                        if let finished { deletion = finished } else { deletion.skipped.append(.emptySyncKeptRows) }
                        orphans?(deletion)
                        report.merge(deletion)
                    }
                    return report
                } catch {
                    try? await tracking?.drop(on: connection, logger: logger)
                    throw error
                }
            }
        } catch {
            // The pages' own errors are import errors already; the connection's and the orphan
            // deletion's become them here.
            throw PostgresFailure.importError(error)
        }
    }
}
