import EntityGenImport
import EntityGenRuntime
import Foundation

/// A large page's chunks, mapped by whichever of two threads is free and handed to the writer in feed
/// order: the mapping thread maps chunk after chunk, and the writer, when the chunk it needs next is
/// not mapped yet, maps the next one nobody has taken instead of waiting. So neither thread waits while
/// there is mapping left, on a 2-core host whichever side is faster. At most ``ahead`` chunks are taken
/// and not yet written, so memory stays bounded.
///
/// Written chunks the mapping thread mapped travel back (``retire(_:)``) and are released on it, which
/// allocated them: freeing 2,048 models is work the writer need not do (2-22% off the end-to-end time of
/// 100,000 pods on a 2-core Intel Xeon host), and each thread's allocator frees its own memory. Chunks
/// the writer mapped are released by the writer.
package final class ChunkChannel<Entity: ImportableEntity>: @unchecked Sendable {
    package typealias Chunk = PreparedPage<Entity, RowKey>

    private let condition = NSCondition()
    private let plan: [PageChunking.Chunk]
    private let map: (PageChunking.Chunk) throws(ImportError) -> Chunk
    /// Mapped chunks waiting for the writer, by index, and whether the writer mapped each.
    private var slots: [(result: Result<Chunk, ImportError>, byWriter: Bool)?]
    /// The next chunk nobody has taken to map.
    private var claimed = 0
    /// The next chunk the writer writes.
    private var taken = 0
    /// No chunk is taken to map any more: the writer gave up, or a chunk failed to map (the writer
    /// throws its error when it gets there, and nothing after it is needed).
    private var stopped = false
    /// Whether the writer mapped the chunk it took last (``retire(_:)`` then releases it there).
    private var lastTakenByWriter = false
    /// Chunks the writer has written, released by the mapping thread when it takes its next chunk.
    private var retired: [Chunk] = []

    /// Chunks taken to map and not yet written, at most.
    package static var ahead: Int { 4 }

    /// A channel for the chunks of `plan`, each mapped with `map`.
    package init(plan: [PageChunking.Chunk], map: @escaping (PageChunking.Chunk) throws(ImportError) -> Chunk) {
        self.plan = plan
        self.map = map
        slots = Array(repeating: nil, count: plan.count)
    }

    /// The mapping thread's work: maps chunks in order until none is left or the writer gives up.
    package func mapChunks() {
        while true {
            condition.lock()
            while !stopped && claimed < plan.count && claimed - taken >= Self.ahead { condition.wait() }
            let written = retired
            retired = []
            guard !stopped && claimed < plan.count else {
                condition.unlock()
                return
            }
            let index = claimed
            claimed += 1
            condition.unlock()
            _ = consume written  // released here, on this thread, outside the lock
            mapChunk(index, byWriter: false)
        }
    }

    /// Maps chunk `index` and leaves it for the writer; called without the lock.
    private func mapChunk(_ index: Int, byWriter: Bool) {
        let result = Result { () throws(ImportError) in try map(plan[index]) }
        condition.lock()
        slots[index] = (result, byWriter)
        if case .failure = result { stopped = true }
        condition.broadcast()
        condition.unlock()
    }

    /// The next chunk in feed order, `nil` after the last; throws the mapping error of the first chunk
    /// that failed. While that chunk is being mapped, the writer maps the next free one.
    package func take() throws(ImportError) -> Chunk? {
        condition.lock()
        while true {
            if taken == plan.count {
                condition.unlock()
                return nil
            }
            if let slot = slots[taken] {
                slots[taken] = nil
                taken += 1
                lastTakenByWriter = slot.byWriter
                condition.broadcast()
                condition.unlock()
                return try slot.result.get()
            }
            if !stopped && claimed < plan.count && claimed - taken < Self.ahead {
                let index = claimed
                claimed += 1
                condition.unlock()
                mapChunk(index, byWriter: true)
                condition.lock()
            } else {
                condition.wait()
            }
        }
    }

    /// Hands back a chunk the writer has written: the mapping thread releases the ones it mapped.
    package func retire(_ chunk: consuming Chunk) {
        // Only the writer sets and reads this flag; a chunk it mapped is released here, on its thread.
        if lastTakenByWriter { return }
        condition.lock()
        retired.append(chunk)
        condition.unlock()
    }

    /// Stops the mapping when the writer stops early.
    package func abandon() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
