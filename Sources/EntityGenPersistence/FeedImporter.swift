import EntityGenRuntime
import Foundation
import GRDB

/// Imports a feed's pages into SQLite: each page mapped, then written in one transaction (all of it or
/// nothing), with batched upserts by identification attributes through prepared statements.
///
/// Reads go on while it writes when the writer is a `DatabasePool` (WAL): readers see the last committed
/// page, never part of one.
public final class FeedImporter<Entity: ImportableEntity>: Sendable {
    /// The feed.
    public let feed: Feed<Entity>
    /// Where rows go.
    public let writer: any DatabaseWriter
    /// Whether updates that would change nothing are skipped and counted unchanged (default `true`).
    public let skipsUnchanged: Bool

    /// Creates an importer.
    public init(feed: Feed<Entity>, writer: any DatabaseWriter, skipsUnchanged: Bool = true) {
        self.feed = feed
        self.writer = writer
        self.skipsUnchanged = skipsUnchanged
    }

    /// Maps and writes one page; `page` names it in errors.
    @discardableResult
    public func importPage(_ bytes: some Collection<UInt8>, page: String = "page") throws -> ImportReport {
        try write(feed.prepare(bytes, page: page))
    }

    /// Writes a mapped page in one transaction.
    @discardableResult
    public func write(_ page: PreparedPage<Entity>) throws -> ImportReport {
        try writer.writeWithoutTransaction { db in try Self.write(page, in: db, skipsUnchanged: skipsUnchanged, seen: nil) }
    }

    /// Writes a page in one transaction; with `seen`, the identities of saved instances are recorded in
    /// temporary tables for orphan deletion at the end of a sync.
    static func write(_ page: PreparedPage<Entity>, in db: Database, skipsUnchanged: Bool, seen: SeenRows?) throws -> ImportReport {
        var report = page.report
        try db.execute(sql: "PRAGMA recursive_triggers = ON")
        // Temporary tables first: a schema change after statements are prepared would make SQLite
        // re-prepare them in the middle of the page.
        if let seen {
            for case let .save(entity) in page.operations { try seen.prepare(entity.rowKey.table, in: db) }
        }
        try db.inTransaction(.immediate) {
            var session = ImportSession(db, skipsUnchanged: skipsUnchanged)
            for operation in page.operations {
                switch operation {
                case let .save(entity):
                    try entity.save(in: &session)
                    if let seen { try seen.record(entity.rowKey, in: db) }
                case let .delete(key):
                    try session.delete(key)
                }
            }
            let written = try session.finish()
            for table in session.writtenTables {
                try db.notifyChanges(in: Table(table))
            }
            report.merge(written)
            return .commit
        }
        report.pages += 1
        return report
    }
}

/// Identities saved during a sync, kept in temporary tables of the writer connection, so that rows not
/// seen in the whole sync can be deleted once it completes.
final class SeenRows: @unchecked Sendable {
    private var tables: [String: EntityTable] = [:]
    private var created: Set<String> = []
    private let lock = NSLock()

    init(including table: EntityTable?) {
        if let table { tables[table.name] = table }
    }

    private func seenTable(_ table: EntityTable) -> String {
        SQLText.identifier("entitygen_seen_" + table.name)
    }

    /// Creates the temporary table for `table` unless it exists; call before the page's transaction.
    func prepare(_ table: EntityTable, in db: Database) throws {
        guard !table.identity.isEmpty else { return }
        let known = lock.withLock { () -> Bool in
            tables[table.name] = table
            return !created.insert(table.name).inserted
        }
        if !known { try createTable(table, in: db) }
    }

    /// Records a saved instance's identity.
    func record(_ key: RowKey, in db: Database) throws {
        let table = key.table
        guard !table.identity.isEmpty else { return }
        let statement = try db.cachedStatement(sql: "INSERT OR IGNORE INTO temp.\(seenTable(table)) VALUES (\(SQLText.parameters(table.identity.count)))")
        for (offset, value) in key.values.enumerated() {
            value.bindValue(to: statement.sqliteStatement, at: Int32(offset + 1))
        }
        try ImportSession.run(statement.sqliteStatement, on: db.sqliteConnection!)
    }

    private func createTable(_ table: EntityTable, in db: Database) throws {
        let columns = table.identity.map(SQLText.identifier).joined(separator: ", ")
        try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS \(seenTable(table)) (\(columns), PRIMARY KEY (\(columns))) WITHOUT ROWID")
    }

    /// Deletes rows of every seen table that the sync did not save, in one transaction.
    func deleteUnseen(in db: Database) throws -> ImportReport {
        var report = ImportReport()
        let all = lock.withLock { tables.values.sorted { $0.name < $1.name } }
        try db.execute(sql: "PRAGMA recursive_triggers = ON")
        for table in all where !table.identity.isEmpty { try createTable(table, in: db) }
        try db.inTransaction(.immediate) {
            for table in all where !table.identity.isEmpty {
                let match = table.identity.map { "s.\(SQLText.identifier($0)) IS t.\(SQLText.identifier($0))" }.joined(separator: " AND ")
                try db.execute(sql: "DELETE FROM main.\(SQLText.identifier(table.name)) AS t WHERE NOT EXISTS (SELECT 1 FROM temp.\(seenTable(table)) AS s WHERE \(match))")
                report.entities[table.entity, default: .init()].deleted += db.changesCount
                try db.notifyChanges(in: Table(table.name))
            }
            return .commit
        }
        try drop(in: db)
        return report
    }

    /// Drops the temporary tables.
    func drop(in db: Database) throws {
        for table in lock.withLock({ Array(tables.values) }) {
            try db.execute(sql: "DROP TABLE IF EXISTS temp.\(seenTable(table))")
        }
        lock.withLock { created.removeAll() }
    }
}
