import EntityGenRuntime
import Foundation
import GRDB

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One edit ready to send: its entry, its request and how to store the response (the entity's
/// ``PushableEntity/storeResponse(_:of:in:editedSince:issue:)``).
struct PushJob: Sendable {
    var entry: OutboxEntry
    var request: URLRequest
    var storeResponse:
        @Sendable (_ body: [UInt8], _ db: Database, _ editedSince: (String) throws -> Bool, _ issue: (String) -> Void)
            throws -> Void
}

/// How one edit's request ended.
struct PushOutcome: Sendable {
    enum Result: Sendable {
        /// A 2xx, with its body.
        case accepted(Data)
        /// Another 4xx (or a redirect).
        case refused(PushFailure)
    }

    var job: PushJob
    var result: Result
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
                        patch: route.sendsChangedKeysOnly, creation: entry.operation == .create, in: db)
            else { return nil }
            request.httpBody = Data(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return PushJob(entry: entry, request: request) { body, db, editedSince, issue in
            try storeResponse(body, of: entry, in: db, editedSince: editedSince, issue: issue)
        }
    }
}
