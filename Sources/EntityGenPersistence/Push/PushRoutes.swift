import Foundation
import GRDB

/// The requests that write an entity's local edits to the server, as its schema's `push:` declares them.
/// Generated in the entity's SQLite store (`Todo.SQLite.pushRoutes`); ``OutboxPusher`` reads it.
public struct PushRoutes: Sendable {
    /// The entity's schema name, as the outbox records it.
    public var entity: String
    /// The entity's table.
    public var table: String
    /// The identification columns, in order: an outbox entry's key holds their values.
    public var identity: [String]
    /// The request that sends a row created locally (`nil`: creations are not sent).
    public var create: PushRoute?
    /// The request that sends a row updated locally (`nil`: updates are not sent).
    public var update: PushRoute?
    /// The request that sends a row deleted locally (`nil`: deletions are not sent).
    public var delete: PushRoute?
    /// For each stored column, the top-level JSON key its value is written under: what a `PATCH` body
    /// sends when the column changed.
    public var jsonKeys: [String: String]
    /// The identification columns that hold a `UUID` (stored as 16 bytes): a path gives its text, as
    /// JSON does.
    public var uuidColumns: Set<String>

    /// Creates an entity's routes.
    public init(
        entity: String, table: String, identity: [String], create: PushRoute?, update: PushRoute?,
        delete: PushRoute?, jsonKeys: [String: String], uuidColumns: Set<String> = []
    ) {
        self.uuidColumns = uuidColumns
        self.entity = entity
        self.table = table
        self.identity = identity
        self.create = create
        self.update = update
        self.delete = delete
        self.jsonKeys = jsonKeys
    }

    /// The route that sends an operation, if the schema declares one.
    public func route(for operation: OutboxOperation) -> PushRoute? {
        switch operation {
        case .create: create
        case .update: update
        case .delete: delete
        }
    }
}

/// One request of ``PushRoutes``: a method and a path template whose `{column}` placeholders name
/// identification columns (`/todos/{id}`).
public struct PushRoute: Sendable, Hashable {
    /// The HTTP method: `POST`, `PUT`, `PATCH` or `DELETE`.
    public var method: String
    /// The path template, relative to the pusher's base URL.
    public var path: String

    /// Creates a route.
    public init(method: String, path: String) {
        self.method = method
        self.path = path
    }

    /// Whether the body holds only the keys an update changed (`PATCH`), rather than the whole entity.
    public var sendsChangedKeysOnly: Bool { method == "PATCH" }

    /// Whether the request carries a body: every method but `DELETE`.
    public var hasBody: Bool { method != "DELETE" }

    /// The path with each `{column}` replaced by that identification column's value, percent-encoded
    /// as one path segment.
    /// - Throws: ``PushError/invalidRoute(entity:path:reason:)`` when a placeholder names no
    ///   identification column or its value is null or a blob.
    public func resolvedPath(
        identity: [String], key: [DatabaseValue], entity: String, uuidColumns: Set<String> = []
    ) throws(PushError) -> String {
        var result = ""
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw .invalidRoute(entity: entity, path: path, reason: "a '{' without its '}'")
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard let index = identity.firstIndex(of: name), index < key.count else {
                throw .invalidRoute(entity: entity, path: path, reason: "'{\(name)}' names no identification column")
            }
            let text: String
            switch key[index].storage {
            case let .int64(value): text = String(value)
            case let .double(value): text = String(value)
            case let .string(value): text = value
            case let .blob(data) where data.count == 16 && uuidColumns.contains(name):
                text = UUIDStorage.uuid(data).uuidString
            case .blob, .null:
                throw .invalidRoute(entity: entity, path: path, reason: "'{\(name)}' has no text form in this row")
            }
            result += text.addingPercentEncoding(withAllowedCharacters: Self.segmentCharacters) ?? text
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// What a path segment may hold unescaped (RFC 3986 unreserved characters).
    private static let segmentCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
