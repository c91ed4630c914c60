import EntityGenRuntime
import Foundation
import GRDB

extension FeedImporter {
    /// Maps and writes one page from async code; `page` names it in errors.
    ///
    /// The page is mapped on the calling task, then written in one transaction through the writer's
    /// async access: the task suspends while it waits for the write lock and while the page is written,
    /// so no thread of the cooperative pool blocks on the database.
    ///
    /// Cancellation: a task cancelled before the write starts throws `CancellationError` and writes
    /// nothing; a task cancelled during the write makes GRDB interrupt it, and the page's transaction
    /// rolls back. A page is written whole or not at all.
    @discardableResult
    public func importPage(_ bytes: some Collection<UInt8>, page: String = "page") async throws -> ImportReport {
        try Task.checkCancellation()
        let prepared = try feed.prepare(bytes, page: page)
        return try await write(prepared)
    }

    /// Writes a mapped page in one transaction from async code (see the async `importPage(_:page:)`).
    @discardableResult
    public func write(_ page: PreparedPage<Entity, RowKey>) async throws -> ImportReport {
        try await write(page, seen: nil)
    }

    /// Writes a page in one transaction through the writer's async access; with `seen`, the identities of
    /// saved instances are recorded for orphan deletion.
    func write(_ page: PreparedPage<Entity, RowKey>, seen: SeenRows?) async throws -> ImportReport {
        try Task.checkCancellation()
        let options = writeOptions
        return try await writer.writeWithoutTransaction { db in
            try Self.write(page, in: db, options: options, seen: seen)
        }
    }
}
