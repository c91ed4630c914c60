import EntityGenRuntime
import GRDB

/// An entity whose schema declares `push:`: its SQLite store knows the requests that send local edits,
/// which generated triggers record in the ``Outbox``.
public protocol PushableEntity: PersistableEntity where SQLite: PushableStore {
    /// Every row as the graph JSON maps to (generated): what a create or update sends, read back by key.
    static func requestIncludingRelationships() -> QueryInterfaceRequest<Self>
}

/// A store that knows its entity's push requests (generated for entities with `push:`).
public protocol PushableStore: EntityStore {
    /// The requests that send local edits.
    static var pushRoutes: PushRoutes { get }
}

extension PushableEntity {
    /// The JSON a create or update of the stored row `key` sends: the whole entity, or for a `PATCH`
    /// only the top-level keys in `changedKeys` (`nil`: all). `nil` when the row is gone.
    static func pushBody(key: [DatabaseValue], changedKeys: [String]?, patch: Bool, in db: Database) throws -> [UInt8]?
    {
        let routes = SQLite.pushRoutes
        let filter = Dictionary(
            uniqueKeysWithValues: zip(routes.identity, key.map { $0 as (any DatabaseValueConvertible)? }))
        guard let model = try requestIncludingRelationships().filter(key: filter).fetchOne(db) else { return nil }
        let bytes = model.jsonBytes()
        guard patch, let changedKeys else { return bytes }
        return try JSONMemberFilter.keeping(Set(changedKeys), of: bytes)
    }

    /// Maps a response body and stores it as an import would, in `session` (whose writes, with capture
    /// paused, are not captured); returns why the body did not map, if it did not.
    static func storeResponse(_ bytes: [UInt8], in session: inout ImportSession) throws -> String? {
        let mapped: Mapped<Self>
        do { mapped = try map(json: bytes) } catch { return error.description }
        try SQLite.save(mapped.value, in: &session)
        return nil
    }
}

/// Copies the members of a JSON object whose keys are in a set, values as written (``AnyJSON``).
enum JSONMemberFilter {
    /// The object `bytes` with only the members named in `keys`.
    static func keeping(_ keys: Set<String>, of bytes: [UInt8]) throws -> [UInt8] {
        let document = try JSONDocument(bytes: bytes)
        let object = document.withRoot { AnyJSON($0) }
        guard case let .object(members) = object else { return bytes }
        var writer = JSONWriter()
        AnyJSON.object(members.filter { keys.contains($0.key) }).write(to: &writer)
        return writer.bytes
    }
}
