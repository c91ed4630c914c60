import EntityGenRuntime
import Foundation
import GRDB

/// The local edits waiting to be sent: the `entitygen_outbox` table that the generated migrations create
/// when an entity declares `push:`.
///
/// Generated triggers record every insert, update and delete of such an entity's table in the same
/// transaction as the write, however it is made: GRDB's record methods (`insert`, `update`, `upsert`,
/// `save`, `delete`), its static requests (`deleteOne(db, id:)`, `updateAll`, `deleteAll`) or raw SQL.
/// A crash can never keep an edit while losing its entry, or the reverse. The importer's writes (pulls,
/// pushed responses) are not captured: they hold server data.
///
/// Each row keeps its edits in order and coalesces those not yet sent: create then update is one create
/// (sent with the latest values); create then delete is nothing; update then update is one update of
/// both changes; update then delete is a delete; delete then create is an update of every key. An edit
/// a push already picked up (the server may have applied it) is never changed: a later edit of the row
/// becomes a new entry behind it.
public enum Outbox {
    /// The outbox table's name.
    public static let tableName = "entitygen_outbox"
    /// While this table holds a row (only ever inside an importer's transaction), nothing is captured.
    static let pauseTableName = "entitygen_outbox_pause"

    /// Every pending edit, in the order a push sends them (none when no entity declares `push:`).
    public static func entries(_ db: Database) throws -> [OutboxEntry] {
        guard try db.tableExists(tableName) else { return [] }
        return try Row.fetchAll(db, sql: "SELECT * FROM \(tableName) ORDER BY \"_id\"").map(OutboxEntry.init(row:))
    }

    /// Clears the failure marks, so that the next push sends the refused edits again: as new requests
    /// (a new idempotency key, and the row's values at that time), since the server applied none of them.
    public static func retryFailed(_ db: Database) throws {
        guard try db.tableExists(tableName) else { return }
        try db.execute(
            sql: """
                UPDATE \(tableName) SET failedStatus = NULL, failure = NULL, payload = NULL, attempts = 0,
                idempotencyKey = lower(hex(randomblob(16))) WHERE failedStatus IS NOT NULL
                """)
    }

    /// Removes an edit from the outbox without sending it (a refused edit the user gave up on).
    public static func discard(_ entry: OutboxEntry, in db: Database) throws {
        guard try db.tableExists(tableName) else { return }
        try db.execute(sql: "DELETE FROM \(tableName) WHERE \"_id\" = ?", arguments: [entry.sequence])
    }

    /// Where the triggers leave the unsent edits an import overrode.
    static let conflictsTableName = "entitygen_outbox_conflicts"

    /// Runs `body` with capture paused, inside the caller's transaction: what it writes is server data.
    /// Returns what `body` returns, and the unsent edits its writes met. With `clientWins` (or
    /// `lastWriterWins`, where the device's change is the newer), the fields those edits changed are then
    /// written back (or the row deleted again) with capture on, as new edits.
    /// (The pause table's row marks server data: any row stops capture; row 1, written while the outbox
    /// holds unsent edits, has the generated conflict triggers apply the entity's policy; row 3, written
    /// while it holds none, spares every pulled row that check; row 2 alone, ``withoutTriggers(_:_:)``,
    /// turns every outbox trigger off.)
    static func withoutCapture<T>(_ db: Database, _ body: () throws -> T) throws -> (T, [EditConflict]) {
        guard try db.tableExists(pauseTableName) else { return (try body(), []) }
        let unsent = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(tableName) WHERE attempts = 0)")
        try db.execute(sql: "INSERT INTO \(pauseTableName) (\"_id\") VALUES (\(unsent == true ? 1 : 3))")
        let result = try body()
        try db.execute(sql: "DELETE FROM \(pauseTableName)")
        return (result, try resolveConflicts(db))
    }

    /// Runs `body` with no outbox trigger at all, neither capture nor conflict handling, then restores
    /// the pause marker as it was: the pusher giving a row the id the server assigned changes only the
    /// row's name (and, by cascade, what points at it), which is no edit and overrides none.
    static func withoutTriggers(_ db: Database, _ body: () throws -> Void) throws {
        let previous = try Int64.fetchOne(db, sql: "SELECT \"_id\" FROM \(pauseTableName)")
        try db.execute(sql: "DELETE FROM \(pauseTableName)")
        try db.execute(sql: "INSERT INTO \(pauseTableName) (\"_id\") VALUES (2)")
        try body()
        try db.execute(sql: "DELETE FROM \(pauseTableName)")
        if let previous {
            try db.execute(sql: "INSERT INTO \(pauseTableName) (\"_id\") VALUES (?)", arguments: [previous])
        }
    }

    /// Reads and clears the conflicts the triggers recorded, writing back what the entity's policy keeps
    /// of the device's version (`clientWins`, `lastWriterWins`).
    /// (The conflicts table comes with the pause table, in the same generated migration.)
    private static func resolveConflicts(_ db: Database) throws -> [EditConflict] {
        let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(conflictsTableName) ORDER BY \"_id\"")
        guard !rows.isEmpty else { return [] }
        try db.execute(sql: "DELETE FROM \(conflictsTableName)")
        return try rows.map { row in
            let keyText: String = row["key"]
            let values = OutboxKey.decode(keyText) ?? [.text(keyText)]
            let columns = OutboxKey.decodeStrings(row["columns"], sorted: false) ?? []
            let kept = try restore(row["restore"], table: row["tableName"], key: Array(zip(columns, values)), in: db)
            if kept != nil, let editedAt: String = row["editedAt"] {
                // The edit written back keeps the times the device made its changes (`lastWriterWins`
                // compares them again at the next pull), not the time of this write.
                try db.execute(
                    sql: """
                        UPDATE \(tableName) SET editedAt = ? WHERE "_id" = (SELECT max("_id") FROM \(tableName)
                        WHERE entity = ? AND key = ?) AND attempts = 0
                        """,
                    arguments: [editedAt, row["entity"] as String, keyText])
            }
            return EditConflict(
                entity: row["entity"], identity: RowIdentity(columns: columns, values: values),
                operation: row["operation"], local: columnValues(row["local"]), server: columnValues(row["server"]),
                keptLocal: kept != nil, keptColumns: kept ?? [])
        }
    }

    /// Writes back what a `clientWins` or `lastWriterWins` conflict keeps (`restore`: an object of
    /// `quote()`d columns, null for those the import keeps, or `"delete"`); returns the columns it wrote
    /// (none for a deletion), or `nil` when it wrote nothing.
    private static func restore(
        _ restore: String, table: String, key: [(String, IdentityValue)], in db: Database
    ) throws -> [String]? {
        let condition = key.map { "\(SQLText.identifier($0.0)) = ?" }.joined(separator: " AND ")
        let keyValues = key.map(\.1.databaseValue)
        if restore == "\"delete\"" {
            try db.execute(
                sql: "DELETE FROM \(SQLText.identifier(table)) WHERE \(condition)",
                arguments: StatementArguments(keyValues))
            return []
        }
        let assignments = columnValues(restore).sorted { $0.key < $1.key }
        guard !assignments.isEmpty else { return nil }
        try db.execute(
            sql: "UPDATE \(SQLText.identifier(table)) SET "
                + assignments.map { "\(SQLText.identifier($0.key)) = ?" }.joined(separator: ", ")
                + " WHERE \(condition)",
            arguments: StatementArguments(assignments.map(\.value.databaseValue) + keyValues))
        return assignments.map(\.key)
    }

    /// The values of a JSON object of `quote()`d column values.
    private static func columnValues(_ text: String) -> [String: IdentityValue] {
        guard let document = try? JSONDocument(bytes: Array(text.utf8)) else { return [:] }
        return document.withRoot { root in
            var values: [String: IdentityValue] = [:]
            root.forEachMember { column, value in
                if let quoted = value.string(), let decoded = OutboxKey.decode(quoted), decoded.count == 1 {
                    values[column] = decoded[0]
                }
            }
            return values
        }
    }
}
