import EntityGenRuntime
import PostgresNIO

/// A session's staged rows and deletions (``PostgresSession/take(deletions:)``), ready to be sent.
public struct PostgresStagedPage: Sendable {
    /// Per table, in dependency order: its rows as COPY text.
    var tables: [(table: PostgresTable, rows: PostgresCopyBuffer, hasAbsent: Bool)]
    /// Per link table, in the order first written: the owners whose links are replaced, and the links.
    var links: [(link: PostgresLinkTable, owners: PostgresCopyBuffer, links: PostgresCopyBuffer)]
    /// Per table: the keys to delete.
    var deletions: [(table: PostgresTable, keys: [PostgresRowKey])]
    /// Identities recorded for a sync's orphan deletion: temporary table, columns, rows.
    var seen: [(table: String, columns: [String], rows: PostgresCopyBuffer)]
    /// Whether this is the page's last part: references are checked after its deletions.
    var finishesPage: Bool
    /// Skips found while staging.
    var report: ImportReport

    /// Sends the staged rows and deletions on `connection`, which is inside a transaction: per table a
    /// staging table (created once per transaction, emptied before it is used again; `state` carries
    /// what the transaction has set up), COPY, and one merge; then the deletions; at the end of the
    /// page, the check of `reference:` keys. Returns the counts and skips.
    public func flush(
        on connection: PostgresConnection, logger: Logger, state: inout PostgresTransactionState
    ) async throws -> ImportReport {
        var report = self.report
        let sent = tables.filter { $0.rows.rowCount > 0 }
        for (table, rows, _) in tables {
            // Every table written to gets its staging table, even when all its rows were left out, so
            // that owners and links can look their local ids up in it.
            if state.staging.insert(ObjectIdentifier(table)).inserted {
                for sql in table.createStagingSQL {
                    try await connection.execute(sql: sql, logger: logger)
                }
            } else if rows.rowCount > 0 {
                try await connection.execute(
                    sql: "TRUNCATE \(PostgresSQL.identifier(table.stagingName))", logger: logger)
            }
        }
        for (table, rows, _) in sent {
            try await Self.copy(
                rows.bytes, into: table.stagingName, columns: table.stagingColumns, on: connection, logger: logger)
        }
        let stagedLinks = try await stageLinks(
            on: connection, logger: logger, staging: &state.staging,
            stagedTables: Set(sent.map { ObjectIdentifier($0.table) }))
        // Owned rows get their ids first (the stored rows at their places, else new ones), then owners map
        // local ids to them; then every table merges.
        try await assignSlots(links: stagedLinks, on: connection, logger: logger, staging: state.staging)
        for (table, _, _) in sent {
            if let sql = table.assignIDsSQL {
                try await connection.execute(sql: sql, logger: logger)
            }
        }
        let written = Set(tables.map(\.table.name))
        for (table, _, _) in sent {
            // A table this transaction never wrote to has no staging table, and no row of it is named.
            for (target, sql) in table.mapOwnedRowsSQL where written.contains(target) {
                try await connection.execute(sql: sql, logger: logger)
            }
        }
        for (table, rows, hasAbsent) in sent {
            let (inserted, updated, changes) = try await Self.merge(
                table, rowCount: rows.rowCount, hasAbsent: hasAbsent, state: &state, on: connection, logger: logger)
            if !changes.isEmpty { report.changes[table.entity, default: ChangeSet()] += changes }
            if let record = table.recordCheckedSQL {
                try await connection.execute(sql: record, logger: logger)
            }
            var counts = report.entities[table.entity, default: .init()]
            counts.inserted += inserted
            counts.updated += updated
            // Rows left alone because nothing changed, and earlier occurrences of a row the page repeats.
            counts.unchanged += rows.rowCount - inserted - updated
            report.entities[table.entity] = counts
        }
        for (table, _, _) in sent {
            for sql in table.removeSupersededSQL {
                try await connection.execute(sql: sql, logger: logger)
            }
        }
        try await writeLinks(
            stagedLinks, on: connection, logger: logger, staging: state.staging, reportsChanges: state.reportsChanges,
            report: &report)
        for (table, columns, rows) in seen {
            try await Self.copy(rows.bytes, into: table, columns: columns, on: connection, logger: logger)
        }
        for (table, keys) in deletions where !keys.isEmpty {
            var rows = PostgresCopyBuffer()
            for key in keys {
                key.fields.withUnsafeBufferPointer { rows.appendRaw($0) }
                rows.endRow()
            }
            try await connection.execute(sql: table.createDeleteStagingSQL, logger: logger)
            try await Self.copy(
                rows.bytes, into: table.deleteStagingName, columns: table.identity, on: connection, logger: logger)
            if state.reportsChanges {
                let changes = try await Self.listed(
                    table.listing.deleteSQL, table, on: connection, logger: logger, deleting: true)
                report.recordDeleted(changes.deleted, of: table.entity)
            } else {
                let (deleted, _) = try await Self.counts(table.deleteSQL, on: connection, logger: logger)
                report.entities[table.entity, default: .init()].deleted += deleted
            }
        }
        if finishesPage {
            for (table, _, _) in tables where state.staging.contains(ObjectIdentifier(table)) {
                try await Self.checkReferences(of: table, on: connection, logger: logger, report: &report)
            }
            for (link, _, _) in links where state.staging.contains(ObjectIdentifier(link)) {
                try await Self.checkReferences(of: link, on: connection, logger: logger, report: &report)
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
            for values in try await missingTargets(check, on: connection, logger: logger) {
                let row = zip(table.identity, values).map { "\($0)=\($1)" }.joined(separator: " ")
                let named = values.dropFirst(table.identity.count).joined(separator: ", ")
                if reference.failsWhenMissing {
                    throw ImportError.missingTarget(
                        entity: table.entity, relationship: reference.relationship,
                        row: row + " (naming \(reference.targetTable) \(named))")
                }
                report.skipped.append(
                    .unsetReference(
                        entity: table.entity, row: row, relationship: reference.relationship,
                        targetTable: reference.targetTable, target: named))
            }
        }
    }

    /// Links of a to-many `reference:` relationship the page inserted that name no target row: the page
    /// fails (`onMissingTarget: fail`), or they are dropped and reported.
    static func checkReferences(
        of link: PostgresLinkTable, on connection: PostgresConnection, logger: Logger, report: inout ImportReport
    ) async throws {
        guard let check = link.referenceCheck else { return }
        let reference = check.reference
        for values in try await missingTargets(check, on: connection, logger: logger) {
            let owner = values.prefix(link.ownerColumns.count).joined(separator: ", ")
            let target = values.dropFirst(link.ownerColumns.count).joined(separator: ", ")
            if reference.failsWhenMissing {
                throw ImportError.missingTarget(
                    entity: link.entity, relationship: reference.relationship, row: "\(owner), link to \(target)")
            }
            report.skipped.append(
                .droppedLink(
                    entity: link.entity, owner: owner, relationship: reference.relationship,
                    targetTable: reference.targetTable, target: target))
        }
    }

    /// The rows (their described values, as text) whose reference names no target: the first one when
    /// the reference fails the page, else every one, repaired.
    static func missingTargets(
        _ check: PostgresReferenceCheck, on connection: PostgresConnection, logger: Logger
    ) async throws -> [[String]] {
        let sql = check.reference.failsWhenMissing ? check.firstMissingSQL : check.repairSQL
        return try await connection.rows(PostgresQuery(unsafeSQL: sql), of: String.self, logger: logger).map { row in
            row.map { $0 ?? "NULL" }
        }
    }

    /// Streams COPY text into a table.
    static func copy(
        _ bytes: [UInt8], into table: String, columns: [String], on connection: PostgresConnection, logger: Logger
    ) async throws {
        try await connection.copy(bytes, into: table, columns: columns, logger: logger)
    }

    /// Runs a statement that returns one row of one or two counts.
    static func counts(_ sql: String, on connection: PostgresConnection, logger: Logger) async throws -> (Int, Int) {
        guard let cells = try await connection.rows(PostgresQuery(unsafeSQL: sql), of: Int64.self, logger: logger).first
        else { return (0, 0) }
        return (Int(cells.first.flatMap { $0 } ?? 0), cells.count > 1 ? Int(cells[1] ?? 0) : 0)
    }
}
