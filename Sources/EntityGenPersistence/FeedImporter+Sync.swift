import EntityGenRuntime
import Foundation
import GRDB
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a sync stands, reported after each committed page.
public struct SyncProgress: Sendable {
    /// Pages committed so far.
    public var pagesCommitted: Int
    /// The page count, when the feed announces it.
    public var pageCount: Int?
    /// The figures so far.
    public var report: ImportReport
}

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
    public func sync(
        from url: URL, session: URLSession = .shared, progress: (@Sendable (SyncProgress) -> Void)? = nil,
        prepareRequest: (@Sendable (inout URLRequest) -> Void)? = nil
    ) async throws -> ImportReport {
        try await sweeping { seen in
            try await pages(from: url, session: session, progress: progress, prepareRequest: prepareRequest, seen: seen)
        }
    }

    /// Imports the pages an app's own loop fetches (any `AsyncSequence` of page bytes, for a paging scheme
    /// of its own) as ``sync(from:session:progress:prepareRequest:)`` imports fetched pages: each page
    /// mapped and written in its own transaction, and, when the schema declares `deleteOrphans`, the rows
    /// no page delivered deleted once the sequence ends (not when it throws or the task is cancelled).
    public func sync<Pages: AsyncSequence>(
        pages: Pages, progress: (@Sendable (SyncProgress) -> Void)? = nil
    ) async throws -> ImportReport where Pages.Element == Data {
        try await sweeping { seen in
            var report = ImportReport()
            for try await bytes in pages {
                try Task.checkCancellation()
                let page = try feed.prepare(bytes, page: "page \(report.pages + 1)")
                report.merge(try await write(page, seen: seen))
                progress?(SyncProgress(pagesCommitted: report.pages, pageCount: nil, report: report))
            }
            return report
        }
    }

    /// Runs a sync's page loop with orphan tracking when the feed deletes orphans: the rows it saw are
    /// recorded, and once the loop completes the others are deleted; a loop that throws deletes nothing.
    private func sweeping(_ loop: (SeenRows?) async throws -> ImportReport) async throws -> ImportReport {
        let seen = feed.deleteOrphans ? SeenRows(Entity.entityTables) : nil
        if let seen { try await writer.writeWithoutTransaction { db in try seen.create(in: db) } }
        do {
            var report = try await loop(seen)
            if let seen {
                report.merge(try await writer.writeWithoutTransaction { db in try seen.deleteUnseen(in: db) })
            }
            return report
        } catch {
            if let seen { try? await writer.writeWithoutTransaction { db in try seen.drop(in: db) } }
            throw error
        }
    }

    /// The page loop of ``sync(from:session:progress:prepareRequest:)``.
    private func pages(
        from url: URL, session: URLSession, progress: (@Sendable (SyncProgress) -> Void)?,
        prepareRequest: (@Sendable (inout URLRequest) -> Void)?, seen: SeenRows?
    ) async throws -> ImportReport {
        var report = ImportReport()
        var pageCount: Int?
        var pageNumber: Int?
        var next: URL? = url
        if case let .pageNumber(_, parameter, firstPage)? = feed.pagination {
            pageNumber = firstPage
            next = Self.url(url, parameter: parameter, page: firstPage)
        }
        while let current = next {
            try Task.checkCancellation()
            let (bytes, response) = try await fetch(current, session: session, prepareRequest: prepareRequest)
            try Task.checkCancellation()
            let page = try feed.prepare(bytes, page: current.absoluteString)
            report.merge(try await write(page, seen: seen))
            switch feed.pagination {
            case let .pageNumber(_, parameter, firstPage)?:
                pageCount = page.pageCount
                let following = pageNumber! + 1
                pageNumber = following
                next =
                    following < firstPage + (page.pageCount ?? 0)
                    ? Self.url(url, parameter: parameter, page: following) : nil
            case .nextURL?:
                next = try Self.nextPage(page.nextURL, of: current, foundIn: "$")
            case let .linkHeader(relation)?:
                let link = response?.value(forHTTPHeaderField: "Link").flatMap {
                    LinkHeader($0).target(relation: relation)
                }
                next = try Self.nextPage(link, of: current, foundIn: "Link")
            case nil:
                next = nil
            }
            progress?(SyncProgress(pagesCommitted: report.pages, pageCount: pageCount, report: report))
        }
        return report
    }

    /// The next page's URL, resolved against the current page's; `nil` when there is none.
    private static func nextPage(_ text: String?, of current: URL, foundIn place: String) throws -> URL? {
        guard let text else { return nil }
        guard let resolved = URL(string: text, relativeTo: current)?.absoluteURL else {
            throw ImportError.malformedPage(
                page: current.absoluteString, path: place, message: "the next page's URL \"\(text)\" is not a URL")
        }
        return resolved
    }

    /// `url` with the page parameter set.
    static func url(_ url: URL, parameter: String, page: Int) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url }
        var items = (components.queryItems ?? []).filter { $0.name != parameter }
        items.append(URLQueryItem(name: parameter, value: String(page)))
        components.queryItems = items
        return components.url ?? url
    }

    /// The page's bytes, and the HTTP response (`nil` for a file).
    private func fetch(
        _ url: URL, session: URLSession, prepareRequest: (@Sendable (inout URLRequest) -> Void)?
    ) async throws -> (Data, HTTPURLResponse?) {
        // URLSession on Linux does not read file URLs; a local page (a fixture, an offline copy, a next
        // URL naming the next file) is read from disk.
        if url.isFileURL {
            do {
                return (try Data(contentsOf: url), nil)
            } catch {
                throw ImportError.fetch(url: url.absoluteString, message: error.localizedDescription)
            }
        }
        let data: Data
        let response: URLResponse
        do {
            var request = URLRequest(url: url)
            prepareRequest?(&request)
            (data, response) = try await session.data(for: request)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw ImportError.fetch(url: url.absoluteString, message: error.localizedDescription)
        }
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw ImportError.fetch(url: url.absoluteString, message: "HTTP status \(http.statusCode)")
        }
        return (data, response as? HTTPURLResponse)
    }
}
