/// What a push did: the edits the server accepted, by operation, and those it refused.
public struct PushReport: Sendable, Hashable {
    /// Creations the server accepted.
    public var created = 0
    /// Updates the server accepted.
    public var updated = 0
    /// Deletions the server accepted.
    public var deleted = 0
    /// Edits the server refused in this push (4xx): they stay in the outbox, marked failed.
    public var failed: [OutboxEntry] = []
    /// Edits held back because their row points at a row created here that still has a temporary id
    /// (the server refused its creation): they go out once that row has the server's id, so no
    /// temporary id reaches the server. Retry or discard the refused creation.
    public var waiting: [OutboxEntry] = []
    /// Edits dropped without a request: the row is gone, or its entity declares no route for the edit.
    public var dropped = 0
    /// Requests sent again after a network error, a 5xx, a 408 or a 429.
    public var retries = 0
    /// Accepted edits whose response body did not map (the edit is done; the row keeps its local values).
    public var responseIssues: [String] = []
    /// Edits left in the outbox after the push, failed ones included.
    public var pending = 0

    /// An empty report.
    public init() {}

    /// Edits the server accepted.
    public var sent: Int { created + updated + deleted }
}

/// Why a push stopped.
public enum PushError: Error, Sendable, CustomStringConvertible {
    /// The server could not be reached, or kept answering 5xx, 408 or 429, through every attempt: the edit
    /// and those after it stay in the outbox for the next push. `report` holds what was sent before.
    case serverUnavailable(entity: String, attempts: Int, reason: String, report: PushReport)
    /// An outbox entry names an entity the pusher was not given.
    case unknownEntity(String, report: PushReport)
    /// A route's path does not resolve for a row.
    case invalidRoute(entity: String, path: String, reason: String)
    /// An outbox row that does not read back.
    case unreadableOutbox(sequence: Int64, reason: String)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case let .serverUnavailable(entity, attempts, reason, report):
            "push stopped after \(attempts) attempts to send a '\(entity)' edit: \(reason); "
                + "\(report.sent) edits were sent, the rest stay in the outbox for the next push"
        case let .unknownEntity(entity, _):
            "the outbox holds an edit of '\(entity)', which this pusher was not given: pass its type"
        case let .invalidRoute(entity, path, reason):
            "the push route '\(path)' of '\(entity)' does not resolve: \(reason)"
        case let .unreadableOutbox(sequence, reason):
            "outbox entry \(sequence) does not read back: \(reason)"
        }
    }
}
