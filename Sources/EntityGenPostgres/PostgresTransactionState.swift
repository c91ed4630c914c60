import EntityGenRuntime
import PostgresNIO

/// What one transaction of the importer has set up and learned, carried from one part of a page to the
/// next (``PostgresStagedPage/flush(on:logger:state:)``).
public struct PostgresTransactionState: Sendable {
    /// Tables (and link tables) whose staging tables exist in the transaction.
    var staging: Set<ObjectIdentifier> = []
    /// Per table: whether its staged rows are inserted plainly, without `ON CONFLICT` (it was empty when
    /// the transaction first wrote to it, and every plain insert since succeeded); unknown until then.
    var insertsPlainly: [ObjectIdentifier: Bool] = [:]
    /// Whether the report lists the identities of the rows written and deleted (`ImportReport/changes`).
    public let reportsChanges: Bool

    /// A new transaction's state.
    public init(reportsChanges: Bool = false) {
        self.reportsChanges = reportsChanges
    }
}

extension PostgresStagedPage {
    /// Writes a table's staged rows; returns the inserted and updated counts, and, when the transaction
    /// reports changes, the rows' identities.
    ///
    /// Into a table that was empty when the transaction first wrote to it (an initial load), the rows are
    /// inserted with a plain `INSERT ... SELECT` in identity order, about 40% cheaper than the upsert's
    /// speculative insertion. A row that exists after all (the page names it twice, or another importer
    /// inserted it meanwhile: a unique violation; or a deadlock with that importer) rolls the plain
    /// insert back to its savepoint, and the upsert runs instead, for this part and the rest of the
    /// transaction: the result is the upsert's whichever path wrote it.
    static func merge(
        _ table: PostgresTable, rowCount: Int, hasAbsent: Bool, state: inout PostgresTransactionState,
        on connection: PostgresConnection, logger: Logger
    ) async throws -> (inserted: Int, updated: Int, changes: ChangeSet) {
        let id = ObjectIdentifier(table)
        let listing = state.reportsChanges
        if let insert = table.plainInsertSQL, state.insertsPlainly[id] != false {
            if state.insertsPlainly[id] == nil {
                state.insertsPlainly[id] = try await counts(table.isEmptySQL, on: connection, logger: logger).0 == 1
            }
            if state.insertsPlainly[id] == true {
                try await connection.execute(sql: "SAVEPOINT entitygen_plain_insert", logger: logger)
                do {
                    var changes = ChangeSet()
                    if listing, let listed = table.listing.plainInsertSQL {
                        changes = try await Self.listed(listed, table, on: connection, logger: logger)
                    } else {
                        try await connection.execute(sql: insert, logger: logger)
                    }
                    try await connection.execute(sql: "RELEASE SAVEPOINT entitygen_plain_insert", logger: logger)
                    return (rowCount, 0, changes)
                } catch let error as PSQLError where Self.meansRowsExist(error) {
                    try await connection.execute(sql: "ROLLBACK TO SAVEPOINT entitygen_plain_insert", logger: logger)
                    state.insertsPlainly[id] = false
                }
            }
        }
        var merge = listing ? table.listing.mergeWithoutAbsentSQL : table.mergeWithoutAbsentSQL
        if hasAbsent, let index = table.createAbsentIndexSQL {
            try await connection.execute(sql: index, logger: logger)
            merge = listing ? table.listing.mergeSQL : table.mergeSQL
        }
        guard listing else {
            let (inserted, updated) = try await counts(merge, on: connection, logger: logger)
            return (inserted, updated, ChangeSet())
        }
        let changes = try await Self.listed(merge, table, on: connection, logger: logger)
        return (changes.inserted.count, changes.updated.count, changes)
    }

    /// Runs a statement that returns `(inserted, identity)` per row (``PostgresTable/listing``): the rows
    /// as a change set, inserted or updated (deleted, for a delete: its rows say `false`).
    static func listed(
        _ sql: String, _ table: PostgresTable, on connection: PostgresConnection, logger: Logger,
        deleting: Bool = false
    ) async throws -> ChangeSet {
        var changes = ChangeSet()
        for (inserted, key) in try await connection.identityRows(PostgresQuery(unsafeSQL: sql), logger: logger) {
            let identity = try RowIdentity(columns: table.identityColumns, json: key)
            if deleting {
                changes.deleted.append(identity)
            } else if inserted {
                changes.inserted.append(identity)
            } else {
                changes.updated.append(identity)
            }
        }
        return changes
    }

    /// A unique violation (SQLSTATE 23505) or a deadlock (40P01): the plain insert met rows that exist.
    static func meansRowsExist(_ error: PSQLError) -> Bool {
        guard let state = error.serverInfo?[.sqlState] else { return false }
        return state == "23505" || state == "40P01"
    }
}
