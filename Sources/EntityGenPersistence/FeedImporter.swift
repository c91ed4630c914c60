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

    /// Maps and writes one page; `page` names it in errors. A large page is mapped on a second thread
    /// while the first chunks are written (still one transaction).
    @discardableResult
    public func importPage(_ bytes: some Collection<UInt8>, page: String = "page") throws -> ImportReport {
        let document: JSONDocument
        do { document = try JSONDocument(bytes: bytes) } catch { throw ImportError.invalidJSON(page: page, error) }
        let feed = feed
        let header = try document.withRoot { root throws(ImportError) in try feed.header(root: root, page: page) }
        guard header.items.count >= Self.pipelineThreshold else {
            return try write(document.withRoot { root throws(ImportError) in try feed.prepare(root: root, page: page) })
        }
        let channel = ChunkChannel<Entity>()
        let producer = Thread {
            do throws(ImportError) {
                try document.withRoot { root throws(ImportError) in
                    var chunk = PreparedPage<Entity>()
                    try feed.header(root: root, page: page).items.forEachElement { _, element throws(ImportError) in
                        try feed.prepareItem(element, page: page, into: &chunk)
                        if chunk.operations.count >= Self.chunkSize {
                            guard channel.put(chunk) else { throw ImportError.database("cancelled") }
                            chunk = PreparedPage()
                        }
                    }
                    _ = channel.put(chunk)
                }
                channel.finish(nil)
            } catch {
                channel.finish(error)
            }
        }
        producer.start()
        defer { channel.abandon() }
        let skipsUnchanged = skipsUnchanged
        return try writer.writeWithoutTransaction { db in
            try Self.write(header.page, in: db, skipsUnchanged: skipsUnchanged, seen: nil, next: { try channel.take() })
        }
    }

    /// Items from which a page is mapped while it is written.
    static var pipelineThreshold: Int { 4_096 }
    /// Operations handed from the mapping thread to the writer at a time.
    static var chunkSize: Int { 2_048 }

    /// Writes a mapped page in one transaction.
    @discardableResult
    public func write(_ page: PreparedPage<Entity>) throws -> ImportReport {
        try writer.writeWithoutTransaction { db in try Self.write(page, in: db, skipsUnchanged: skipsUnchanged, seen: nil) }
    }

    /// Writes a page in one transaction; with `seen`, the identities of saved instances are recorded in
    /// temporary tables for orphan deletion at the end of a sync.
    static func write(_ page: PreparedPage<Entity>, in db: Database, skipsUnchanged: Bool, seen: SeenRows?) throws -> ImportReport {
        // Temporary tables first: a schema change after statements are prepared would make SQLite
        // re-prepare them in the middle of the page.
        if let seen {
            for case let .save(entity) in page.operations { try seen.prepare(entity.rowKey.table, in: db) }
        }
        var pending: PreparedPage<Entity>? = page
        var header = PreparedPage<Entity>()
        header.report = page.report
        pending?.report = ImportReport()
        return try write(header, in: db, skipsUnchanged: skipsUnchanged, seen: seen, next: { defer { pending = nil }; return pending })
    }

    /// Writes chunks of a page, as `next` delivers them, in one transaction.
    static func write(_ header: PreparedPage<Entity>, in db: Database, skipsUnchanged: Bool, seen: SeenRows?, next: () throws -> PreparedPage<Entity>?) throws -> ImportReport {
        var report = header.report
        try db.execute(sql: "PRAGMA recursive_triggers = ON")
        try db.inTransaction(.immediate) {
            var session = ImportSession(db, skipsUnchanged: skipsUnchanged)
            while let chunk = try next() {
                report.merge(chunk.report)
                for operation in chunk.operations {
                    switch operation {
                    case let .save(entity):
                        try entity.save(in: &session)
                        if let seen { try seen.record(entity.rowKey, in: db) }
                    case let .delete(key):
                        try session.delete(key)
                    }
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

/// Hands mapped chunks from the mapping thread to the writer: at most two waiting, so memory stays
/// bounded whichever side is faster.
final class ChunkChannel<Entity: ImportableEntity>: @unchecked Sendable {
    private let condition = NSCondition()
    private var chunks: [PreparedPage<Entity>] = []
    private var finished = false
    private var failure: ImportError?
    private var abandoned = false

    /// Waits for room; returns `false` when the writer gave up.
    func put(_ chunk: PreparedPage<Entity>) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while chunks.count >= 2 && !abandoned { condition.wait() }
        guard !abandoned else { return false }
        chunks.append(chunk)
        condition.broadcast()
        return true
    }

    /// Marks the end of the page, or the mapping error that ends it.
    func finish(_ error: ImportError?) {
        condition.lock()
        finished = true
        failure = error
        condition.broadcast()
        condition.unlock()
    }

    /// The next chunk, `nil` at the end; throws the mapping error.
    func take() throws -> PreparedPage<Entity>? {
        condition.lock()
        defer { condition.unlock() }
        while chunks.isEmpty && !finished { condition.wait() }
        if !chunks.isEmpty {
            condition.broadcast()
            return chunks.removeFirst()
        }
        if let failure { throw failure }
        return nil
    }

    /// Releases a waiting producer when the writer stops early.
    func abandon() {
        condition.lock()
        abandoned = true
        condition.broadcast()
        condition.unlock()
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
