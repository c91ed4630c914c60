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
        let header = try document.withRoot { root throws(ImportError) in try feed.layout.header(root: root, page: page)
        }
        guard feed.layout.recordCount(header.items) >= Self.pipelineThreshold else {
            return try write(
                document.withRoot { root throws(ImportError) in
                    try feed.prepare(root: root, page: page, key: Entity.rowKey)
                })
        }
        let channel = ChunkChannel<Entity>()
        let producer = Thread {
            do throws(ImportError) {
                try document.withRoot { root throws(ImportError) in
                    try feed.prepareChunks(root: root, page: page, size: Self.chunkSize, key: Entity.rowKey) {
                        chunk, _ in
                        channel.put(chunk)
                    }
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
            try Self.write(in: db, skipsUnchanged: skipsUnchanged, seen: nil, next: { try channel.take() })
        }
    }

    /// Items from which a page is mapped while it is written.
    static var pipelineThreshold: Int { 4_096 }
    /// Operations handed from the mapping thread to the writer at a time.
    static var chunkSize: Int { 2_048 }

    /// Writes a mapped page in one transaction.
    @discardableResult
    public func write(_ page: PreparedPage<Entity, RowKey>) throws -> ImportReport {
        try writer.writeWithoutTransaction { db in
            try Self.write(page, in: db, skipsUnchanged: skipsUnchanged, seen: nil)
        }
    }

    /// Writes a page in one transaction; with `seen`, the identities of saved instances are recorded for
    /// orphan deletion at the end of a sync.
    static func write(
        _ page: PreparedPage<Entity, RowKey>, in db: Database, skipsUnchanged: Bool, seen: SeenRows?
    ) throws -> ImportReport {
        var pending: PreparedPage<Entity, RowKey>? = page
        return try write(
            in: db, skipsUnchanged: skipsUnchanged, seen: seen,
            next: {
                defer { pending = nil }; return pending
            })
    }

    /// Writes chunks of a page, as `next` delivers them, in one transaction.
    static func write(
        in db: Database, skipsUnchanged: Bool, seen: SeenRows?, next: () throws -> PreparedPage<Entity, RowKey>?
    ) throws -> ImportReport {
        var report = ImportReport()
        try db.execute(sql: "PRAGMA recursive_triggers = ON")
        try DecimalCollation.register(in: db)
        try db.inTransaction(.immediate) {
            var session = ImportSession(db, skipsUnchanged: skipsUnchanged)
            while let chunk = try next() {
                report.merge(chunk.report)
                for operation in chunk.operations {
                    switch operation {
                    case let .save(entity):
                        try entity.save(in: &session)
                        if let seen { try seen.record(Entity.rowKey(of: entity), in: db) }
                    case let .delete(key):
                        try session.delete(key)
                    case let .keep(key):
                        if let seen { try seen.record(key, in: db) }
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
    private var chunks: [PreparedPage<Entity, RowKey>] = []
    private var finished = false
    private var failure: ImportError?
    private var abandoned = false

    /// Waits for room; returns `false` when the writer gave up.
    func put(_ chunk: PreparedPage<Entity, RowKey>) -> Bool {
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
    func take() throws -> PreparedPage<Entity, RowKey>? {
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

/// Identities saved during a sync, kept in temporary tables of the writer connection (one per table the
/// entity can be saved in, created before the first page: no schema change happens mid-sync), so that
/// rows not seen in the whole sync can be deleted once it completes. Each sync has tables of its own
/// (named with a random token of its own): two syncs at once on one pool share its
/// writer connection, and with one table they deleted each other's rows or failed with `no such table`.
final class SeenRows: Sendable {
    /// (table, temporary table name, insert SQL) for every identified table.
    private let tables: [(table: EntityTable, seen: String, insert: String)]
    private let index: [ObjectIdentifier: Int]

    init(_ tables: [EntityTable]) {
        let sync = SyncToken.make()
        self.tables = tables.filter { !$0.identity.isEmpty }.sorted { $0.name < $1.name }.map { table in
            let seen = SQLText.identifier("entitygen_seen_\(sync)_" + table.name)
            return (
                table, seen, "INSERT OR IGNORE INTO temp.\(seen) VALUES (\(SQLText.parameters(table.identity.count)))"
            )
        }
        index = Dictionary(uniqueKeysWithValues: self.tables.enumerated().map { (ObjectIdentifier($1.table), $0) })
    }

    /// Creates the temporary tables, empty; call before the sync's first page. Their columns have the
    /// table's declared types and its key's collations: untyped, SQLite could not use their key to look a
    /// row up (the comparison applies the table column's affinity), and deleting orphans scanned the
    /// whole seen table for every row (200 s for 100,000 rows).
    func create(in db: Database) throws {
        for entry in tables {
            let table = entry.table.name
            let types = Dictionary(
                try Row.fetchAll(db, sql: "SELECT name, type FROM main.pragma_table_info(?)", arguments: [table])
                    .map { ($0["name"] as String, $0["type"] as String) }
            ) { first, _ in first }
            var collations: [String: String] = [:]
            if let key = try String.fetchOne(
                db, sql: "SELECT name FROM main.pragma_index_list(?) WHERE origin = 'pk'", arguments: [table])
            {
                for row in try Row.fetchAll(
                    db, sql: "SELECT name, coll FROM main.pragma_index_xinfo(?) WHERE key = 1", arguments: [key])
                {
                    if let name: String = row["name"], let collation: String = row["coll"] {
                        collations[name] = collation
                    }
                }
            }
            let definitions = entry.table.identity.map { column in
                SQLText.identifier(column) + (types[column].map { $0.isEmpty ? "" : " \($0)" } ?? "")
                    + (collations[column].map { $0 == "BINARY" ? "" : " COLLATE \(SQLText.identifier($0))" } ?? "")
            }
            let columns = entry.table.identity.map(SQLText.identifier).joined(separator: ", ")
            try db.execute(sql: "DROP TABLE IF EXISTS temp.\(entry.seen)")
            try db.execute(
                sql:
                    "CREATE TEMP TABLE \(entry.seen) (\(definitions.joined(separator: ", ")), PRIMARY KEY (\(columns))) WITHOUT ROWID"
            )
        }
    }

    /// Records a saved instance's identity.
    func record(_ key: RowKey, in db: Database) throws {
        guard let position = index[ObjectIdentifier(key.table)] else { return }
        let statement = try db.cachedStatement(sql: tables[position].insert).sqliteStatement
        for (offset, value) in key.values.enumerated() {
            value.bindValue(to: statement, at: Int32(offset + 1))
        }
        try ImportSession.run(statement, on: db.sqliteConnection!)
    }

    /// Whether the sync saw no row at all.
    func isEmpty(in db: Database) throws -> Bool {
        for entry in tables where try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM temp.\(entry.seen))") == true
        {
            return false
        }
        return true
    }

    /// Deletes rows of every table that the sync did not save, in one transaction, then drops the
    /// temporary tables.
    func deleteUnseen(in db: Database) throws -> ImportReport {
        var report = ImportReport()
        try db.execute(sql: "PRAGMA recursive_triggers = ON")
        try db.inTransaction(.immediate) {
            for (table, seen, _) in tables {
                // The table's column on the left: SQLite compares with the left column's collation, so a
                // decimal identity matches in any spelling (`entitygen_decimal`), as its unique index does.
                let match = table.identity.map { "t.\(SQLText.identifier($0)) IS s.\(SQLText.identifier($0))" }.joined(
                    separator: " AND ")
                try db.execute(
                    sql:
                        "DELETE FROM main.\(SQLText.identifier(table.name)) AS t WHERE NOT EXISTS (SELECT 1 FROM temp.\(seen) AS s WHERE \(match))"
                )
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
        for entry in tables {
            try db.execute(sql: "DROP TABLE IF EXISTS temp.\(entry.seen)")
        }
    }
}
