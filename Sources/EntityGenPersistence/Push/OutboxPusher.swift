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
/// - A network error, a 5xx, a 408 or a 429 is retried with exponential backoff (a 429's or 503's
///   `Retry-After` seconds are honoured, up to `maximumDelay`); after `maximumAttempts` the push stops
///   with ``PushError/serverUnavailable(entity:attempts:reason:report:)`` and the edit stays.
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
    private let entities: [String: any PushableEntity.Type]

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
            let job: PushJob?
            do {
                job = try await nextJob(&report)
            } catch let PushError.unknownEntity(entity, _) {
                throw PushError.unknownEntity(entity, report: report)
            }
            guard let job else { break }
            let outcome = try await send(job, through: guarded, report: &report)
            try await settle(job, outcome, report: &report)
        }
        report.pending = try await writer.read { db in try Outbox.entries(db).count }
        return report
    }

    /// The next edit to send, with its request; edits that need none are dropped on the way.
    private func nextJob(_ report: inout PushReport) async throws -> PushJob? {
        let entities = entities
        let baseURL = baseURL
        let header = idempotencyHeader
        let (job, dropped) = try await writer.write { db -> (PushJob?, Int) in
            var dropped = 0
            guard try db.tableExists(Outbox.tableName) else { return (nil, 0) }
            while let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT * FROM \(Outbox.tableName) AS o WHERE failedStatus IS NULL AND NOT EXISTS (
                    SELECT 1 FROM \(Outbox.tableName) AS f
                    WHERE f.entity = o.entity AND f.key = o.key AND f."_id" < o."_id")
                    ORDER BY "_id" LIMIT 1
                    """)
            {
                let entry = try OutboxEntry(row: row)
                guard let type = entities[entry.entity] else {
                    throw PushError.unknownEntity(entry.entity, report: .init())
                }
                if let job = try type.job(for: entry, baseURL: baseURL, idempotencyHeader: header, in: db) {
                    try db.execute(
                        sql: "UPDATE \(Outbox.tableName) SET attempts = attempts + 1, payload = ? WHERE \"_id\" = ?",
                        arguments: [job.request.httpBody, entry.sequence])
                    return (job, dropped)
                }
                try db.execute(sql: "DELETE FROM \(Outbox.tableName) WHERE \"_id\" = ?", arguments: [entry.sequence])
                dropped += 1
            }
            return (nil, dropped)
        }
        report.dropped += dropped
        return job
    }

    /// How a request ended.
    private enum Outcome {
        case accepted(Data)
        case refused(PushFailure)
    }

    /// Sends a request until it is accepted or refused, or the attempts run out.
    private func send(_ job: PushJob, through session: URLSession, report: inout PushReport) async throws -> Outcome {
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
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                switch status {
                case 200..<300:
                    return .accepted(data)
                case 408, 429, 500..<600:
                    reason = "HTTP \(status)"
                    retryAfter = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Retry-After")
                        .flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.map { .seconds($0) }
                default:
                    return .refused(
                        PushFailure(
                            status: status, message: String(String(decoding: data, as: UTF8.self).prefix(1_000))))
                }
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                if Task.isCancelled { throw CancellationError() }
                reason = error.localizedDescription
            }
            guard attempt < maximumAttempts else {
                throw PushError.serverUnavailable(
                    entity: job.entry.entity, attempts: attempt, reason: reason, report: report)
            }
            report.retries += 1
            try await Task.sleep(for: min(retryAfter ?? delay, maximumDelay))
            delay = min(delay * 2, maximumDelay)
        }
    }

    /// Records an outcome: the edit removed and the response stored, or the edit marked failed.
    private func settle(_ job: PushJob, _ outcome: Outcome, report: inout PushReport) async throws {
        let entry = job.entry
        switch outcome {
        case let .refused(failure):
            try await writer.write { db in
                try db.execute(
                    sql: "UPDATE \(Outbox.tableName) SET failedStatus = ?, failure = ? WHERE \"_id\" = ?",
                    arguments: [failure.status, failure.message, entry.sequence])
            }
            var failed = entry
            failed.failure = failure
            failed.attempts += 1
            report.failed.append(failed)
        case let .accepted(body):
            let issue = try await writer.writeWithoutTransaction { db -> String? in
                try db.execute(sql: "PRAGMA recursive_triggers = ON")
                try DecimalCollation.register(in: db)
                var issue: String?
                try db.inTransaction(.immediate) {
                    try db.execute(
                        sql: "DELETE FROM \(Outbox.tableName) WHERE \"_id\" = ?", arguments: [entry.sequence])
                    let editedSince =
                        try Bool.fetchOne(
                            db, sql: "SELECT EXISTS (SELECT 1 FROM \(Outbox.tableName) WHERE entity = ? AND key = ?)",
                            arguments: [entry.entity, entry.keyText]) ?? false
                    if entry.operation != .delete, !editedSince, Self.holdsObject(body) {
                        issue = try Outbox.withoutCapture(db) { try job.storeResponse(Array(body), db) }
                    }
                    return .commit
                }
                return issue
            }
            if let issue { report.responseIssues.append("\(entry.entity) \(entry.operation.rawValue): \(issue)") }
            switch entry.operation {
            case .create: report.created += 1
            case .update: report.updated += 1
            case .delete: report.deleted += 1
            }
        }
    }

    /// Whether a response body is a JSON object (an empty body, `204`, has nothing to store).
    private static func holdsObject(_ body: Data) -> Bool {
        body.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) } == UInt8(ascii: "{")
    }
}

/// One edit ready to send: its entry, its request and how to store the response.
struct PushJob: Sendable {
    var entry: OutboxEntry
    var key: [DatabaseValue]
    var request: URLRequest
    var storeResponse: @Sendable ([UInt8], Database) throws -> String?
}

extension PushableEntity {
    /// The request that sends `entry`, or `nil` when there is nothing to send (the row is gone, or the
    /// schema declares no route for the edit).
    static func job(for entry: OutboxEntry, baseURL: URL, idempotencyHeader: String, in db: Database) throws -> PushJob?
    {
        let routes = SQLite.pushRoutes
        guard let route = routes.route(for: entry.operation) else { return nil }
        let key = entry.key.map(\.databaseValue)
        let path = try route.resolvedPath(
            identity: routes.identity, key: key, entity: routes.entity, uuidColumns: routes.uuidColumns)
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base + path) else {
            throw PushError.invalidRoute(entity: routes.entity, path: route.path, reason: "'\(path)' is not a URL path")
        }
        var request = URLRequest(url: url)
        request.httpMethod = route.method
        request.setValue(entry.idempotencyKey, forHTTPHeaderField: idempotencyHeader)
        if route.hasBody {
            // A retry sends the body the first attempt sent, whatever the row holds now: one idempotency
            // key, one request. (A later edit of the row is an entry of its own.)
            guard
                let body = try entry.payload
                    ?? pushBody(
                        key: key, changedKeys: entry.operation == .update ? entry.changedKeys : nil,
                        patch: route.sendsChangedKeysOnly, in: db)
            else { return nil }
            request.httpBody = Data(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return PushJob(entry: entry, key: key, request: request) { bytes, db in try storeResponse(bytes, in: db) }
    }
}
