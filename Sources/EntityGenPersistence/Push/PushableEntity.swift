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

    /// The foreign key columns of the entity's table.
    static func foreignKeyColumns(_ db: Database) throws -> [String] {
        try TemporaryIdentity.foreignKeyColumns(of: SQLite.pushRoutes.table, in: db)
    }

    /// Whether `entry`'s row points at a row that still has a temporary id (``TemporaryIdentity``).
    static func pointsAtTemporaryRow(_ entry: OutboxEntry, foreignKeys: [String], in db: Database) throws -> Bool {
        try TemporaryIdentity.pointsAtTemporaryRow(
            SQLite.pushRoutes, key: entry.key.map(\.databaseValue), foreignKeys: foreignKeys, in: db)
    }

    /// Stores an accepted create's or update's response, mapped once through the entity's mapper: a
    /// creation's row first takes the identity the server gave it (``TemporaryIdentity``), then the
    /// response is stored as an import would, unless the row was edited again since (`editedSince`, by
    /// outbox key: it keeps its local values). What does not map, or what the database refuses for this
    /// response alone (it names a row deleted here since), is rolled back to a savepoint and reported
    /// through `issue`, so that the other responses are stored.
    static func storeResponse(
        _ bytes: [UInt8], of entry: OutboxEntry, in db: Database, editedSince: (String) throws -> Bool,
        issue: (String) -> Void
    ) throws {
        let mapped: Mapped<Self>
        let absent: AbsentTree
        do { (mapped, absent) = try mapRecordingAbsentKeys(json: bytes) } catch {
            if try !editedSince(entry.keyText) { issue(error.description) }
            return
        }
        var keyText = entry.keyText
        if entry.operation == .create, let key = SQLite.rowKey(of: mapped.value) {
            let newKey = key.values.map(\.columnDatabaseValue)
            let oldKey = entry.key.map(\.databaseValue)
            if newKey != oldKey, !newKey.contains(where: \.isNull) {
                try refusable(db, issue) {
                    keyText = try TemporaryIdentity.rename(
                        SQLite.pushRoutes, from: oldKey, oldKeyText: entry.keyText, to: newKey, in: db)
                }
            }
        }
        guard try !editedSince(keyText) else { return }
        try refusable(db, issue) {
            var session = ImportSession(db)
            try SQLite.save(mapped.value, absent: absent, in: &session)
            _ = try session.finish()
        }
    }

    /// Runs `body` in a savepoint: an import error, or a constraint the database enforces, rolls it back
    /// and is reported through `issue`; any other error (the database is failing) is thrown.
    private static func refusable(_ db: Database, _ issue: (String) -> Void, _ body: () throws -> Void) throws {
        do {
            try db.inSavepoint {
                try body()
                return .commit
            }
        } catch let error
            where error is ImportError || (error as? DatabaseError)?.resultCode == .SQLITE_CONSTRAINT
        {
            issue("the response was not stored: \(error)")
        }
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
