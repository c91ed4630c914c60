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
        try await sweeping { connection, tracking in
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
        try await sweeping { connection, tracking in
            try await feed.syncPages(pages, progress: progress) {
                try await syncPage($0, page: $1, on: connection, tracking: tracking)
            }
        }
    }

    /// Runs a sync's page loop on one connection, with orphan tracking when the feed deletes orphans:
    /// once the loop completes, the rows it did not save are deleted; a loop that throws deletes nothing.
    private func sweeping(
        _ loop: (PostgresConnection, PostgresSeenRows?) async throws -> ImportReport
    ) async throws -> ImportReport {
        let logger = logger
        do {
            return try await withConnection { connection in
                var tracking = feed.deleteOrphans ? PostgresSeenRows(Entity.postgresTables) : nil
                do {
                    tracking = try await tracking?.create(on: connection, logger: logger)
                    var report = try await loop(connection, tracking)
                    if let tracking {
                        let finished = try await retry.run {
                            try await tracking.finish(
                                deletesWhenEmpty: feed.deletesOrphansWhenEmpty, on: connection, logger: logger)
                        } retried: {
                            $0?.retries += $1
                        }
                        if let finished { report.merge(finished) } else { report.skipped.append(.emptySyncKeptRows) }
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
