import Foundation

/// An app's page sequence that logs each page as a sync reads it (the SQLite and PostgreSQL pipeline
/// tests; the PostgreSQL target links this file).
struct LoggedPages: AsyncSequence, Sendable {
    typealias Element = Data
    let pages: [Data]
    let log: EventLog

    struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: ArraySlice<Data>
        var number = 0
        let log: EventLog
        mutating func next() async throws -> Data? {
            guard let page = remaining.popFirst() else { return nil }
            number += 1
            log.append("read \(number)")
            return page
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: pages[...], log: log) }
}

/// Events from the sync's task and its progress callback, in order.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ event: String) { lock.withLock { stored.append(event) } }
    var events: [String] { lock.withLock { stored } }
}

extension EventLog {
    /// The events of a pipelined sync of `count` pages: each page read before the one before it is
    /// reported committed (`read 1, read 2, committed 1, read 3, committed 2, ...`).
    static func pipelined(pages count: Int) -> [String] {
        ["read 1"] + (1..<count).flatMap { ["read \($0 + 1)", "committed \($0)"] } + ["committed \(count)"]
    }
}
