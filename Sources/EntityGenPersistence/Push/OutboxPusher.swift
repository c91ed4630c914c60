import EntityGenImport
import EntityGenRuntime
import Foundation
import GRDB

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends the ``Outbox``'s pending edits to the server, in order, one request each.
///
/// - Each request carries the edit's idempotency key (header `idempotencyHeader`), the same on every
///   attempt, so a server that applied an edit whose response was lost can tell the retry.
/// - A network error, a 5xx, a 408 or a 429 is retried with exponential backoff (a `Retry-After`, in
///   seconds or as an HTTP date, is honoured, up to `maximumDelay`); after `maximumAttempts` the push
///   stops with ``PushError/serverUnavailable(entity:attempts:reason:report:)`` and the edit stays.
/// - Another 4xx (or a redirect, never followed) marks the edit failed with the response: it stays, is
///   reported, and the row's later edits wait; the push goes on with other rows.
/// - A 2xx removes the edit and stores the response body, mapped through the entity's mapper
///   (server-assigned values, `updated_at`), in one transaction. A row edited again meanwhile keeps its
///   local values: its next edit sends them.
///
/// Requests go only to `baseURL`'s origin; `prepareRequest` adds headers (authentication) as `sync`'s
/// does. Cancelling the task stops the push between requests, or abandons the one in flight, whose edit
/// stays and is sent again, with the same idempotency key, by the next push.
public struct OutboxPusher: Sendable {
    /// Where the outbox is.
    public let writer: any DatabaseWriter
    /// The URL route paths are relative to.
    public let baseURL: URL
    /// The session requests go through (its configuration is used).
    public var session: URLSession
    /// The header that carries an edit's idempotency key.
    public var idempotencyHeader = "Idempotency-Key"
    /// Attempts per edit before the push stops.
    public var maximumAttempts = 5
    /// The wait before the first retry; it doubles with each retry.
    public var initialDelay: Duration = .milliseconds(250)
    /// The longest wait between attempts.
    public var maximumDelay: Duration = .seconds(30)
    /// Adds headers to each request (authentication).
    public var prepareRequest: (@Sendable (inout URLRequest) -> Void)?
    let entities: [String: any PushableEntity.Type]

    /// Creates a pusher for the edits of `entities` (every entity with `push:` whose edits the outbox may
    /// hold).
    public init(
        entities: [any PushableEntity.Type], writer: any DatabaseWriter, baseURL: URL, session: URLSession = .shared,
        prepareRequest: (@Sendable (inout URLRequest) -> Void)? = nil
    ) {
        self.writer = writer
        self.baseURL = baseURL
        self.session = session
        self.prepareRequest = prepareRequest
        var byName: [String: any PushableEntity.Type] = [:]
        for type in entities { byName[Self.name(of: type)] = type }
        self.entities = byName
    }

    /// The schema name an entity's edits are recorded under.
    private static func name<Entity: PushableEntity>(of type: Entity.Type) -> String {
        Entity.SQLite.pushRoutes.entity
    }

    /// Sends every pending edit that can be sent, in order.
    @discardableResult
    public func push() async throws -> PushReport {
        var report = PushReport()
        let origin = SyncOrigin(baseURL, allowedHosts: [])
        let guarded = URLSession(
            configuration: session.configuration, delegate: SyncRedirectGuard(origin), delegateQueue: nil)
        defer { guarded.finishTasksAndInvalidate() }
        while true {
            try Task.checkCancellation()
            let jobs: [PushJob]
            do {
                jobs = try await nextJobs(&report)
            } catch let PushError.unknownEntity(entity, _) {
                throw PushError.unknownEntity(entity, report: report)
            }
            guard !jobs.isEmpty else { break }
            var outcomes: [PushOutcome] = []
            do {
                for job in jobs {
                    try Task.checkCancellation()
                    outcomes.append(try await send(job, through: guarded, report: &report))
                }
            } catch {
                // What was answered is settled. The edit in hand may have reached the server (its
                // response lost, its attempts run out, or cancelled mid-request): it stays attempted, to
                // go out again with the same key and body. The edits after it go back as they were.
                try await settle(outcomes, unsent: Array(jobs.dropFirst(outcomes.count + 1)), report: &report)
                if let unavailable = error as? PushUnavailable {
                    report.pending = try await writer.read { db in try Outbox.entries(db).count }
                    throw PushError.serverUnavailable(
                        entity: unavailable.entity, attempts: unavailable.attempts, reason: unavailable.reason,
                        report: report)
                }
                throw error
            }
            try await settle(outcomes, unsent: [], report: &report)
        }
        report.pending = try await writer.read { db in try Outbox.entries(db).count }
        return report
    }

    /// Sends a request until it is accepted or refused.
    /// - Throws: ``PushUnavailable`` when the attempts run out; `CancellationError`.
    private func send(
        _ job: PushJob, through session: URLSession, report: inout PushReport
    ) async throws
        -> PushOutcome
    {
        var delay = initialDelay
        var attempt = 0
        while true {
            attempt += 1
            var request = job.request
            prepareRequest?(&request)
            var reason: String
            var retryAfter: Duration?
            do {
                let (data, response) = try await session.data(for: request)
                let http = response as? HTTPURLResponse
                let status = http?.statusCode ?? 0
                switch status {
                case 200..<300:
                    return PushOutcome(job: job, result: .accepted(data))
                case 408, 429, 500..<600:
                    reason = "HTTP \(status)"
                    retryAfter = http?.value(forHTTPHeaderField: "Retry-After").flatMap(Self.retryAfter)
                default:
                    let message = String(String(decoding: data, as: UTF8.self).prefix(1_000))
                    return PushOutcome(job: job, result: .refused(PushFailure(status: status, message: message)))
                }
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                if Task.isCancelled { throw CancellationError() }
                reason = error.localizedDescription
            }
            guard attempt < maximumAttempts else {
                throw PushUnavailable(entity: job.entry.entity, attempts: attempt, reason: reason)
            }
            report.retries += 1
            try await Task.sleep(for: min(retryAfter ?? delay, maximumDelay))
            delay = min(delay * 2, maximumDelay)
        }
    }
}

extension OutboxPusher {
    /// A `Retry-After` value: delay seconds, or an HTTP date (`Wed, 21 Oct 2026 07:28:00 GMT`), as the
    /// wait from now (none for a date in the past); `nil` when it is neither.
    package static func retryAfter(_ value: String) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text), seconds >= 0 { return .seconds(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return .milliseconds(max(0, Int(date.timeIntervalSinceNow * 1_000)))
    }
}

/// The attempts at one edit ran out (the push stops with ``PushError/serverUnavailable(entity:attempts:reason:report:)``).
struct PushUnavailable: Error {
    var entity: String
    var attempts: Int
    var reason: String
}
