import Foundation

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
    /// The figures of the page just committed (its change set, when the importer reports changes).
    public var page: ImportReport

    /// Creates a progress value.
    public init(pagesCommitted: Int, pageCount: Int?, report: ImportReport, page: ImportReport = ImportReport()) {
        self.pagesCommitted = pagesCommitted
        self.pageCount = pageCount
        self.report = report
        self.page = page
    }
}

/// One page of a sync as a backend hands it back: mapped (or at least its header read), with its write
/// still to run, and what it says about the pages after it.
package struct SyncedPage: Sendable {
    /// Writes the page in its own transaction and returns its figures.
    package var write: @Sendable () async throws -> ImportReport
    /// The page count it announces (page-number pagination).
    package var pageCount: Int?
    /// The next page's URL text (next-URL pagination).
    package var nextURL: String?

    /// A page whose `write` is still to run.
    package init(write: @escaping @Sendable () async throws -> ImportReport, pageCount: Int?, nextURL: String?) {
        self.write = write
        self.pageCount = pageCount
        self.nextURL = nextURL
    }
}

extension Feed {
    /// The page loop every backend's `sync(from:...)` runs: fetches the feed page by page over `session`
    /// (`file://` URLs read from disk), hands each page's bytes to `importPage` (which maps and writes it
    /// in its own transaction), and finds the next page as the feed's pagination says: page numbers, a
    /// next URL in the body, or the response's `Link` header. Cancellation stops between pages. Requests
    /// go only to the start URL's origin and `allowedHosts` (`SyncOrigin`): a next URL or a redirect
    /// elsewhere fails the sync before anything is sent there.
    ///
    /// A page fetched before in the same sync (a loop of next URLs or `Link` headers), or more than
    /// `pageLimit` pages (announced, or followed), fails the sync with what happened: the pages committed
    /// stay, and no orphan is deleted.
    ///
    /// Pipelined: `importPage` maps a page and leaves its write to run (``SyncedPage/write``); the next
    /// page is fetched and mapped while it is written (``SyncPipeline``). Pages are still written one
    /// after the other, in order, each whole in its own transaction, with the same reports.
    package func syncPages(
        from url: URL, session: URLSession, allowedHosts: Set<String> = [], pageLimit: Int = Self.defaultPageLimit,
        progress: (@Sendable (SyncProgress) -> Void)?, prepareRequest: (@Sendable (inout URLRequest) -> Void)?,
        importPage: (_ bytes: Data, _ page: String) async throws -> SyncedPage
    ) async throws -> ImportReport {
        var pipeline = SyncPipeline { progress?($0) }
        do {
            try await syncPages(
                from: url, session: session, allowedHosts: allowedHosts, pageLimit: pageLimit,
                prepareRequest: prepareRequest, pipeline: &pipeline, importPage: importPage)
            try await pipeline.settle()
        } catch {
            throw await pipeline.fail(error)
        }
        return pipeline.report
    }

    /// The loop of ``syncPages(from:session:allowedHosts:pageLimit:progress:prepareRequest:importPage:)``:
    /// each page fetched, handed to `importPage` and its write to `pipeline`.
    private func syncPages(
        from url: URL, session: URLSession, allowedHosts: Set<String>, pageLimit: Int,
        prepareRequest: (@Sendable (inout URLRequest) -> Void)?, pipeline: inout SyncPipeline,
        importPage: (_ bytes: Data, _ page: String) async throws -> SyncedPage
    ) async throws {
        var fetched = Set<String>()
        let origin = SyncOrigin(url, allowedHosts: allowedHosts)
        // The app's session configuration (protocols, timeouts, headers, cookies) in a session of the
        // sync's own whose delegate refuses redirects to other origins: a task's own delegate is not asked
        // about redirects by every Foundation (not by Linux's), a session's is.
        let guarded = URLSession(
            configuration: session.configuration, delegate: SyncRedirectGuard(origin), delegateQueue: nil)
        defer { guarded.finishTasksAndInvalidate() }
        // Pages handed over so far (the pipeline may still be writing the last).
        var pages = 0
        var next: URL? = url
        if case let .pageNumber(_, parameter, firstPage)? = pagination {
            next = Self.url(url, parameter: parameter, page: firstPage)
        }
        while let current = next {
            try Task.checkCancellation()
            if let refusal = origin.refusal(of: current) {
                throw ImportError.fetch(url: current.absoluteString, message: "not followed: \(refusal)")
            }
            guard fetched.insert(current.absoluteString).inserted else {
                throw ImportError.fetch(
                    url: current.absoluteString,
                    message:
                        "not followed: this sync fetched this page before (a pagination loop, after \(pages) pages); no orphan was deleted"
                )
            }
            guard pages < pageLimit else {
                throw ImportError.fetch(
                    url: current.absoluteString,
                    message:
                        "not followed: the sync reached its limit of \(pageLimit) pages (pageLimit:); no orphan was deleted"
                )
            }
            let (bytes, response) = try await Self.fetch(
                current, session: guarded, origin: origin, prepareRequest: prepareRequest)
            try Task.checkCancellation()
            let page = try await importPage(bytes, current.absoluteString)
            pages += 1
            if case .pageNumber? = pagination { pipeline.pageCount = page.pageCount }
            try await pipeline.add(page.write, name: current.absoluteString)
            switch pagination {
            case let .pageNumber(_, parameter, firstPage)?:
                if let count = page.pageCount, count > pageLimit {
                    throw ImportError.fetch(
                        url: current.absoluteString,
                        message:
                            "the feed announces \(count) pages, more than the sync's limit of \(pageLimit) (pageLimit:); no orphan was deleted"
                    )
                }
                // Counted from the first page (`firstPage` may be near Int.max: no overflow).
                let fetchedCount = pages
                guard fetchedCount < (page.pageCount ?? 0) else {
                    next = nil
                    break
                }
                let (following, overflow) = firstPage.addingReportingOverflow(fetchedCount)
                guard !overflow else {
                    throw ImportError.fetch(
                        url: current.absoluteString,
                        message:
                            "the next page number is past \(Int.max) (firstPage \(firstPage)); no orphan was deleted")
                }
                next = Self.url(url, parameter: parameter, page: following)
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
        }
    }

    /// How many pages a sync follows at most unless the app says otherwise (`pageLimit:`).
    public static var defaultPageLimit: Int { 10_000 }

    /// The page loop of a backend's `sync(pages:...)`: each page of an app's own sequence handed to
    /// `importPage` in turn (named `page 1`, `page 2`, ...), progress after each committed page; pipelined
    /// as the URL loop is (the next page is read from the sequence and mapped while one is written).
    package func syncPages<Pages: AsyncSequence>(
        _ pages: Pages, progress: (@Sendable (SyncProgress) -> Void)?,
        importPage: (_ bytes: Data, _ page: String) async throws -> SyncedPage
    ) async throws -> ImportReport where Pages.Element == Data {
        var pipeline = SyncPipeline { progress?($0) }
        do {
            var count = 0
            for try await bytes in pages {
                try Task.checkCancellation()
                count += 1
                let name = "page \(count)"
                try await pipeline.add(try await importPage(bytes, name).write, name: name)
            }
            try await pipeline.settle()
        } catch {
            throw await pipeline.fail(error)
        }
        return pipeline.report
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
    package static func url(_ url: URL, parameter: String, page: Int) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url }
        var items = (components.queryItems ?? []).filter { $0.name != parameter }
        items.append(URLQueryItem(name: parameter, value: String(page)))
        components.queryItems = items
        return components.url ?? url
    }

    /// The page's bytes, and the HTTP response (`nil` for a file).
    private static func fetch(
        _ url: URL, session: URLSession, origin: SyncOrigin, prepareRequest: (@Sendable (inout URLRequest) -> Void)?
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
            if (300..<400).contains(http.statusCode), let location = http.value(forHTTPHeaderField: "Location"),
                let target = URL(string: location, relativeTo: url)?.absoluteURL,
                let refusal = origin.refusal(of: target)
            {
                throw ImportError.fetch(
                    url: url.absoluteString,
                    message:
                        "HTTP status \(http.statusCode): the redirect to \(target.absoluteString) was not followed: \(refusal)"
                )
            }
            throw ImportError.fetch(url: url.absoluteString, message: "HTTP status \(http.statusCode)")
        }
        return (data, response as? HTTPURLResponse)
    }
}
