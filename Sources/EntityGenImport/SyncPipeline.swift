/// The page loop's writer side: at most one page being written while the next is fetched and mapped.
/// Pages are written in order, each in its own transaction, one after the other; the reports are merged
/// and progress is told in the same order and with the same figures as when each page was written
/// before the next was fetched.
package struct SyncPipeline {
    /// The page being written, and its name.
    private var inFlight: (task: Task<ImportReport, any Error>, name: String)?
    /// The figures of the pages committed so far.
    package private(set) var report = ImportReport()
    /// The page count the pages announce, when they do (page-number pagination), told with progress.
    package var pageCount: Int?
    /// Called after each committed page.
    private let committed: (SyncProgress) -> Void

    /// A pipeline that calls `committed` with the progress so far after each committed page.
    package init(committed: @escaping (SyncProgress) -> Void) {
        self.committed = committed
    }

    /// Hands over the next page, named `name`, whose `write` writes it in its own transaction: first
    /// waits for the page before it to be committed (its write failing throws here, before this page is
    /// written), then starts this one's write, unless the task was cancelled.
    package mutating func add(_ write: @escaping @Sendable () async throws -> ImportReport, name: String) async throws {
        try await settle()
        // Cancelled (as late as in the progress of the page before): this page is mapped but never
        // written, as it would never have been fetched had each page been written before the next.
        try Task.checkCancellation()
        inFlight = (Task { try await write() }, name)
    }

    /// Waits for the page being written, if any, and merges its figures.
    package mutating func settle() async throws {
        guard let (task, name) = inFlight else { return }
        inFlight = nil
        merge(try await task.value, name: name)
    }

    /// Ends the loop after `error`: the page being written is committed or fails whole before anything is
    /// thrown (a sync never returns while it writes). Its failure, which came first, is thrown in place of
    /// `error`.
    package mutating func fail(_ error: any Error) async -> any Error {
        do {
            try await settle()
            return error
        } catch {
            return error
        }
    }

    private mutating func merge(_ page: ImportReport, name: String) {
        let located = page.located(onPage: name)
        report.merge(located)
        committed(SyncProgress(pagesCommitted: report.pages, pageCount: pageCount, report: report, page: located))
    }
}

extension ImportReport {
    /// The report with its JSON paths (those of skipped items and of tolerated issues) prefixed by the
    /// page's name, so that a sync's report tells which page each came from.
    package func located(onPage name: String) -> ImportReport {
        var report = self
        for index in report.skipped.indices where report.skipped[index].path.hasPrefix("$") {
            report.skipped[index].path = "\(name) \(report.skipped[index].path)"
        }
        for index in report.issues.indices {
            report.issues[index].path = "\(name) \(report.issues[index].path)"
        }
        return report
    }
}
