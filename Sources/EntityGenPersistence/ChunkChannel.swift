import EntityGenRuntime
import Foundation

/// Hands mapped chunks from the mapping thread to the writer: at most two waiting, so memory stays
/// bounded whichever side is faster.
final class ChunkChannel<Entity: ImportableEntity>: @unchecked Sendable {
    private let condition = NSCondition()
    private var chunks: [PreparedPage<Entity, RowKey>] = []
    private var finished = false
    private var failure: ImportError?
    private var abandoned = false

    /// Waits for room; returns `false` when the writer gave up.
    func put(_ chunk: PreparedPage<Entity, RowKey>) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while chunks.count >= 2 && !abandoned { condition.wait() }
        guard !abandoned else { return false }
        chunks.append(chunk)
        condition.broadcast()
        return true
    }

    /// Marks the end of the page, or the mapping error that ends it.
    func finish(_ error: ImportError?) {
        condition.lock()
        finished = true
        failure = error
        condition.broadcast()
        condition.unlock()
    }

    /// The next chunk, `nil` at the end; throws the mapping error.
    func take() throws -> PreparedPage<Entity, RowKey>? {
        condition.lock()
        defer { condition.unlock() }
        while chunks.isEmpty && !finished { condition.wait() }
        if !chunks.isEmpty {
            condition.broadcast()
            return chunks.removeFirst()
        }
        if let failure { throw failure }
        return nil
    }

    /// Releases a waiting producer when the writer stops early.
    func abandon() {
        condition.lock()
        abandoned = true
        condition.broadcast()
        condition.unlock()
    }
}
