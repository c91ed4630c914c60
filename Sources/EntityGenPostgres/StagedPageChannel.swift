import Foundation

/// Hands staged chunks from the thread that maps a large page to the task that sends them: at most
/// `capacity` chunks wait, so mapping runs ahead of the server by a bounded amount of memory. The
/// producer blocks (a thread of its own, never a Swift concurrency thread); the consumer awaits.
final class StagedPageChannel: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [PostgresStagedPage] = []
    private var waiter: CheckedContinuation<PostgresStagedPage?, any Error>?
    private var finished = false
    private var failure: (any Error)?
    private var abandoned = false
    private let capacity: Int

    init(capacity: Int = 2) {
        self.capacity = capacity
    }

    /// Producer: adds a chunk, waiting while the channel is full. Returns false once the consumer has
    /// given up (the producer then stops).
    func put(_ page: PostgresStagedPage) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity, !abandoned { condition.wait() }
        if abandoned { return false }
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: page)
        } else {
            items.append(page)
        }
        return true
    }

    /// Producer: no more chunks; `error` when mapping failed.
    func finish(_ error: (any Error)?) {
        condition.lock()
        defer { condition.unlock() }
        finished = true
        failure = error
        guard let waiter else { return }
        self.waiter = nil
        if let error { waiter.resume(throwing: error) } else { waiter.resume(returning: nil) }
    }

    /// Consumer: the next chunk, `nil` after the last; throws the producer's error.
    func next() async throws -> PostgresStagedPage? {
        try await withCheckedThrowingContinuation { continuation in
            condition.lock()
            defer { condition.unlock() }
            if !items.isEmpty {
                let item = items.removeFirst()
                condition.signal()
                continuation.resume(returning: item)
            } else if finished {
                if let failure { continuation.resume(throwing: failure) } else { continuation.resume(returning: nil) }
            } else {
                waiter = continuation
            }
        }
    }

    /// Consumer: stops the producer (after an error or a cancellation).
    func abandon() {
        condition.lock()
        defer { condition.unlock() }
        abandoned = true
        items.removeAll()
        condition.broadcast()
    }
}
