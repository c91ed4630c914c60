import EntityGenRuntime
import Foundation
import GRDB
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension FeedImporter {
    /// Fetches the feed page by page over `session`, mapping each page and writing it in its own
    /// transaction, until the last page; then, when the schema declares `deleteOrphans`, deletes the rows
    /// that the whole sync did not deliver.
    ///
    /// Cancelling the task stops between pages: pages committed stay, no page is half written, and no
    /// orphan is deleted (the sync did not complete).
    ///
    /// `prepareRequest` adjusts each page's request before it is sent (headers, authentication:
    /// `request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")`). The next page is found
    /// as the feed's pagination says: page numbers, a next URL in the body, or the response's `Link`
    /// header (`pagination: {link: next}`). `file://` URLs are read from disk.
    ///
    /// Requests go only to the origin (scheme, host, port) of `url` and to `allowedHosts`: a next URL, a
    /// `Link` or a redirect naming another host fails the sync before anything is sent there (it would
    /// receive `prepareRequest`'s headers, and its pages would decide which rows are orphans), and a sync
    /// that started over HTTP never follows a `file://` URL.
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
    /// one per committed page, then one with the orphans deleted (`SyncReports`). With
    /// `reportsChanges`, each says which rows the page inserted, updated and deleted:
    ///
    /// ```swift
    /// for try await page in importer.syncReports(from: url) {
    ///     let changed = try page.changes["Repo"]?.updated.values(as: Int64.self) ?? []
    /// }
    /// ```
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

    private func sync(
        from url: URL, session: URLSession, allowedHosts: Set<String>, pageLimit: Int,
        progress: (@Sendable (SyncProgress) -> Void)?, prepareRequest: (@Sendable (inout URLRequest) -> Void)?,
        orphans: (@Sendable (ImportReport) -> Void)?
    ) async throws -> ImportReport {
        try await sweeping(orphans: orphans) { seen in
            try await feed.syncPages(
                from: url, session: session, allowedHosts: allowedHosts, pageLimit: pageLimit, progress: progress,
                prepareRequest: prepareRequest
            ) {
                try await importPage($0, name: $1, seen: seen)
            }
        }
    }

    /// Imports the pages an app's own loop fetches (any `AsyncSequence` of page bytes, for a paging scheme
    /// of its own) as ``sync(from:session:allowedHosts:pageLimit:progress:prepareRequest:)`` imports fetched pages: each page
    /// mapped and written in its own transaction, and, when the schema declares `deleteOrphans`, the rows
    /// no page delivered deleted once the sequence ends (not when it throws or the task is cancelled).
    public func sync<Pages: AsyncSequence>(
        pages: Pages, progress: (@Sendable (SyncProgress) -> Void)? = nil
    ) async throws -> ImportReport where Pages.Element == Data {
        try await sweeping(orphans: nil) { seen in
            try await feed.syncPages(pages, progress: progress) { try await importPage($0, name: $1, seen: seen) }
        }
    }

    /// ``sync(pages:progress:)`` as a sequence of reports: one per committed page, then one with the
    /// orphans deleted (`SyncReports`).
    public func syncReports<Pages: AsyncSequence & Sendable>(pages: Pages) -> SyncReports where Pages.Element == Data {
        .sync { page, orphans in
            try await self.sweeping(orphans: orphans) { seen in
                try await self.feed.syncPages(pages, progress: { page($0.page) }) {
                    try await self.importPage($0, name: $1, seen: seen)
                }
            }
        }
    }

    /// Runs a sync's page loop with orphan tracking when the feed deletes orphans: the rows it saw are
    /// recorded, and once the loop completes the others are deleted; a loop that throws deletes nothing.
    /// `orphans` is told the deletion's report.
    private func sweeping(
        orphans: (@Sendable (ImportReport) -> Void)?, _ loop: (SeenRows?) async throws -> ImportReport
    ) async throws -> ImportReport {
        let seen = feed.deleteOrphans ? SeenRows(Entity.SQLite.tables) : nil
        if let seen { try await writer.writeWithoutTransaction { db in try seen.create(in: db) } }
        do {
            var report = try await loop(seen)
            if let seen {
                let deletesWhenEmpty = feed.deletesOrphansWhenEmpty
                let reportsChanges = reportsChanges
                let deletion = try await writer.writeWithoutTransaction { db in
                    guard try !seen.isEmpty(in: db) || deletesWhenEmpty else {
                        try seen.drop(in: db)
                        var kept = ImportReport()
                        kept.skipped.append(.emptySyncKeptRows)
                        return kept
                    }
                    return try seen.deleteUnseen(in: db, reportsChanges: reportsChanges)
                }
                orphans?(deletion)
                report.merge(deletion)
            }
            return report
        } catch {
            if let seen { try? await writer.writeWithoutTransaction { db in try seen.drop(in: db) } }
            throw error
        }
    }

    /// Maps one page of a sync and leaves its write pending (recording what it saves in `seen`): the sync
    /// maps the next page while this one is written.
    private func importPage(_ bytes: Data, name: String, seen: SeenRows?) async throws -> SyncedPage {
        let page = try feed.prepare(bytes, page: name)
        return SyncedPage(
            write: { try await self.write(page, seen: seen) }, pageCount: page.pageCount,
            nextURL: page.nextURL)
    }
}
