import EntityGenRuntime
import PostgresNIO

/// One page's worth of writes for PostgreSQL: rows staged per table as COPY text (in the order tables
/// were first written, which generated `save(in:)` makes dependency order), and deletions by identity;
/// ``take(deletions:)`` hands them to ``PostgresStagedPage/flush(on:logger:staging:)``, which sends them
/// in the caller's transaction (a large page in several chunks).
///
/// Generated `save(in:)` methods drive it; users normally go through ``PostgresImporter``.
public struct PostgresSession {
    /// A table's staged rows.
    final class TableState {
        let table: PostgresTable
        var rows = PostgresCopyBuffer()
        init(table: PostgresTable) { self.table = table }
    }

    private var tables: [ObjectIdentifier: TableState] = [:]
    private var order: [TableState] = []
    /// Pending deletions per table, in first-seen table order.
    private var deletions: [ObjectIdentifier: (table: PostgresTable, keys: [PostgresRowKey])] = [:]
    private var deletionOrder: [ObjectIdentifier] = []
    /// Skips found while staging (values PostgreSQL cannot store).
    var report = ImportReport()
    private var position: Int64 = 0

    /// Creates an empty session.
    public init() {}

    /// Stages one row of `table`: `write` appends the table's columns in order. A row holding U+0000 (which
    /// PostgreSQL's `text` and `jsonb` cannot store) is left out and reported with `key`.
    public mutating func save(
        _ table: PostgresTable, key: PostgresRowKey?, absent: AbsentFields,
        _ write: (inout PostgresCopyBuffer) -> Void
    ) {
        let state = self.state(of: table)
        if let key {
            // A save after a delete of the same row in one page: the row stays (the delete came first).
            if var pending = deletions[ObjectIdentifier(table)], let index = pending.keys.lastIndex(of: key) {
                pending.keys.remove(at: index)
                deletions[ObjectIdentifier(table)] = pending
            }
        }
        let start = state.rows.rowStart
        write(&state.rows)
        if state.rows.rowHasNUL {
            state.rows.dropRow(from: start)
            report.skipped.append(
                ImportReport.Skip(
                    path: "\(table.entity) \(key?.description ?? "(row without identity)")",
                    reason: "a text value contains U+0000, which PostgreSQL cannot store; the row was left out"))
            return
        }
        position += 1
        state.rows.append(position)
        for word in 0..<table.absentWords { state.rows.append(absent.word(word)) }
        state.rows.endRow()
    }

    /// Stages the deletion of the row `key` names.
    public mutating func delete(_ key: PostgresRowKey) {
        let id = ObjectIdentifier(key.table)
        if deletions[id] == nil {
            deletions[id] = (key.table, [])
            deletionOrder.append(id)
        }
        deletions[id]!.keys.append(key)
    }

    private mutating func state(of table: PostgresTable) -> TableState {
        if let state = tables[ObjectIdentifier(table)] { return state }
        let state = TableState(table: table)
        tables[ObjectIdentifier(table)] = state
        order.append(state)
        return state
    }

    /// Takes what was staged so far, as values that can cross into the connection's transaction: the
    /// rows and skips, and with `deletions` the pending deletions too (a page's last chunk). What is taken
    /// is removed; pending deletions stay until taken, so a later save of the same row still cancels one.
    public mutating func take(deletions takesDeletions: Bool) -> PostgresStagedPage {
        let page = PostgresStagedPage(
            tables: order.map { ($0.table, $0.rows) },
            deletions: takesDeletions ? deletionOrder.compactMap { deletions[$0] } : [],
            finishesPage: takesDeletions, report: report)
        for state in order { state.rows = PostgresCopyBuffer() }
        report = ImportReport()
        if takesDeletions {
            deletions = [:]
            deletionOrder = []
        }
        return page
    }
}

/// A session's staged rows and deletions (``PostgresSession/take(deletions:)``), ready to be sent.
public struct PostgresStagedPage: Sendable {
    /// Per table, in dependency order: its rows as COPY text.
    var tables: [(table: PostgresTable, rows: PostgresCopyBuffer)]
    /// Per table: the keys to delete.
    var deletions: [(table: PostgresTable, keys: [PostgresRowKey])]
    /// Whether this is the page's last part: references are checked after its deletions.
    var finishesPage: Bool
    /// Skips found while staging.
    var report: ImportReport

    /// Sends the staged rows and deletions on `connection`, which is inside a transaction: per table a
    /// staging table (created once per transaction: `staging` holds the tables whose staging table
    /// exists, emptied before it is used again), COPY, and one merge; then the deletions; at the end of
    /// the page, the check of `reference:` keys. Returns the counts and skips.
    public func flush(
        on connection: PostgresConnection, logger: Logger, staging: inout Set<ObjectIdentifier>
    ) async throws -> ImportReport {
        var report = self.report
        for state in tables where state.rows.rowCount > 0 {
            let table = state.table
            if staging.insert(ObjectIdentifier(table)).inserted {
                for sql in table.createStagingSQL {
                    try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
                }
            } else {
                try await connection.query(
                    PostgresQuery(unsafeSQL: "TRUNCATE \(PostgresSQL.identifier(table.stagingName))"), logger: logger)
            }
            try await Self.copy(
                state.rows.bytes, into: table.stagingName, columns: table.stagingColumns, on: connection, logger: logger
            )
            let (inserted, updated) = try await Self.counts(table.mergeSQL, on: connection, logger: logger)
            if let record = table.recordCheckedSQL {
                try await connection.query(PostgresQuery(unsafeSQL: record), logger: logger)
            }
            var counts = report.entities[table.entity, default: .init()]
            counts.inserted += inserted
            counts.updated += updated
            // Rows left alone because nothing changed, and earlier occurrences of a row the page repeats.
            counts.unchanged += state.rows.rowCount - inserted - updated
            report.entities[table.entity] = counts
        }
        for (table, keys) in deletions where !keys.isEmpty {
            var rows = PostgresCopyBuffer()
            for key in keys {
                key.fields.withUnsafeBufferPointer { rows.appendRaw($0) }
                rows.endRow()
            }
            try await connection.query(PostgresQuery(unsafeSQL: table.createDeleteStagingSQL), logger: logger)
            try await Self.copy(
                rows.bytes, into: table.deleteStagingName, columns: table.identity, on: connection, logger: logger)
            let (deleted, _) = try await Self.counts(table.deleteSQL, on: connection, logger: logger)
            report.entities[table.entity, default: .init()].deleted += deleted
        }
        if finishesPage {
            for (table, _) in tables where staging.contains(ObjectIdentifier(table)) {
                try await Self.checkReferences(of: table, on: connection, logger: logger, report: &report)
            }
        }
        return report
    }

    /// Keys of `reference:` relationships in the rows the page wrote that name no target row: the page
    /// fails (`onMissingTarget: fail`), or they are unset and reported.
    static func checkReferences(
        of table: PostgresTable, on connection: PostgresConnection, logger: Logger, report: inout ImportReport
    ) async throws {
        for check in table.referenceChecks {
            let reference = check.reference
            if reference.failsWhenMissing {
                for row in try await identities(check.firstMissingSQL, of: table, on: connection, logger: logger) {
                    throw ImportError.missingTarget(
                        entity: table.entity, relationship: reference.relationship, row: row)
                }
            } else {
                for row in try await identities(check.unsetSQL, of: table, on: connection, logger: logger) {
                    report.skipped.append(
                        .unsetReference(
                            entity: table.entity, row: row, relationship: reference.relationship,
                            targetTable: reference.targetTable))
                }
            }
        }
    }

    /// Runs a statement returning identities as text, described as `name=value` pairs.
    static func identities(
        _ sql: String, of table: PostgresTable, on connection: PostgresConnection, logger: Logger
    ) async throws -> [String] {
        var described: [String] = []
        for try await row in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger) {
            let values = try row.map { try $0.decode(String.self) }
            described.append(zip(table.identity, values).map { "\($0)=\($1)" }.joined(separator: " "))
        }
        return described
    }

    /// Streams COPY text into a table, a megabyte at a time.
    static func copy(
        _ bytes: [UInt8], into table: String, columns: [String], on connection: PostgresConnection, logger: Logger
    ) async throws {
        try await connection.copyFrom(table: table, columns: columns, logger: logger) { writer in
            var start = 0
            while start < bytes.count {
                let end = min(start + 1 << 20, bytes.count)
                try await writer.write(ByteBuffer(bytes: bytes[start..<end]))
                start = end
            }
        }
    }

    /// Runs a statement that returns one row of one or two counts.
    static func counts(_ sql: String, on connection: PostgresConnection, logger: Logger) async throws -> (Int, Int) {
        let rows = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
        for try await row in rows {
            let cells = Array(row)
            let first = try cells[0].decode(Int64.self)
            let second = cells.count > 1 ? try cells[1].decode(Int64.self) : 0
            return (Int(first), Int(second))
        }
        return (0, 0)
    }
}
