import EntityGenRuntime
import GRDB
import GRDBSQLite

/// One transaction's worth of writes: prepared statements per table (prepared once, bound and stepped
/// per row), row counts, and the check of `reference:` relationships before commit.
///
/// Generated `save(in:)` methods drive it; users normally go through ``FeedImporter``.
public struct ImportSession {
    /// A table's prepared save statement and counts.
    final class TableState {
        let table: EntityTable
        let statement: SQLiteStatement
        /// What `statement`'s text parameters point to.
        let buffers: ColumnBuffers
        /// The statement for rows with no absent field (``EntityTable/saveAllSQL``) and its buffers,
        /// prepared on first use.
        var allStatement: (statement: SQLiteStatement, buffers: ColumnBuffers)?
        var counts = ImportReport.Counts()
        var changes = ChangeSet()
        init(table: EntityTable, statement: SQLiteStatement) {
            self.table = table
            self.statement = statement
            buffers = ColumnBuffers(statement)
        }
        /// A row to bind to `statement`.
        var row: PreparedRow { PreparedRow(state: self, statement: statement, buffers: buffers) }
    }

    /// The connection, inside a transaction.
    public let db: Database
    let connection: SQLiteConnection
    /// Whether updates that would change nothing are skipped (and counted unchanged).
    public let skipsUnchanged: Bool
    /// Whether the report lists the identities of the rows inserted, updated and deleted
    /// (`ImportReport/changes`): each save statement returns its row's identity.
    public let reportsChanges: Bool
    private var tables: [ObjectIdentifier: TableState] = [:]
    private var links: [ObjectIdentifier: (insert: SQLiteStatement, delete: SQLiteStatement)] = [:]
    /// Links to references inserted so far (owner key, position), checked by ``finish()``.
    private var referenceLinks:
        [ObjectIdentifier: (link: LinkTable, inserted: [(owner: [DatabaseValue], position: Int64)])] =
            [:]
    /// Skips and deletions recorded so far.
    var report = ImportReport()
    /// The state of the generator of the values ``save(_:slot:)`` sets the last insert rowid to before a
    /// save (SplitMix64, seeded at random per session).
    private var sentinelState = UInt64.random(in: .min ... .max)

    /// Prepares a writer's connection for an import's statements, before its transaction: recursive
    /// triggers (the generated cascades delete what deleted rows own, level after level) and the decimal
    /// collation (identities of `Decimal` compare by value). Connections from
    /// ``EntityGenConfiguration/prepared(_:)`` have both; an app's own writer may not.
    static func prepareConnection(_ db: Database) throws {
        try db.execute(sql: "PRAGMA recursive_triggers = ON")
        try DecimalCollation.register(in: db)
    }

    /// Starts a session on a connection that is inside a transaction.
    public init(_ db: Database, skipsUnchanged: Bool = true, reportsChanges: Bool = false) {
        self.db = db
        connection = db.sqliteConnection!
        self.skipsUnchanged = skipsUnchanged
        self.reportsChanges = reportsChanges
    }

    /// The next sentinel: a value no input can aim at (a fixed one, `Int64.min`, made a row with that id
    /// count as updated when it was inserted).
    private mutating func nextSentinel() -> Int64 {
        sentinelState &+= 0x9E37_79B9_7F4A_7C15
        var mixed = sentinelState
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int64(bitPattern: mixed ^ (mixed >> 31))
    }

    /// A table's save statement, ready for binding parameters `1...table.columns.count`, then its absent
    /// words (`AbsentFields.bind(to:after:words:)`).
    public mutating func prepare(_ table: EntityTable) throws -> PreparedRow {
        try self.state(of: table).row
    }

    /// A table's save statement for a row whose absent fields are `absent`, ready for binding parameters
    /// `1...table.columns.count`: with `absent` bound when a field was absent, else the statement that sets
    /// every column (``EntityTable/saveAllSQL``), which SQLite runs faster.
    public mutating func prepare(_ table: EntityTable, absent: AbsentFields) throws -> PreparedRow {
        let state = try self.state(of: table)
        guard table.absentWords > 0, absent.isEmpty else {
            absent.bind(to: state.statement, after: table.columns.count, words: table.absentWords)
            return state.row
        }
        let all: (statement: SQLiteStatement, buffers: ColumnBuffers)
        if let prepared = state.allStatement {
            all = prepared
        } else {
            let sql =
                (skipsUnchanged ? table.saveAllChangedSQL : table.saveAllSQL)
                + (reportsChanges ? table.returningSQL : "")
            let statement = try db.cachedStatement(sql: sql).sqliteStatement
            all = (statement, ColumnBuffers(statement))
            state.allStatement = all
        }
        return PreparedRow(state: state, statement: all.statement, buffers: all.buffers)
    }

    /// The session's state of `table`: its counters and save statement, prepared on first use.
    private mutating func state(of table: EntityTable) throws -> TableState {
        let key = ObjectIdentifier(table)
        if let state = tables[key] { return state }
        let sql = (skipsUnchanged ? table.saveChangedSQL : table.saveSQL) + (reportsChanges ? table.returningSQL : "")
        let state = TableState(table: table, statement: try db.cachedStatement(sql: sql).sqliteStatement)
        tables[key] = state
        return state
    }

    /// Runs a bound save statement; returns the row id for tables without identity (the `slot` it
    /// updated, or the new row's), 0 otherwise.
    ///
    /// `slot` is, for a table without identity, the `_id` of the row at the same place in the parent
    /// (``linkedTargets(_:owner:)``, ``storedRowID(_:column:key:)``): that row is updated when the values
    /// differ and counted unchanged when not, so an identical page leaves owned rows alone. `nil`
    /// inserts a new row.
    @discardableResult
    public mutating func save(_ row: PreparedRow, slot: Int64? = nil) throws -> Int64 {
        let state = row.state
        let owned = state.table.identity.isEmpty
        if owned {
            if let slot {
                sqlite3_bind_int64(row.statement, state.table.slotParameter, slot)
            } else {
                sqlite3_bind_null(row.statement, state.table.slotParameter)
            }
        }
        // An upsert that updates leaves the last insert rowid alone; an insert sets it to the row's id,
        // which for an INTEGER identity may be any value: the sentinel is drawn at random per save, so
        // a row's id equals it with a chance of 2^-64, and no input can choose one that does.
        let sentinel = nextSentinel()
        sqlite3_set_last_insert_rowid(connection, sentinel)
        var written: RowIdentity?
        if reportsChanges {
            let columns = state.table.identityColumns
            try Self.run(row.statement, on: connection) { written = RowIdentity(columns: columns, statement: $0) }
        } else {
            try execute(row.statement)
        }
        let inserted = sqlite3_last_insert_rowid(connection)
        if inserted != sentinel {
            state.counts.inserted += 1
            if let written { state.changes.inserted.append(written) }
            return owned ? inserted : 0
        }
        if sqlite3_changes(connection) == 0 {
            state.counts.unchanged += 1
        } else {
            state.counts.updated += 1
            if let written { state.changes.updated.append(written) }
        }
        return owned ? slot ?? 0 : 0
    }

    /// The row ids of the targets an owner's links hold, in position order: the slots in which the
    /// owner's current elements are saved (a link table whose targets the owner owns).
    public func linkedTargets(_ link: LinkTable, owner: [DatabaseValue]) throws -> [Int64] {
        try Int64.fetchAll(db.cachedStatement(sql: link.targetsSQL), arguments: StatementArguments(owner))
    }

    /// The row id an owned to-one target's `column` holds in the stored row `key` names (its identity,
    /// or its own slot for an owned owner); `nil` when the row or the target is not stored yet, or when
    /// `key` is `nil` (an owned owner saved in a new row).
    public func storedRowID(_ table: EntityTable, column: String, key: [DatabaseValue]?) throws -> Int64? {
        guard let key else { return nil }
        let statement = try db.cachedStatement(sql: table.storedRowIDSQL(column))
        return try Int64?.fetchOne(statement, arguments: StatementArguments(key)) ?? nil
    }

    /// Runs a link table's bound `delete` statement, which removes the links past an owner's current
    /// elements; the targets an owner owns go with their links, and are counted deleted.
    public mutating func trimLinks(_ link: LinkTable, _ statement: SQLiteStatement) throws {
        guard let entity = link.ownedTargetEntity else { return try execute(statement) }
        if reportsChanges {
            // The statement returns the removed links' targets (``LinkTable/trimReturningSQL``).
            var removed: [RowIdentity] = []
            try Self.run(statement, on: connection) { removed.append(RowIdentity(columns: ["_id"], statement: $0)) }
            if !removed.isEmpty { report.recordDeleted(removed, of: entity) }
        } else {
            try execute(statement)
            let removed = Int(sqlite3_changes(connection))
            if removed > 0 { report.entities[entity, default: .init()].deleted += removed }
        }
    }

    /// A link table's statements: `insert` upserts one link by owner and position; after the current
    /// links, bind the owner key and the element count to `delete` and run it through
    /// ``trimLinks(_:_:)`` (a to-many relationship is replaced as a whole, links already in place kept).
    public mutating func linkStatements(_ link: LinkTable) throws -> (insert: SQLiteStatement, delete: SQLiteStatement)
    {
        let key = ObjectIdentifier(link)
        if let statements = links[key] { return statements }
        let statements = (
            insert: try db.cachedStatement(sql: link.insertSQL).sqliteStatement,
            delete: try db.cachedStatement(sql: reportsChanges ? link.trimReturningSQL : link.deleteSQL).sqliteStatement
        )
        links[key] = statements
        return statements
    }

    /// Records a link to a reference just inserted, so that ``finish()`` checks its target exists.
    public mutating func linkedReference(_ link: LinkTable, owner: [DatabaseValue], position: Int64) {
        referenceLinks[ObjectIdentifier(link), default: (link, [])].inserted.append((owner, position))
    }

    /// Runs a bound statement and resets it.
    public func execute(_ statement: SQLiteStatement) throws {
        try Self.run(statement, on: connection)
    }

    /// Deletes the row a key names; returns whether it existed.
    @discardableResult
    public mutating func delete(_ key: RowKey) throws -> Bool {
        let statement = try db.cachedStatement(sql: key.table.deleteSQL).sqliteStatement
        for (offset, value) in key.values.enumerated() {
            value.bindValue(to: statement, at: Int32(offset + 1))
        }
        try execute(statement)
        let deleted = sqlite3_changes(connection) > 0
        if deleted && reportsChanges {
            report.recordDeleted(
                [
                    RowIdentity(
                        columns: key.table.identityColumns,
                        values: key.values.map { IdentityValue($0.columnDatabaseValue) })
                ],
                of: key.table.entity)
        } else if deleted {
            report.entities[key.table.entity, default: .init()].deleted += 1
        }
        return deleted
    }

    /// Steps a bound statement (bypassing GRDB's argument checks: parameters were bound directly) and
    /// resets it; SQLite's error becomes an ``ImportError/database(_:)``: its message and code, and the
    /// start of the statement (which names the table; the whole upsert runs to kilobytes).
    /// `eachRow` reads the rows the statement returns (a `RETURNING` clause: every change is made by the
    /// first step).
    static func run(
        _ statement: SQLiteStatement, on connection: SQLiteConnection, eachRow: ((SQLiteStatement) -> Void)? = nil
    ) throws {
        var code = sqlite3_step(statement)
        if let eachRow {
            while code == SQLITE_ROW {
                eachRow(statement)
                code = sqlite3_step(statement)
            }
        }
        guard code == SQLITE_DONE || code == SQLITE_ROW else {
            let message = String(cString: sqlite3_errmsg(connection))
            let extended = sqlite3_extended_errcode(connection)
            sqlite3_reset(statement)
            let sql = String(cString: sqlite3_sql(statement))
            let shown = sql.count > 80 ? sql.prefix(80) + "..." : Substring(sql)
            throw ImportError.database("\(message) (SQLite error \(extended), in \(shown))")
        }
        sqlite3_reset(statement)
    }

    /// Finishes the writes: references without a target are unset and reported, or fail the page when
    /// the schema says so. Returns the session's report (not yet counting pages).
    public mutating func finish() throws -> ImportReport {
        try resolveMissingReferences()
        try resolveMissingLinkTargets()
        for state in tables.values {
            report.entities[state.table.entity, default: .init()] =
                report.entities[state.table.entity, default: .init()] + state.counts
            if !state.changes.isEmpty {
                report.changes[state.table.entity, default: ChangeSet()] =
                    state.changes + report.changes[state.table.entity, default: ChangeSet()]
            }
        }
        return report
    }

    /// The tables written, for change notification.
    var writtenTables: [String] { tables.values.map(\.table.name) }

    private mutating func resolveMissingReferences() throws {
        guard outstandingForeignKeyViolations() > 0 else { return }
        for state in tables.values.sorted(by: { $0.table.name < $1.table.name }) where !state.table.references.isEmpty {
            let table = state.table
            let foreignKeys = try Row.fetchAll(db, sql: "PRAGMA foreign_key_list(\(SQLText.identifier(table.name)))")
            let violations = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check(\(SQLText.identifier(table.name)))")
            for violation in violations {
                let rowID: Int64 = violation[1]
                let foreignKeyID: Int64 = violation[3]
                let columns = foreignKeys.filter { ($0["id"] as Int64) == foreignKeyID }.map { $0["from"] as String }
                guard let reference = table.references.first(where: { Set($0.columns) == Set(columns) }) else {
                    continue
                }
                let identity = try describeRow(table, rowID: rowID)
                let named = try row(table, reference.columns, rowID: rowID)?.databaseValues.map(\.description)
                    .joined(separator: ", ")
                if reference.failsWhenMissing {
                    throw ImportError.missingTarget(
                        entity: table.entity, relationship: reference.relationship,
                        row: identity + (named.map { " (naming \(reference.targetTable) \($0))" } ?? ""))
                }
                let assignments = reference.columns.map { "\(SQLText.identifier($0)) = NULL" }.joined(separator: ", ")
                try db.execute(
                    sql: "UPDATE \(SQLText.identifier(table.name)) SET \(assignments) WHERE rowid = ?",
                    arguments: [rowID])
                report.skipped.append(
                    .unsetReference(
                        entity: table.entity, row: identity, relationship: reference.relationship,
                        targetTable: reference.targetTable, target: named))
            }
        }
        if outstandingForeignKeyViolations() > 0 {
            throw ImportError.database("foreign key constraint failed after resolving references")
        }
    }

    /// Links to references whose target does not exist once the page is written: the page fails, or the
    /// link is dropped and reported, as the relationship's `onMissingTarget` says.
    private mutating func resolveMissingLinkTargets() throws {
        for (link, inserted) in referenceLinks.values.sorted(by: { $0.link.name < $1.link.name }) {
            guard let reference = link.reference else { continue }
            // Prepared once per table, not once per link.
            let missingTarget = try db.cachedStatement(sql: link.missingTargetSQL)
            for (owner, position) in inserted {
                let arguments = StatementArguments(owner + [position.databaseValue])
                guard let target = try Row.fetchOne(missingTarget, arguments: arguments) else { continue }
                let ownerText = owner.map(\.description).joined(separator: ", ")
                let targetText = target.databaseValues.map(\.description).joined(separator: ", ")
                if reference.failsWhenMissing {
                    throw ImportError.missingTarget(
                        entity: reference.entity, relationship: reference.relationship,
                        row: "\(ownerText), link to \(targetText)")
                }
                try db.execute(sql: link.dropSQL, arguments: arguments)
                report.skipped.append(
                    .droppedLink(
                        entity: reference.entity, owner: ownerText, relationship: reference.relationship,
                        targetTable: reference.targetTable, target: targetText))
            }
        }
    }

    private func describeRow(_ table: EntityTable, rowID: Int64) throws -> String {
        let columns = table.identity.isEmpty ? ["rowid"] : table.identity
        guard let row = try row(table, columns, rowID: rowID) else { return "rowid \(rowID)" }
        return zip(columns, row.databaseValues).map { "\($0)=\($1)" }.joined(separator: " ")
    }

    /// `columns` of the row `rowID` names in `table`.
    private func row(_ table: EntityTable, _ columns: [String], rowID: Int64) throws -> Row? {
        let sql =
            "SELECT \(columns.map(SQLText.identifier).joined(separator: ", ")) FROM \(SQLText.identifier(table.name)) WHERE rowid = ?"
        return try Row.fetchOne(db, sql: sql, arguments: [rowID])
    }

    private func outstandingForeignKeyViolations() -> Int32 {
        var current: Int32 = 0
        var highest: Int32 = 0
        sqlite3_db_status(connection, SQLITE_DBSTATUS_DEFERRED_FKS, &current, &highest, 0)
        return current
    }
}
