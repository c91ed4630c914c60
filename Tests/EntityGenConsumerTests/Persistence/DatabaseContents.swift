import GRDB

/// What a database holds, read back through SQLite alone, for comparing a migrated database with the
/// one its schema would create fresh and with the rows a schema edit says it keeps.
///
/// The structure is compared by meaning, not by `CREATE` text (which `ALTER TABLE` rewrites): each
/// table's columns (name, declared type, `NOT NULL`, primary-key position; column order and the
/// `DEFAULT` that `ADD COLUMN` leaves aside), its foreign keys with their actions and deferral,
/// `WITHOUT ROWID`, every index with its columns, and every trigger's statement.
struct DatabaseContents: Equatable, CustomStringConvertible {
    /// One table's structure.
    struct Table: Equatable {
        var columns: [String]
        var foreignKeys: [String]
        var deferredForeignKeys: Int
        var withoutRowID: Bool
    }

    /// Tables by name (GRDB's and EntityGen's bookkeeping tables aside).
    var tables: [String: Table] = [:]
    /// Indexes by name: `table(columns)`.
    var indexes: [String: String] = [:]
    /// Triggers by name: their statements.
    var triggers: [String: String] = [:]
    /// Every table's rows, column name to value, in a canonical order.
    var rows: [String: [[String: DatabaseValue]]] = [:]

    /// Reads a database.
    init(_ reader: any DatabaseReader) throws {
        try reader.read { db in
            let objects = try Row.fetchAll(
                db,
                sql: """
                    SELECT type, name, tbl_name, sql FROM sqlite_master
                    WHERE name NOT LIKE 'sqlite_%' AND tbl_name NOT IN ('grdb_migrations', 'entitygen_migration_fingerprints')
                    """)
            for object in objects {
                let name: String = object["name"]
                let sql: String? = object["sql"]
                switch object["type"] as String {
                case "table":
                    tables[name] = try Self.table(name, sql: sql ?? "", db)
                    let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(name.quotedDatabaseIdentifier)")
                    // Every column the table declares, looked up by name as records do: a connection left on
                    // an old schema fails here ("column not found").
                    let declared = try String.fetchAll(
                        db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [name])
                    self.rows[name] = Self.canonical(
                        try rows.map { row in
                            Dictionary(
                                uniqueKeysWithValues: try declared.map {
                                    ($0, try row.decode(DatabaseValue.self, forColumn: $0))
                                })
                        })
                case "index":
                    guard sql != nil else { continue }  // SQLite's own (primary keys, unique constraints)
                    let columns = try String.fetchAll(
                        db, sql: "SELECT name FROM pragma_index_info(?) ORDER BY seqno", arguments: [name])
                    indexes[name] = "\(object["tbl_name"] as String)(\(columns.joined(separator: ", ")))"
                case "trigger":
                    triggers[name] = sql
                default:
                    tables[name] = Table(
                        columns: ["\(object["type"] as String) \(sql ?? "")"], foreignKeys: [], deferredForeignKeys: 0,
                        withoutRowID: false)
                }
            }
        }
    }

    private static func table(_ name: String, sql: String, _ db: Database) throws -> Table {
        let columns = try Row.fetchAll(
            db, sql: "SELECT name, type, \"notnull\", pk FROM pragma_table_info(?)", arguments: [name]
        )
        .map {
            "\($0["name"] as String) \($0["type"] as String)\($0["notnull"] as Bool ? " NOT NULL" : "") pk\($0["pk"] as Int)"
        }
        let keys = try Row.fetchAll(
            db,
            sql: """
                SELECT id, "table", group_concat("from", ',') AS columns, group_concat("to", ',') AS targets,
                       on_update, on_delete FROM pragma_foreign_key_list(?) GROUP BY id
                """, arguments: [name]
        ).map {
            "(\($0["columns"] as String)) -> \($0["table"] as String)(\($0["targets"] as String)) "
                + "ON UPDATE \($0["on_update"] as String) ON DELETE \($0["on_delete"] as String)"
        }
        return Table(
            columns: columns.sorted(), foreignKeys: keys.sorted(),
            deferredForeignKeys: sql.components(separatedBy: "DEFERRABLE INITIALLY DEFERRED").count - 1,
            withoutRowID: sql.hasSuffix("WITHOUT ROWID"))
    }

    /// Rows in a canonical order (by their values, column by column in name order).
    static func canonical(_ rows: [[String: DatabaseValue]]) -> [[String: DatabaseValue]] {
        rows.map { (key: Self.key($0), row: $0) }.sorted { $0.key < $1.key }.map(\.row)
    }

    private static func key(_ row: [String: DatabaseValue]) -> String {
        row.keys.sorted().map { "\($0)=\(row[$0]!)" }.joined(separator: "|")
    }

    /// The structure alone (rows left out): what a fresh database of the same schema must equal.
    var structure: DatabaseContents {
        var copy = self
        copy.rows = [:]
        return copy
    }

    var description: String {
        var lines: [String] = []
        for name in tables.keys.sorted() {
            let table = tables[name]!
            lines.append(
                "table \(name)\(table.withoutRowID ? " WITHOUT ROWID" : ""): \(table.columns.joined(separator: ", "))")
            for key in table.foreignKeys { lines.append("  fk \(key)") }
            if table.deferredForeignKeys > 0 { lines.append("  deferred keys: \(table.deferredForeignKeys)") }
            for row in rows[name] ?? [] { lines.append("  row \(Self.key(row))") }
        }
        for name in indexes.keys.sorted() { lines.append("index \(name) ON \(indexes[name]!)") }
        for name in triggers.keys.sorted() { lines.append("trigger \(name)") }
        return lines.joined(separator: "\n")
    }
}
