/// A sync as an asynchronous sequence of what it committed: the importers' `syncReports(...)`.
///
/// Each element is one committed page's report: its counts, skips and, when the importer reports
/// changes, its change set (``ImportReport/changes``), so that an app can refresh what a page changed as
/// soon as it is committed. When the feed deletes orphans, a last element (``ImportReport/pages`` 0)
/// holds the deletions. The sequence ends when the sync ends and throws what the sync throws; pages
/// committed before stay. Ending the iteration early cancels the sync: the page being written is
/// committed or not at all, and no orphan is deleted. Reports wait in the sequence's buffer while the
/// consumer is busy; the sync does not wait for the consumer.
public typealias SyncReports = AsyncThrowingStream<ImportReport, any Error>

extension AsyncThrowingStream where Element == ImportReport, Failure == any Error {
    /// The sequence of a sync that `run` performs: `run` calls `page` with each committed page's report
    /// and `orphans` with the orphan deletion's.
    package static func sync(
        _ run:
            @escaping @Sendable (
                _ page: @escaping @Sendable (ImportReport) -> Void,
                _ orphans: @escaping @Sendable (ImportReport) -> Void
            ) async throws -> ImportReport
    ) -> SyncReports {
        let (stream, continuation) = SyncReports.makeStream()
        let task = Task {
            do {
                _ = try await run({ continuation.yield($0) }, { continuation.yield($0) })
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
