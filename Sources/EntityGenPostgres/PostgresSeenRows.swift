import EntityGenImport
import EntityGenRuntime
import PostgresNIO

/// Orphan deletion for a sync (`deleteOrphans: true`): the identities a sync's pages saved, per table of
/// the feed's entity, in temporary tables of the session the whole sync holds, named with a token of
/// the sync's own (two syncs never share one, even on one server session). Each page's identities are
/// copied in with the page, in its transaction (a page that fails records nothing); once every page is
/// committed, the rows no page saved are deleted in one transaction, locked in identity order.
///
/// Temporary tables live in a server session. Behind a pooler in transaction mode (PgBouncer's
/// `pool_mode = transaction`, the pooled endpoints of Neon and Supabase) consecutive transactions of one
/// client connection may run in different sessions: each transaction first checks that it runs in the
/// session that created the tables, and fails before writing anything when it does not.
struct PostgresSeenRows: Sendable {
    /// Per identified table: the temporary table of its seen identities, and the SQL.
    let tables: [(table: PostgresTable, seen: String, create: String, deleteUnseen: String, listUnseen: String)]
    /// The temporary table of each tracked table, looked up for every saved instance.
    private let seenTables: [ObjectIdentifier: String]
    /// The server process (`pg_backend_pid()`) of the session holding the tables, once created.
    private(set) var backend: Int32?

    /// Tracks the identified tables among `tables` (sorted by name, so that deletes lock in one order),
    /// in temporary tables named with `token`.
    init(_ tables: [PostgresTable], token: String = SyncToken.make()) {
        let id = PostgresSQL.identifier
        self.tables = tables.filter { !$0.identity.isEmpty }.sorted { $0.name < $1.name }.map { table in
            let seen = PostgresSQL.temporaryName("entitygen_seen_\(token)", table.name)
            let keys = table.identity.map(id).joined(separator: ", ")
            let unseen = table.identity.map { "s.\(id($0)) = t.\(id($0))" }.joined(separator: " AND ")
            let doomed = table.identity.map { "t.\(id($0)) = d.\(id($0))" }.joined(separator: " AND ")
            let delete =
                "WITH doomed AS (SELECT \(keys) FROM \(id(table.name)) AS t WHERE NOT EXISTS (SELECT 1 FROM \(id(seen)) AS s WHERE \(unseen)) ORDER BY \(keys) FOR UPDATE) DELETE FROM \(id(table.name)) AS t USING doomed AS d WHERE \(doomed)"
            let key = "json_build_array(" + table.identity.map { "t.\(id($0))" }.joined(separator: ", ") + ")::text"
            return (
                table, seen,
                "CREATE TEMP TABLE \(id(seen)) AS SELECT \(keys) FROM \(id(table.name)) WITH NO DATA",
                "WITH deleted AS (\(delete) RETURNING 1) SELECT count(*) FROM deleted",
                "\(delete) RETURNING false, \(key)"
            )
        }
        seenTables = Dictionary(uniqueKeysWithValues: self.tables.map { (ObjectIdentifier($0.table), $0.seen) })
    }

    /// The temporary table recording `table`'s seen identities; `nil` when it is not tracked.
    func seenTable(of table: PostgresTable) -> String? {
        seenTables[ObjectIdentifier(table)]
    }

    /// Creates the temporary tables, empty, in one transaction; returns the tracking with the session
    /// that holds them.
    func create(on connection: PostgresConnection, logger: Logger) async throws -> PostgresSeenRows {
        var created = self
        created.backend = try await connection.transaction(logger: logger) { connection in
            for entry in tables {
                try await connection.execute(sql: entry.create, logger: logger)
            }
            return try await Self.backend(of: connection, logger: logger)
        }
        return created
    }

    /// Fails unless the transaction on `connection` runs in the session holding the tables.
    func checkSession(on connection: PostgresConnection, logger: Logger) async throws {
        guard let backend else { return }
        let current = try await Self.backend(of: connection, logger: logger)
        guard current != backend else { return }
        throw ImportError.database(
            "PostgreSQL: the sync's transactions ran in different server sessions (backend \(backend), then \(current)): the connection goes through a pooler in transaction mode (PgBouncer's pool_mode = transaction, the pooled endpoints of Neon and Supabase). A sync that deletes orphans keeps the identities it saved in temporary tables of its session, which such a pooler does not keep between transactions; nothing of this transaction was written. Sync through a direct connection (or session pooling), or without deleteOrphans"
        )
    }

    private static func backend(of connection: PostgresConnection, logger: Logger) async throws -> Int32 {
        let rows = try await connection.rows("SELECT pg_backend_pid()", of: Int32.self, logger: logger)
        return rows.first?.first.flatMap { $0 } ?? 0
    }

    /// Ends the sync, in one transaction: unless the sync saw no row at all and `deletesWhenEmpty` is
    /// false, deletes the rows of every tracked table it did not save; drops the temporary tables.
    /// Returns the deleted counts (with `reportsChanges`, the deleted rows), or `nil` when the rows were
    /// kept. With `locksTables`, the transaction first locks the tracked tables against other writers
    /// (``PostgresRetryPolicy/locksTablesAfter``).
    func finish(
        deletesWhenEmpty: Bool, reportsChanges: Bool, locksTables: Bool, on connection: PostgresConnection,
        logger: Logger
    ) async throws
        -> ImportReport?
    {
        try await connection.transaction(logger: logger) { connection in
            if locksTables {
                try await PostgresTableLock.lock(tables.map(\.table.name), on: connection, logger: logger)
            }
            try await checkSession(on: connection, logger: logger)
            var report: ImportReport? = nil
            let deletes = try await deletesWhenEmpty ? true : !isEmpty(on: connection, logger: logger)
            if deletes {
                var deletions = ImportReport()
                for entry in tables {
                    guard reportsChanges else {
                        let (deleted, _) = try await PostgresStagedPage.counts(
                            entry.deleteUnseen, on: connection, logger: logger)
                        deletions.entities[entry.table.entity, default: .init()].deleted += deleted
                        continue
                    }
                    let changes = try await PostgresStagedPage.listed(
                        entry.listUnseen, entry.table, on: connection, logger: logger, deleting: true)
                    deletions.recordDeleted(changes.deleted, of: entry.table.entity)
                }
                report = deletions
            }
            try await drop(on: connection, logger: logger)
            return report
        }
    }

    /// Whether the sync saw no row at all.
    private func isEmpty(on connection: PostgresConnection, logger: Logger) async throws -> Bool {
        for entry in tables {
            let (seen, _) = try await PostgresStagedPage.counts(
                "SELECT count(*) FROM (SELECT 1 FROM \(PostgresSQL.identifier(entry.seen)) LIMIT 1) AS s",
                on: connection, logger: logger)
            if seen > 0 { return false }
        }
        return true
    }

    /// Drops the temporary tables (a sync that failed drops them as it ends, when its session lets it).
    func drop(on connection: PostgresConnection, logger: Logger) async throws {
        for entry in tables {
            try await connection.execute(
                sql: "DROP TABLE IF EXISTS \(PostgresSQL.identifier(entry.seen))", logger: logger)
        }
    }
}
