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
    /// A temporary id for a row created on the device, which the server replaces with the id it assigns
    /// when the creation is pushed: one below the table's lowest id and below zero (`-1`, `-2`, ...). For
    /// an entity identified by one integer attribute; see the Offline Edits article.
    /// - Throws: a `DatabaseError` (`SQLITE_MISUSE`) for an entity identified otherwise (a UUID is made
    ///   on the device: `UUID()` needs no server).
    public static func temporaryID(_ db: Database) throws -> Int64 {
        let routes = SQLite.pushRoutes
        let column = SQLText.identifier(routes.identity.first ?? "id")
        let lowest = try DatabaseValue.fetchOne(
            db, sql: "SELECT min(coalesce(min(\(column)), 0), 0) FROM \(SQLText.identifier(routes.table))")
        guard routes.identity.count == 1, routes.uuidColumns.isEmpty, case let .int64(value)? = lowest?.storage else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "temporaryID: \(routes.entity) is not identified by one integer attribute "
                    + "(\(routes.identity.joined(separator: ", "))); only a server-assigned integer id is temporary")
        }
        return value - 1
    }

    /// The JSON a create or update of the stored row `key` sends: the whole entity, or for a `PATCH`
    /// only the top-level keys in `changedKeys` (`nil`: all); a create leaves out a temporary id, which
    /// the server replaces. `nil` when the row is gone.
    static func pushBody(
        key: [DatabaseValue], changedKeys: [String]?, patch: Bool, creation: Bool, in db: Database
    ) throws -> [UInt8]? {
        let routes = SQLite.pushRoutes
        let filter = Dictionary(
            uniqueKeysWithValues: zip(routes.identity, key.map { $0 as (any DatabaseValueConvertible)? }))
        guard let model = try requestIncludingRelationships().filter(key: filter).fetchOne(db) else { return nil }
        let bytes = model.jsonBytes()
        if creation {
            let temporary = zip(routes.identity, key).compactMap { column, value in
                TemporaryIdentity.isTemporary(value) ? routes.jsonKeys[column] : nil
            }
            return temporary.isEmpty ? bytes : try JSONMemberFilter.filter(bytes) { !temporary.contains($0) }
        }
        guard patch, let changedKeys else { return bytes }
        return try JSONMemberFilter.filter(bytes) { changedKeys.contains($0) }
    }

    /// Maps a response body and stores it as an import would, in `session` (whose writes, with capture
    /// paused, are not captured); returns why the body did not map, if it did not.
    static func storeResponse(_ bytes: [UInt8], in session: inout ImportSession) throws -> String? {
        let mapped: Mapped<Self>
        do { mapped = try map(json: bytes) } catch { return error.description }
        try SQLite.save(mapped.value, in: &session)
        return nil
    }

    /// The foreign key columns of the entity's table.
    static func foreignKeyColumns(_ db: Database) throws -> [String] {
        try TemporaryIdentity.foreignKeyColumns(of: SQLite.pushRoutes.table, in: db)
    }

    /// Whether `entry`'s row points at a row that still has a temporary id (``TemporaryIdentity``).
    static func pointsAtTemporaryRow(_ entry: OutboxEntry, foreignKeys: [String], in db: Database) throws -> Bool {
        try TemporaryIdentity.pointsAtTemporaryRow(
            SQLite.pushRoutes, key: entry.key.map(\.databaseValue), foreignKeys: foreignKeys, in: db)
    }

    /// After a create's response: when the server names the row by another identity (it assigned the
    /// id), the row created as `entry` takes it (``TemporaryIdentity``). Returns the row's key as the
    /// outbox writes it now, or `nil` when it is unchanged (or the response does not map, which storing
    /// it reports).
    static func adoptIdentity(from bytes: [UInt8], of entry: OutboxEntry, in db: Database) throws -> String? {
        guard let mapped = try? map(json: bytes), let key = SQLite.rowKey(of: mapped.value) else { return nil }
        let newKey = key.values.map(\.columnDatabaseValue)
        let oldKey = entry.key.map(\.databaseValue)
        guard newKey != oldKey, !newKey.contains(where: \.isNull) else { return nil }
        return try TemporaryIdentity.rename(
            SQLite.pushRoutes, from: oldKey, oldKeyText: entry.keyText, to: newKey, in: db)
    }
}

/// Copies the members of a JSON object that a predicate keeps, values as written (``AnyJSON``).
enum JSONMemberFilter {
    /// The object `bytes` with only the members whose key `keeps` accepts.
    static func filter(_ bytes: [UInt8], keeping keeps: (String) -> Bool) throws -> [UInt8] {
        let document = try JSONDocument(bytes: bytes)
        let object = document.withRoot { AnyJSON($0) }
        guard case let .object(members) = object else { return bytes }
        var writer = JSONWriter()
        AnyJSON.object(members.filter { keeps($0.key) }).write(to: &writer)
        return writer.bytes
    }
}
