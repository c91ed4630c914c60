/// The `CREATE TABLE` statement a generated migration runs for a table: byte for byte the statement GRDB's
/// schema DSL builds for the same definition (`db.create(table:) { t in t.column(...) ... }`, which
/// migrations printed until tables were created with this text).
///
/// Why text and not the DSL: at scale the DSL is the most expensive code EntityGen generates to compile
/// (1,000 tables: 10.15 s for the database file alone, against 0.92 s as statements; Benchmarks.md),
/// and GRDB's reason to prefer its schema methods, compile-time checks that a change is available on the
/// target OS, does not apply to creating tables of these column types. Why byte for byte: SQLite keeps the
/// statement in `sqlite_master`, which GRDB's `eraseDatabaseOnSchemaChange` compares, so a database an
/// earlier version created must read as the same schema. `Test_TableCreationSQL` checks every shape
/// against GRDB's own DSL.
enum TableCreationSQL {
    /// The statement in pieces that, joined with nothing, are the statement: the opening
    /// (`CREATE TABLE "name" (`), each column and constraint with the separator that follows it, and the
    /// last one closing the list (with `WITHOUT ROWID` where the table has it). One piece per line makes
    /// the printed migration readable, one column per line.
    static func pieces(_ table: TableSnapshot, as name: String) -> [String] {
        var items: [String] = []
        if table.hiddenRowID { items.append(SQL.identifier("_id") + " INTEGER PRIMARY KEY") }
        for column in table.columns {
            var chunks = [SQL.identifier(column.name)]
            if let type = columnType(column.type).sql { chunks.append(type) }
            if column.notNull { chunks.append("NOT NULL") }
            if column.type == SnapshotColumnType.decimalText.rawValue {
                chunks.append("COLLATE \(decimalCollationName)")
            }
            items.append(chunks.joined(separator: " "))
        }
        if !table.primaryKey.isEmpty { items.append("PRIMARY KEY (\(list(table.primaryKey)))") }
        for key in table.foreignKeys {
            var chunks = [
                "FOREIGN KEY (\(list(key.columns)))", "REFERENCES",
                "\(SQL.identifier(key.table))(\(list(key.targetColumns)))",
                "ON DELETE", SQL.deleteAction(key.onDelete),
            ]
            if key.onUpdateCascade { chunks.append("ON UPDATE CASCADE") }
            if key.deferred { chunks.append("DEFERRABLE INITIALLY DEFERRED") }
            items.append(chunks.joined(separator: " "))
        }
        let closing = ")" + (table.withoutRowID ? " WITHOUT ROWID" : "")
        return ["CREATE TABLE \(SQL.identifier(name)) ("]
            + items.enumerated().map { offset, item in item + (offset == items.count - 1 ? closing : ", ") }
    }

    /// The whole statement.
    static func statement(_ table: TableSnapshot, as name: String) -> String {
        pieces(table, as: name).joined()
    }

    /// How a recorded column type is created: its `Database.ColumnType` member in GRDB's schema DSL
    /// (`text` for `.text`) and its declared type in SQL (`TEXT`); neither for a decimal, whose column
    /// must have no affinity. Histories are checked when read (`invalid-migration-history`), so every
    /// type here is a known one.
    static func columnType(_ type: String) -> (member: String?, sql: String?) {
        guard let recorded = SnapshotColumnType(rawValue: type) else {
            preconditionFailure("unvalidated column type '\(type)' in a migration history")
        }
        switch recorded {
        case .text, .decimalText: return ("text", "TEXT")
        case .integer, .unsigned: return ("integer", "INTEGER")
        case .double: return ("double", "DOUBLE")
        case .blob, .uuid: return ("blob", "BLOB")
        case .datetime: return ("datetime", "DATETIME")
        case .decimal: return (nil, nil)
        }
    }

    /// The collation of decimal columns in SQL (`EntityGenPersistence.DecimalCollation.name`).
    static let decimalCollationName = "entitygen_decimal"

    private static func list(_ columns: [String]) -> String {
        columns.map(SQL.identifier).joined(separator: ", ")
    }
}
