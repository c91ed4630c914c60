import EntityGenRuntime
import PostgresNIO

/// Orphan deletion for a sync (`deleteOrphans: true`): the identities a sync's pages saved, per table of
/// the feed's entity, in temporary tables of the connection the whole sync holds. Each page's
/// identities are copied in with the page, in its transaction (a page that fails records nothing);
/// once every page is committed, the rows no page saved are deleted in one transaction, locked in
/// identity order.
struct PostgresSeenRows: Sendable {
    /// Per identified table: the temporary table of its seen identities, and the SQL.
    let tables: [(table: PostgresTable, seen: String, create: String, deleteUnseen: String)]
    /// The temporary table of each tracked table, looked up for every saved instance.
    private let seenTables: [ObjectIdentifier: String]

    /// Tracks the identified tables among `tables` (sorted by name, so that deletes lock in one order).
    init(_ tables: [PostgresTable]) {
        let id = PostgresSQL.identifier
        self.tables = tables.filter { !$0.identity.isEmpty }.sorted { $0.name < $1.name }.map { table in
            let seen = PostgresSQL.temporaryName("entitygen_seen", table.name)
            let keys = table.identity.map(id).joined(separator: ", ")
            let unseen = table.identity.map { "s.\(id($0)) = t.\(id($0))" }.joined(separator: " AND ")
            let doomed = table.identity.map { "t.\(id($0)) = d.\(id($0))" }.joined(separator: " AND ")
            return (
                table, seen,
                "CREATE TEMP TABLE \(id(seen)) AS SELECT \(keys) FROM \(id(table.name)) WITH NO DATA",
                "WITH doomed AS (SELECT \(keys) FROM \(id(table.name)) AS t WHERE NOT EXISTS (SELECT 1 FROM \(id(seen)) AS s WHERE \(unseen)) ORDER BY \(keys) FOR UPDATE), deleted AS (DELETE FROM \(id(table.name)) AS t USING doomed AS d WHERE \(doomed) RETURNING 1) SELECT count(*) FROM deleted"
            )
        }
        seenTables = Dictionary(uniqueKeysWithValues: self.tables.map { (ObjectIdentifier($0.table), $0.seen) })
    }

    /// The temporary table recording `table`'s seen identities; `nil` when it is not tracked.
    func seenTable(of table: PostgresTable) -> String? {
        seenTables[ObjectIdentifier(table)]
    }

    /// Creates the temporary tables, empty (a table a failed sync left on the connection is replaced).
    func create(on connection: PostgresConnection, logger: Logger) async throws {
        try await drop(on: connection, logger: logger)
        for entry in tables {
            try await connection.execute(sql: entry.create, logger: logger)
        }
    }

    /// Whether the sync saw no row at all.
    func isEmpty(on connection: PostgresConnection, logger: Logger) async throws -> Bool {
        for entry in tables {
            let (seen, _) = try await PostgresStagedPage.counts(
                "SELECT count(*) FROM (SELECT 1 FROM \(PostgresSQL.identifier(entry.seen)) LIMIT 1) AS s",
                on: connection, logger: logger)
            if seen > 0 { return false }
        }
        return true
    }

    /// Deletes the rows of every tracked table the sync did not save, in one transaction; then drops the
    /// temporary tables. Returns the deleted counts.
    func deleteUnseen(on connection: PostgresConnection, logger: Logger) async throws -> ImportReport {
        let report = try await connection.transaction(logger: logger) { connection in
            var report = ImportReport()
            for entry in tables {
                let (deleted, _) = try await PostgresStagedPage.counts(
                    entry.deleteUnseen, on: connection, logger: logger)
                report.entities[entry.table.entity, default: .init()].deleted += deleted
            }
            return report
        }
        try await drop(on: connection, logger: logger)
        return report
    }

    /// Drops the temporary tables.
    func drop(on connection: PostgresConnection, logger: Logger) async throws {
        for entry in tables {
            try await connection.execute(
                sql: "DROP TABLE IF EXISTS \(PostgresSQL.identifier(entry.seen))", logger: logger)
        }
    }
}
