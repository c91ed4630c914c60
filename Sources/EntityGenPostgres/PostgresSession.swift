import EntityGenRuntime
import PostgresNIO

/// One page's worth of writes for PostgreSQL: rows staged per table as COPY text (in the order tables
/// were first written, which generated `save(in:)` makes dependency order), and deletions by identity;
/// ``take(deletions:)`` hands them to ``PostgresStagedPage/flush(on:logger:state:)``, which sends them
/// in the caller's transaction (a large page in several chunks).
///
/// Generated `save(in:)` methods drive it; users normally go through ``PostgresImporter``.
public struct PostgresSession {
    /// A table's staged rows.
    final class TableState {
        let table: PostgresTable
        var rows = PostgresCopyBuffer()
        /// Whether a staged row has an absent field (the merge then reads absent words back).
        var hasAbsent = false
        init(table: PostgresTable) { self.table = table }
    }

    /// A link table's staged owners and links.
    final class LinkState {
        let link: PostgresLinkTable
        var owners = PostgresCopyBuffer()
        var links = PostgresCopyBuffer()
        init(link: PostgresLinkTable) { self.link = link }
    }

    private var tables: [ObjectIdentifier: TableState] = [:]
    private var order: [TableState] = []
    private var links: [ObjectIdentifier: LinkState] = [:]
    private var linkOrder: [LinkState] = []
    /// Pending deletions per table, in first-seen table order.
    private var deletions: [ObjectIdentifier: (table: PostgresTable, keys: [PostgresRowKey])] = [:]
    private var deletionOrder: [ObjectIdentifier] = []
    /// Skips found while staging (values PostgreSQL cannot store).
    var report = ImportReport()
    /// A sync's orphan tracking: the identities of the feed's saved instances are recorded.
    var tracking: PostgresSeenRows?
    /// Identities recorded for orphan tracking, per temporary table, as COPY text.
    private var seen: [String: (columns: [String], rows: PostgresCopyBuffer)] = [:]
    private var position: Int64 = 0

    /// Creates an empty session.
    public init() {}

    /// Stages one row of `table`: `write` appends the table's columns in order. Returns the row's local id
    /// (its position in the page), which links to it name; 0 when the row was left out: a row holding
    /// U+0000 (which PostgreSQL's `text` and `jsonb` cannot store) is, and is reported with `key`.
    @discardableResult
    public mutating func save(
        _ table: PostgresTable, key: PostgresRowKey?, absent: AbsentFields,
        _ write: (inout PostgresCopyBuffer) -> Void
    ) -> Int64 {
        let state = self.state(of: table)
        if let key {
            // A save after a delete of the same row in one page: the row stays (the delete came first).
            if var pending = deletions[ObjectIdentifier(table)], let index = pending.keys.lastIndex(of: key) {
                pending.keys.remove(at: index)
                deletions[ObjectIdentifier(table)] = pending
            }
        }
        guard
            Self.appendRow(
                to: &state.rows, write, report: &report,
                leftOut: ImportReport.Skip(
                    path: "\(table.entity) \(key?.description ?? "(row without identity)")",
                    reason: "a text value contains U+0000, which PostgreSQL cannot store; the row was left out"))
        else { return 0 }
        position += 1
        state.rows.append(position)
        for word in 0..<table.absentWords {
            let bits = absent.word(word)
            if bits != 0 { state.hasAbsent = true }
            state.rows.append(bits)
        }
        state.rows.endRow()
        return position
    }

    /// Notes that the owner whose row has local id `owner` sent the relationship `link` stores: its stored
    /// links are replaced by those it stages with ``link(_:owner:_:)`` (the last occurrence of an owner in
    /// the page wins). `write` appends the owner's key columns. Nothing for an owner left out (`owner` 0).
    public mutating func replaceLinks(
        _ link: PostgresLinkTable, owner: Int64, _ write: (inout PostgresCopyBuffer) -> Void
    ) {
        guard owner > 0 else { return }
        let state = linkState(of: link)
        write(&state.owners)
        state.owners.append(owner)
        state.owners.endRow()
    }

    /// Stages one link of the owner whose row has local id `owner`: `write` appends the owner key, the
    /// position, the map key and the target key (an owned target's local id). A link whose map key holds
    /// U+0000 is left out and reported.
    public mutating func link(_ link: PostgresLinkTable, owner: Int64, _ write: (inout PostgresCopyBuffer) -> Void) {
        guard owner > 0 else { return }
        let state = linkState(of: link)
        guard
            Self.appendRow(
                to: &state.links, write, report: &report,
                leftOut: ImportReport.Skip(
                    path: link.name,
                    reason: "a map key contains U+0000, which PostgreSQL cannot store; the link was left out"))
        else { return }
        state.links.append(owner)
        state.links.endRow()
    }

    /// Writes a row's fields with `write`; a row holding U+0000 is dropped again and `leftOut` reported.
    /// Returns whether the row stayed (the caller then appends its own fields and ends it).
    private static func appendRow(
        to buffer: inout PostgresCopyBuffer, _ write: (inout PostgresCopyBuffer) -> Void, report: inout ImportReport,
        leftOut: @autoclosure () -> ImportReport.Skip
    ) -> Bool {
        let start = buffer.rowStart
        write(&buffer)
        guard buffer.rowHasNUL else { return true }
        buffer.dropRow(from: start)
        report.skipped.append(leftOut())
        return false
    }

    /// Records that a sync saved the row `key` names (for orphan deletion; nothing unless tracking).
    mutating func recordSeen(_ key: PostgresRowKey) {
        guard let tracking, let table = tracking.seenTable(of: key.table) else { return }
        var entry = seen[table] ?? (key.table.identity, PostgresCopyBuffer())
        key.fields.withUnsafeBufferPointer { entry.rows.appendRaw($0) }
        entry.rows.endRow()
        seen[table] = entry
    }

    private mutating func linkState(of link: PostgresLinkTable) -> LinkState {
        Self.state(of: link, in: &links, order: &linkOrder) { LinkState(link: link) }
    }

    /// The state kept for `key`, made and appended to `order` the first time (so `order` is first-write
    /// order: dependency order for tables, which generated `save(in:)` writes targets first).
    private static func state<State>(
        of key: AnyObject, in states: inout [ObjectIdentifier: State], order: inout [State], _ make: () -> State
    ) -> State {
        if let state = states[ObjectIdentifier(key)] { return state }
        let state = make()
        states[ObjectIdentifier(key)] = state
        order.append(state)
        return state
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
        Self.state(of: table, in: &tables, order: &order) { TableState(table: table) }
    }

    /// Takes what was staged so far, as values that can cross into the connection's transaction: the
    /// rows and skips, and with `deletions` the pending deletions too (a page's last chunk). What is taken
    /// is removed; pending deletions stay until taken, so a later save of the same row still cancels one.
    public mutating func take(deletions takesDeletions: Bool) -> PostgresStagedPage {
        let page = PostgresStagedPage(
            tables: order.map { ($0.table, $0.rows, $0.hasAbsent) },
            links: linkOrder.map { ($0.link, $0.owners, $0.links) },
            deletions: takesDeletions ? deletionOrder.compactMap { deletions[$0] } : [],
            seen: seen.map { ($0.key, $0.value.columns, $0.value.rows) }.sorted { $0.table < $1.table },
            finishesPage: takesDeletions, report: report)
        seen = [:]
        for state in order {
            state.rows = PostgresCopyBuffer()
            state.hasAbsent = false
        }
        for state in linkOrder {
            state.owners = PostgresCopyBuffer()
            state.links = PostgresCopyBuffer()
        }
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
                    try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
                }
            } else if rows.rowCount > 0 {
                try await connection.query(
                    PostgresQuery(unsafeSQL: "TRUNCATE \(PostgresSQL.identifier(table.stagingName))"), logger: logger)
            }
        }
        for (table, rows, _) in sent {
            try await Self.copy(
                rows.bytes, into: table.stagingName, columns: table.stagingColumns, on: connection, logger: logger)
        }
        // Owned rows get their ids first, then owners map local ids to them; then every table merges.
        for (table, _, _) in sent {
            if let sql = table.assignIDsSQL {
                try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
            }
        }
        let written = Set(tables.map(\.table.name))
        for (table, _, _) in sent {
            // A table this transaction never wrote to has no staging table, and no row of it is named.
            for (target, sql) in table.mapOwnedRowsSQL where written.contains(target) {
                try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
            }
        }
        for (table, rows, hasAbsent) in sent {
            let (inserted, updated) = try await Self.merge(
                table, rowCount: rows.rowCount, hasAbsent: hasAbsent, state: &state, on: connection, logger: logger)
            if let record = table.recordCheckedSQL {
                try await connection.query(PostgresQuery(unsafeSQL: record), logger: logger)
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
                try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
            }
        }
        try await flushLinks(on: connection, logger: logger, staging: &state.staging)
        for (table, columns, rows) in seen {
            try await Self.copy(rows.bytes, into: table, columns: columns, on: connection, logger: logger)
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
            for (table, _, _) in tables where state.staging.contains(ObjectIdentifier(table)) {
                try await Self.checkReferences(of: table, on: connection, logger: logger, report: &report)
            }
            for (link, _, _) in links where state.staging.contains(ObjectIdentifier(link)) {
                try await Self.checkReferences(of: link, on: connection, logger: logger, report: &report)
            }
        }
        return report
    }

    /// Replaces the links of the staged owners, once every entity table is merged (owned rows have their
    /// `_id` then): all stored links of those owners are deleted first, then the staged ones inserted, then
    /// owned targets an owner's later occurrence replaced are deleted (so that a nested owned row's own
    /// links exist before its owner's cleanup cascades to them).
    func flushLinks(
        on connection: PostgresConnection, logger: Logger, staging: inout Set<ObjectIdentifier>
    ) async throws {
        let sent = links.filter { $0.owners.rowCount > 0 || $0.links.rowCount > 0 }
        for (link, owners, rows) in sent {
            if staging.insert(ObjectIdentifier(link)).inserted {
                for sql in link.createStagingSQL {
                    try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
                }
            } else {
                var names = [link.stagingName]
                if link.deleteLinksSQL != nil { names.append(link.ownersName) }
                let list = names.map(PostgresSQL.identifier).joined(separator: ", ")
                try await connection.query(PostgresQuery(unsafeSQL: "TRUNCATE \(list)"), logger: logger)
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
        for (link, owners, _) in sent where owners.rowCount > 0 {
            if let sql = link.deleteLinksSQL {
                try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
            }
        }
        for (link, _, rows) in sent where rows.rowCount > 0 {
            try await connection.query(PostgresQuery(unsafeSQL: link.insertSQL), logger: logger)
        }
        for (link, _, rows) in sent where rows.rowCount > 0 {
            if let sql = link.removeSupersededSQL {
                try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
            }
        }
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

    /// Links of a to-many `reference:` relationship the page inserted that name no target row: the page
    /// fails (`onMissingTarget: fail`), or they are dropped and reported.
    static func checkReferences(
        of link: PostgresLinkTable, on connection: PostgresConnection, logger: Logger, report: inout ImportReport
    ) async throws {
        guard let check = link.referenceCheck else { return }
        let reference = check.reference
        let sql = reference.failsWhenMissing ? check.firstMissingSQL : check.dropSQL
        for try await row in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger) {
            let values = try row.map { try $0.decode(String.self) }
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
