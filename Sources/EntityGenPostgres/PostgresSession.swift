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
    /// Pending deletions per table, in first-seen table order: each row once, with the order of its
    /// first pending delete (a save of the row cancels it, however often it was deleted before).
    private var deletions: [ObjectIdentifier: (table: PostgresTable, keys: [PostgresRowKey: Int])] = [:]
    private var deletionOrder: [ObjectIdentifier] = []
    private var deletionCount = 0
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
    /// U+0000 (which PostgreSQL's `text` and `jsonb` cannot store) or a date outside `timestamptz`'s range
    /// is, and is reported with `key`.
    ///
    /// `key` is evaluated only when it is needed: when the page deletes rows of `table`, or to report a
    /// row left out. Most pages need neither, and a key costs a buffer per row.
    @discardableResult
    public mutating func save(
        _ table: PostgresTable, key: @autoclosure () -> PostgresRowKey?, absent: AbsentFields,
        _ write: (inout PostgresCopyBuffer) -> Void
    ) -> Int64 {
        let state = self.state(of: table)
        let id = ObjectIdentifier(table)
        if deletions[id]?.keys.isEmpty == false, let key = key() {
            // A save after a delete of the same row in one page: the row stays (the delete came first).
            deletions[id]?.keys.removeValue(forKey: key)
        }
        guard
            Self.appendRow(
                to: &state.rows, write, report: &report,
                leftOut: { reason in
                    ImportReport.Skip(
                        path: "\(table.entity) \(key()?.description ?? "(row without identity)")",
                        reason: "\(reason); the row was left out")
                })
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
    /// For an owned owner (whose every staged row replaces its links) `write` is not called.
    public mutating func replaceLinks(
        _ link: PostgresLinkTable, owner: Int64, _ write: (inout PostgresCopyBuffer) -> Void
    ) {
        guard owner > 0 else { return }
        let state = linkState(of: link)
        guard link.stagesOwners else { return }
        write(&state.owners)
        state.owners.append(owner)
        state.owners.endRow()
    }

    /// Stages one link of the owner whose row has local id `owner`: `write` appends the owner key, the
    /// position, the map key and the target key (an owned target's local id). A link PostgreSQL cannot
    /// store (a map key holding U+0000, a key date out of range) is left out and reported.
    public mutating func link(_ link: PostgresLinkTable, owner: Int64, _ write: (inout PostgresCopyBuffer) -> Void) {
        guard owner > 0 else { return }
        let state = linkState(of: link)
        guard
            Self.appendRow(
                to: &state.links, write, report: &report,
                leftOut: { reason in ImportReport.Skip(path: link.name, reason: "\(reason); the link was left out") })
        else { return }
        state.links.append(owner)
        state.links.endRow()
    }

    /// Writes a row's fields with `write`; a row PostgreSQL cannot store (U+0000 in text, a date out of
    /// range) is dropped again and `leftOut` of the reason reported. Returns whether the row stayed (the
    /// caller then appends its own fields and ends it).
    private static func appendRow(
        to buffer: inout PostgresCopyBuffer, _ write: (inout PostgresCopyBuffer) -> Void, report: inout ImportReport,
        leftOut: (String) -> ImportReport.Skip
    ) -> Bool {
        let start = buffer.rowStart
        write(&buffer)
        guard let reason = buffer.unstorable else { return true }
        buffer.dropRow(from: start)
        report.skipped.append(leftOut(reason))
        return false
    }

    /// Records that a sync saved the row `key` names (for orphan deletion; nothing unless tracking, and
    /// then `key` is not evaluated).
    mutating func recordSeen(_ key: @autoclosure () -> PostgresRowKey?) {
        guard let tracking, let key = key(), let table = tracking.seenTable(of: key.table) else { return }
        // Appended in place: a copy of the entry taken out of the dictionary would copy the whole
        // buffer for every identity.
        key.fields.withUnsafeBufferPointer {
            seen[table, default: (key.table.identity, PostgresCopyBuffer())].rows.appendRaw($0)
        }
        seen[table]!.rows.endRow()
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
            deletions[id] = (key.table, [:])
            deletionOrder.append(id)
        }
        if deletions[id]!.keys[key] == nil { deletions[id]!.keys[key] = deletionCount }
        deletionCount += 1
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
            deletions: takesDeletions
                ? deletionOrder.compactMap { id in
                    deletions[id].map { ($0.table, $0.keys.sorted { $0.value < $1.value }.map(\.key)) }
                } : [],
            seen: seen.map { ($0.key, $0.value.columns, $0.value.rows) }.sorted { $0.table < $1.table },
            finishesPage: takesDeletions, report: report)
        seen = [:]
        for state in order {
            // The next chunk of a large page is about as large as this one: room for it up front saves
            // growing the buffer (and copying it) a dozen times per chunk.
            state.rows = PostgresCopyBuffer(reservingCapacity: max(64 * 1024, state.rows.bytes.count))
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
