import EntityGenImport
import EntityGenRuntime
import GRDB

/// Rows created on the device before the server has assigned their id.
///
/// An entity whose server assigns ids (an integer `id`) is created offline with a temporary id: a
/// negative integer, which ``PushableEntity/temporaryID(_:)`` gives. Rows that point at it use it like
/// any id. A create with a temporary id is sent without it (the server assigns one), and no edit behind
/// it goes out in the same batch. When the server answers with the row's id, the settling transaction
/// gives the row that id: foreign keys that point at it follow (the generated `ON UPDATE CASCADE`), link
/// rows too, and the row's later edits in the outbox are renamed, so they go out to the server's id.
enum TemporaryIdentity {
    /// Whether a key holds a temporary id (a negative integer).
    static func isTemporary(_ key: [IdentityValue]) -> Bool {
        key.contains { isTemporary($0.databaseValue) }
    }

    /// Whether an identification value is a temporary id (a negative integer).
    static func isTemporary(_ value: DatabaseValue) -> Bool {
        if case let .int64(number) = value.storage { number < 0 } else { false }
    }

    /// Gives the row `oldKey` of `routes`' table the identity `newKey`, with its dependents and its
    /// outbox entries; returns the new key as the outbox writes it. Runs inside the settling transaction,
    /// with neither capture nor conflict triggers (the rows only change their name).
    ///
    /// A row the server's id already names (a pull stored it between the request and this answer) is
    /// the same row: its dependents move to the device's row, which then replaces it.
    static func rename(
        _ routes: PushRoutes, from oldKey: [DatabaseValue], oldKeyText: String, to newKey: [DatabaseValue],
        in db: Database
    ) throws -> String {
        let table = SQLText.identifier(routes.table)
        let match = routes.identity.map { "\(SQLText.identifier($0)) = ?" }.joined(separator: " AND ")
        try Outbox.withoutTriggers(db) {
            let taken = try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM \(table) WHERE \(match))",
                arguments: StatementArguments(newKey))
            if taken == true {
                try repointForeignKeys(to: routes, from: newKey, to: oldKey, in: db)
                try db.execute(sql: "DELETE FROM \(table) WHERE \(match)", arguments: StatementArguments(newKey))
            }
            let assignments = routes.identity.map { "\(SQLText.identifier($0)) = ?" }.joined(separator: ", ")
            try db.execute(
                sql: "UPDATE \(table) SET \(assignments) WHERE \(match)",
                arguments: StatementArguments(newKey + oldKey))
        }
        let quoted = newKey.map { _ in "quote(?)" }.joined(separator: " || ',' || ")
        let newKeyText =
            try String.fetchOne(db, sql: "SELECT \(quoted)", arguments: StatementArguments(newKey)) ?? oldKeyText
        try db.execute(
            sql: "UPDATE \(Outbox.tableName) SET key = ? WHERE entity = ? AND key = ?",
            arguments: [newKeyText, routes.entity, oldKeyText])
        return newKeyText
    }

    /// Points every foreign key that names the row `from` of `routes`' table at the row `to` instead.
    private static func repointForeignKeys(
        to routes: PushRoutes, from: [DatabaseValue], to target: [DatabaseValue], in db: Database
    ) throws {
        let references = try Row.fetchAll(
            db,
            sql: """
                SELECT m.name AS child, f.id AS fk, f."from" AS "from", f."to" AS "to"
                FROM sqlite_master AS m, pragma_foreign_key_list(m.name) AS f
                WHERE m.type = 'table' AND f."table" = ? COLLATE NOCASE ORDER BY m.name, f.id, f.seq
                """,
            arguments: [routes.table])
        // One foreign key per (child table, id), its column pairs in order.
        var keys: [(child: String, fk: Int, pairs: [(from: String, to: String?)])] = []
        for row in references {
            let child: String = row["child"]
            let fk: Int = row["fk"]
            let pair = (from: row["from"] as String, to: row["to"] as String?)
            if let last = keys.last, last.child == child, last.fk == fk {
                keys[keys.count - 1].pairs.append(pair)
            } else {
                keys.append((child, fk, [pair]))
            }
        }
        for (child, _, pairs) in keys {
            var sets: [String] = []
            var newValues: [DatabaseValue] = []
            var oldValues: [DatabaseValue] = []
            for (offset, pair) in pairs.enumerated() {
                let index = pair.to.flatMap { routes.identity.firstIndex(of: $0) } ?? offset
                guard index < target.count else { continue }
                sets.append(SQLText.identifier(pair.from))
                newValues.append(target[index])
                oldValues.append(from[index])
            }
            guard !sets.isEmpty else { continue }
            try db.execute(
                sql: "UPDATE \(SQLText.identifier(child)) SET "
                    + sets.map { "\($0) = ?" }.joined(separator: ", ") + " WHERE "
                    + sets.map { "\($0) = ?" }.joined(separator: " AND "),
                arguments: StatementArguments(newValues + oldValues))
        }
    }

    /// The columns of `table` that are foreign keys (what may name a row with a temporary id).
    static func foreignKeyColumns(of table: String, in db: Database) throws -> [String] {
        try String.fetchAll(
            db, sql: "SELECT DISTINCT \"from\" FROM pragma_foreign_key_list(?) ORDER BY \"from\"", arguments: [table])
    }

    /// Whether the row `key` of `routes`' table holds a temporary id in one of `foreignKeys`.
    static func pointsAtTemporaryRow(
        _ routes: PushRoutes, key: [DatabaseValue], foreignKeys: [String], in db: Database
    ) throws -> Bool {
        guard !foreignKeys.isEmpty else { return false }
        let match = routes.identity.map { "\(SQLText.identifier($0)) = ?" }.joined(separator: " AND ")
        let temporary = foreignKeys.map { column in
            "(typeof(\(SQLText.identifier(column))) = 'integer' AND \(SQLText.identifier(column)) < 0)"
        }.joined(separator: " OR ")
        return try Bool.fetchOne(
            db,
            sql: "SELECT EXISTS (SELECT 1 FROM \(SQLText.identifier(routes.table)) WHERE \(match) AND (\(temporary)))",
            arguments: StatementArguments(key)) ?? false
    }
}
