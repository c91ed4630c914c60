import EntityGenRuntime
import GRDB

/// Identities saved during a sync, kept in temporary tables of the writer connection (one per table the
/// entity can be saved in, created before the first page: no schema change happens mid-sync), so that
/// rows not seen in the whole sync can be deleted once it completes. Each sync has tables of its own
/// (named with a random token of its own): two syncs at once on one pool share its
/// writer connection, and with one table they deleted each other's rows or failed with `no such table`.
final class SeenRows: Sendable {
    /// (table, temporary table name, insert SQL) for every identified table.
    private let tables: [(table: EntityTable, seen: String, insert: String)]
    private let index: [ObjectIdentifier: Int]

    init(_ tables: [EntityTable]) {
        let sync = SyncToken.make()
        self.tables = tables.filter { !$0.identity.isEmpty }.sorted { $0.name < $1.name }.map { table in
            let seen = SQLText.identifier("entitygen_seen_\(sync)_" + table.name)
            return (
                table, seen, "INSERT OR IGNORE INTO temp.\(seen) VALUES (\(SQLText.parameters(table.identity.count)))"
            )
        }
        index = Dictionary(uniqueKeysWithValues: self.tables.enumerated().map { (ObjectIdentifier($1.table), $0) })
    }

    /// Creates the temporary tables, empty; call before the sync's first page. Their columns have the
    /// table's declared types and its key's collations: untyped, SQLite could not use their key to look a
    /// row up (the comparison applies the table column's affinity), and deleting orphans scanned the
    /// whole seen table for every row (200 s for 100,000 rows).
    func create(in db: Database) throws {
        for entry in tables {
            let table = entry.table.name
            let types = Dictionary(
                try Row.fetchAll(db, sql: "SELECT name, type FROM main.pragma_table_info(?)", arguments: [table])
                    .map { ($0["name"] as String, $0["type"] as String) }
            ) { first, _ in first }
            var collations: [String: String] = [:]
            if let key = try String.fetchOne(
                db, sql: "SELECT name FROM main.pragma_index_list(?) WHERE origin = 'pk'", arguments: [table])
            {
                for row in try Row.fetchAll(
                    db, sql: "SELECT name, coll FROM main.pragma_index_xinfo(?) WHERE key = 1", arguments: [key])
                {
                    if let name: String = row["name"], let collation: String = row["coll"] {
                        collations[name] = collation
                    }
                }
            }
            let definitions = entry.table.identity.map { column in
                SQLText.identifier(column) + (types[column].map { $0.isEmpty ? "" : " \($0)" } ?? "")
                    + (collations[column].map { $0 == "BINARY" ? "" : " COLLATE \(SQLText.identifier($0))" } ?? "")
            }
            let columns = entry.table.identity.map(SQLText.identifier).joined(separator: ", ")
            try db.execute(sql: "DROP TABLE IF EXISTS temp.\(entry.seen)")
            try db.execute(
                sql:
                    "CREATE TEMP TABLE \(entry.seen) (\(definitions.joined(separator: ", ")), PRIMARY KEY (\(columns))) WITHOUT ROWID"
            )
        }
    }

    /// Records a saved instance's identity.
    func record(_ key: RowKey, in db: Database) throws {
        guard let position = index[ObjectIdentifier(key.table)] else { return }
        let statement = try db.cachedStatement(sql: tables[position].insert).sqliteStatement
        for (offset, value) in key.values.enumerated() {
            value.bindValue(to: statement, at: Int32(offset + 1))
        }
        try ImportSession.run(statement, on: db.sqliteConnection!)
    }

    /// Whether the sync saw no row at all.
    func isEmpty(in db: Database) throws -> Bool {
        for entry in tables where try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM temp.\(entry.seen))") == true
        {
            return false
        }
        return true
    }

    /// Deletes rows of every table that the sync did not save, in one transaction, then drops the
    /// temporary tables; with `reportsChanges`, the report lists the deleted rows.
    func deleteUnseen(in db: Database, reportsChanges: Bool) throws -> ImportReport {
        var report = ImportReport()
        try ImportSession.prepareConnection(db)
        try db.inTransaction(.immediate) {
            let (_, conflicts) = try Outbox.withoutCapture(db) {
                try deleteUnseenRows(in: db, reportsChanges: reportsChanges, into: &report)
            }
            report.conflicts += conflicts
            return .commit
        }
        try drop(in: db)
        return report
    }

    /// The deletes of ``deleteUnseen(in:reportsChanges:)``, inside its transaction.
    private func deleteUnseenRows(in db: Database, reportsChanges: Bool, into report: inout ImportReport) throws {
        for (table, seen, _) in tables {
            // The table's column on the left: SQLite compares with the left column's collation, so a
            // decimal identity matches in any spelling (`entitygen_decimal`), as its unique index does.
            let match = table.identity.map { "t.\(SQLText.identifier($0)) IS s.\(SQLText.identifier($0))" }.joined(
                separator: " AND ")
            let delete =
                "DELETE FROM main.\(SQLText.identifier(table.name)) AS t WHERE NOT EXISTS (SELECT 1 FROM temp.\(seen) AS s WHERE \(match))"
            if reportsChanges {
                let deleted = try Row.fetchAll(db, sql: delete + table.returningSQL)
                report.recordDeleted(
                    deleted.map { RowIdentity(columns: table.identityColumns, row: $0) }, of: table.entity)
            } else {
                try db.execute(sql: delete)
                report.entities[table.entity, default: .init()].deleted += db.changesCount
            }
            try db.notifyChanges(in: Table(table.name))
        }
    }

    /// Drops the temporary tables.
    func drop(in db: Database) throws {
        for entry in tables {
            try db.execute(sql: "DROP TABLE IF EXISTS temp.\(entry.seen)")
        }
    }
}
