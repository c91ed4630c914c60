import PostgresNIO

/// The lock a retried attempt takes when jitter did not let it through (``PostgresRetryPolicy``): its
/// tables in `SHARE ROW EXCLUSIVE` mode, which conflicts with every other writer (`INSERT`, `UPDATE`,
/// `DELETE` take `ROW EXCLUSIVE`) and with itself, but not with readers. `LOCK TABLE` does not fix a
/// `REPEATABLE READ` or `SERIALIZABLE` transaction's snapshot, so the statements after it see every
/// write the lock waited for, and no concurrent update can abort them.
enum PostgresTableLock {
    /// The `LOCK TABLE` statement for `tables` in the order given (the order the importer writes them,
    /// so that waiting on a writer of the same feed cannot deadlock with it), each named once; `nil` for
    /// none.
    static func sql(_ tables: [String]) -> String? {
        var seen = Set<String>()
        let names = tables.filter { seen.insert($0).inserted }
        guard !names.isEmpty else { return nil }
        return "LOCK TABLE \(names.map(PostgresSQL.identifier).joined(separator: ", ")) IN SHARE ROW EXCLUSIVE MODE"
    }

    /// Locks `tables` on `connection`, inside its transaction and before any other statement of it.
    static func lock(_ tables: [String], on connection: PostgresConnection, logger: Logger) async throws {
        guard let sql = sql(tables) else { return }
        try await connection.execute(sql: sql, logger: logger)
    }
}

extension PostgresStagedPage {
    /// The tables this part of a page writes, in the order it writes them: entity and owned tables,
    /// link tables, then the tables it deletes from.
    var writtenTables: [String] {
        tables.map(\.table.name) + links.map(\.link.name) + deletions.map(\.table.name)
    }
}
