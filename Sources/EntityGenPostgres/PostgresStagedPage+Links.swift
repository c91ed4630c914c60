import EntityGenRuntime
import PostgresNIO

/// The link tables' part of a flush, and the slots of owned rows: the staged links are copied before any
/// merge, so that each owned row can be given the `_id` of the stored row at its place in its owner (the
/// target of the stored link at the same owner and position, or the row an owner's to-one column holds)
/// and an identical page leaves owned rows alone, as on SQLite.
extension PostgresStagedPage {
    /// The link tables this flush writes: those with staged owners or links, and those of owned owners
    /// staged in this flush (whose every staged row replaces its links, even with none). Their staging
    /// tables are created once per transaction, emptied before they are used again, and filled.
    func stageLinks(
        on connection: PostgresConnection, logger: Logger, staging: inout Set<ObjectIdentifier>,
        stagedTables: Set<ObjectIdentifier>
    ) async throws -> [(link: PostgresLinkTable, owners: PostgresCopyBuffer, links: PostgresCopyBuffer)] {
        let sent = links.filter { link, owners, rows in
            owners.rowCount > 0 || rows.rowCount > 0
                || link.ownerRows.map { stagedTables.contains(ObjectIdentifier($0)) } == true
        }
        for (link, owners, rows) in sent {
            if staging.insert(ObjectIdentifier(link)).inserted {
                for sql in link.createStagingSQL {
                    try await connection.execute(sql: sql, logger: logger)
                }
            } else {
                var names = [link.stagingName]
                if link.stagesOwners { names.append(link.ownersName) }
                let list = names.map(PostgresSQL.identifier).joined(separator: ", ")
                try await connection.execute(sql: "TRUNCATE \(list)", logger: logger)
            }
            if owners.rowCount > 0 {
                try await Self.copy(
                    owners.bytes, into: link.ownersName, columns: link.ownersColumns, on: connection, logger: logger)
            }
            if rows.rowCount > 0 {
                try await Self.copy(
                    rows.bytes, into: link.stagingName, columns: link.stagingColumns, on: connection, logger: logger)
            }
        }
        return sent
    }

    /// Gives staged owned rows their slots: rounds of every slot statement whose staging tables exist,
    /// until one gives no row a slot (an owned owner must have its own `_id` before its targets can be
    /// found: subspecs of subspecs take one round per level).
    func assignSlots(
        links: [(link: PostgresLinkTable, owners: PostgresCopyBuffer, links: PostgresCopyBuffer)],
        on connection: PostgresConnection, logger: Logger, staging: Set<ObjectIdentifier>
    ) async throws {
        let stagedNames = Set(tables.filter { staging.contains(ObjectIdentifier($0.table)) }.map(\.table.name))
        var statements: [String] = []
        for (table, _, _) in tables where staging.contains(ObjectIdentifier(table)) {
            statements += table.ownedSlotsSQL.filter { stagedNames.contains($0.target) }.map(\.sql)
        }
        for (link, _, _) in links {
            guard let sql = link.slotsSQL, let targets = link.targetRows,
                staging.contains(ObjectIdentifier(targets)),
                link.ownerRows.map({ staging.contains(ObjectIdentifier($0)) }) ?? true
            else { continue }
            statements.append(sql)
        }
        guard !statements.isEmpty else { return }
        // Each round gives at least one more row a slot, or ends: at most one round per staged row.
        for _ in 0...tables.reduce(0, { $0 + $1.rows.rowCount }) {
            var given = 0
            for sql in statements {
                given += try await Self.counts(sql, on: connection, logger: logger).0
            }
            if given == 0 { return }
        }
    }

    /// Writes the staged links, once every entity table is merged (owned rows have their `_id` then): the
    /// stored links of each owner past its staged ones are deleted (owned targets with them, counted
    /// deleted), the staged ones upserted, then owned targets an owner's later occurrence replaced are
    /// deleted (so that a nested owned row's own links exist before its owner's cleanup cascades to them).
    func writeLinks(
        _ links: [(link: PostgresLinkTable, owners: PostgresCopyBuffer, links: PostgresCopyBuffer)],
        on connection: PostgresConnection, logger: Logger, staging: Set<ObjectIdentifier>, reportsChanges: Bool,
        report: inout ImportReport
    ) async throws {
        for (link, owners, _) in links where owners.rowCount > 0 || !link.stagesOwners {
            let targetsStaged = link.targetRows.map { staging.contains(ObjectIdentifier($0)) } == true
            if reportsChanges, let targets = link.targetRows, let listed = link.listedDeletes {
                let changes = try await Self.listed(
                    targetsStaged ? listed.changedLinks : listed.links, targets, on: connection, logger: logger,
                    deleting: true)
                if !changes.deleted.isEmpty { report.recordDeleted(changes.deleted, of: targets.entity) }
                continue
            }
            let sql = targetsStaged ? link.deleteChangedLinksSQL ?? link.deleteLinksSQL : link.deleteLinksSQL
            let (deleted, _) = try await Self.counts(sql, on: connection, logger: logger)
            if let targets = link.targetRows, deleted > 0 {
                report.entities[targets.entity, default: .init()].deleted += deleted
            }
        }
        for (link, _, rows) in links where rows.rowCount > 0 {
            try await connection.execute(sql: link.insertSQL, logger: logger)
        }
        for (link, _, rows) in links where rows.rowCount > 0 {
            if let sql = link.removeSupersededSQL {
                try await connection.execute(sql: sql, logger: logger)
            }
        }
    }
}
