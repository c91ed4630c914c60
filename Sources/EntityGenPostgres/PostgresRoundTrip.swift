import Foundation
import PostgresNIO

/// Every wait for the server, bounded: each statement fails when the server has not answered within
/// the importer's (or migrator's) ``PostgresTimeouts/roundTrip``, or at once when the connection closes
/// while it waits (postgres-nio 1.33 leaves such a query waiting forever: a server that ends an idle
/// transaction, a terminated backend). A connection given up on is closed, so the server rolls its
/// transaction back; nothing of the page or migration is committed.
///
/// The bound in force is a task-local value, set by the importer and the migrator around their work
/// (``PostgresRoundTrip/$timeout``), so the statements deep inside a page's flush need no parameter.
enum PostgresRoundTrip {
    /// The bound on one statement in the current task; `nil`: none (a closed connection still fails it).
    @TaskLocal static var timeout: Duration?

    /// How often a waiting statement looks whether its connection has closed.
    static let closeCheckInterval: Duration = .milliseconds(50)

    /// Runs `operation`, one round trip on `connection` described by `what` (in errors), within the
    /// bound. Cancelling the caller cancels the operation.
    static func bounded<Value: Sendable>(
        on connection: PostgresConnection, _ what: @autoclosure () -> String,
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let label = what()
        let timeout = timeout
        return try await race(operation) { race in
            let start = ContinuousClock.now
            while true {
                let waited = ContinuousClock.now - start
                if let timeout, waited >= timeout {
                    let bound = PostgresTimeouts.describe(timeout)
                    if race.finish(.failure(PostgresRoundTripError(noAnswerWithin: bound, to: label))) {
                        connection.abandon()
                    }
                    return
                }
                if connection.isClosed {
                    race.finish(.failure(PostgresRoundTripError(closedDuring: label)))
                    return
                }
                var pause = closeCheckInterval
                if let timeout { pause = min(pause, timeout - waited) }
                guard (try? await Task.sleep(for: pause)) != nil else { return }
            }
        }
    }

    /// Runs `body` on one of `client`'s connections, which must come within `timeouts.connect`, with
    /// each of its statements bounded by `timeouts.roundTrip`.
    static func withConnection<Result>(
        _ client: PostgresClient, timeouts: PostgresTimeouts, _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await $timeout.withValue(timeouts.roundTrip) {
            try await connect(client, within: timeouts.connect)
            return try await client.withConnection { try await body($0) }
        }
    }

    /// Leases a connection from `client` and gives it back at once, within `timeout`: the pool then holds
    /// one, so the caller's own lease does not wait for a server that cannot be reached.
    static func connect(_ client: PostgresClient, within timeout: Duration) async throws {
        try await within(
            timeout, failing: PostgresRoundTripError(noConnectionWithin: PostgresTimeouts.describe(timeout))
        ) {
            try await client.withConnection { _ in }
        }
    }

    /// Runs `operation`, failing with `failure` when it has not finished within `timeout` (it is then
    /// cancelled and left to end on its own).
    static func within<Value: Sendable>(
        _ timeout: Duration, failing failure: PostgresRoundTripError,
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await race(operation) { race in
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            race.finish(.failure(failure))
        }
    }

    /// Runs `operation` in a task of its own, and `watch` beside it until the operation finishes; the
    /// first of them to finish the race decides the result. A losing operation is cancelled and left to
    /// end on its own: the caller does not wait for a statement that may never return.
    private static func race<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Value,
        watch: @escaping @Sendable (RoundTripRace<Value>) async -> Void
    ) async throws -> Value {
        let race = RoundTripRace<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.start(
                    continuation,
                    work: Task {
                        do { race.finish(.success(try await operation())) } catch { race.finish(.failure(error)) }
                    },
                    watcher: Task { await watch(race) })
            }
        } onCancel: {
            race.cancel()
        }
    }
}

/// One round trip's race: the operation against its watcher; resumes its waiter exactly once.
final class RoundTripRace<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, any Error>?
    /// The result when the race finished before its waiter started waiting.
    private var early: Result<Value, any Error>?
    private var done = false
    private var tasks: [Task<Void, Never>] = []
    private var cancelled = false

    /// Starts waiting with `continuation` for `work`, watched by `watcher`.
    func start(
        _ continuation: CheckedContinuation<Value, any Error>, work: Task<Void, Never>, watcher: Task<Void, Never>
    ) {
        lock.lock()
        if done, let early {
            lock.unlock()
            work.cancel()
            watcher.cancel()
            continuation.resume(with: early)
            return
        }
        self.continuation = continuation
        tasks = [work, watcher]
        let cancelled = cancelled
        lock.unlock()
        if cancelled { work.cancel() }
    }

    /// Resumes the waiter with `result` unless the race was finished before; returns whether this call
    /// finished it. Whatever still runs is cancelled.
    @discardableResult
    func finish(_ result: Result<Value, any Error>) -> Bool {
        lock.lock()
        guard !done else {
            lock.unlock()
            return false
        }
        done = true
        guard let continuation else {
            early = result
            lock.unlock()
            return true
        }
        self.continuation = nil
        let tasks = tasks
        self.tasks = []
        lock.unlock()
        for task in tasks { task.cancel() }
        continuation.resume(with: result)
        return true
    }

    /// The caller was cancelled: the operation is cancelled, and its error (a `CancellationError`, a
    /// cancelled query) finishes the race.
    func cancel() {
        lock.lock()
        cancelled = true
        let work = tasks.first
        lock.unlock()
        work?.cancel()
    }
}

/// A statement the server did not answer in time, or a connection that closed while one waited.
struct PostgresRoundTripError: Error, CustomStringConvertible {
    /// What to tell the user.
    let message: String
    var description: String { message }

    init(noAnswerWithin bound: String, to what: String) {
        message =
            "PostgreSQL: no answer within \(bound) to \(what); the connection was closed, so the server rolls its transaction back"
            + (what == "COMMIT" ? " unless it had committed it already (importing the page again is safe)" : "")
    }

    init(closedDuring what: String) {
        message =
            "PostgreSQL: the connection closed while waiting for \(what) (the server restarted, the backend was terminated, or a server timeout such as idle_in_transaction_session_timeout ended it)"
            + (what == "COMMIT" ? "; the page may or may not be committed (importing it again is safe)" : "")
    }

    init(noConnectionWithin bound: String) {
        message =
            "no connection to PostgreSQL within \(bound): the client could not connect (a server that refuses or is unreachable, rejected credentials, a missing database); PostgresConnectionCheck.check(_:) with the client's settings says which, and postgres-nio logs it on the client's background logger as \"Connection creation failed\""
    }

    init(noAnswerWithin bound: String) {
        message = "nothing answered within \(bound)"
    }
}
