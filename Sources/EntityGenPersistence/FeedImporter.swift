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
    /// Whether reports list the identities of the rows each page inserted, updated and deleted
    /// (`ImportReport/changes`; default `false`, which costs nothing).
    public let reportsChanges: Bool

    /// Creates an importer.
    public init(
        feed: Feed<Entity>, writer: any DatabaseWriter, skipsUnchanged: Bool = true, reportsChanges: Bool = false
    ) {
        self.feed = feed
        self.writer = writer
        self.skipsUnchanged = skipsUnchanged
        self.reportsChanges = reportsChanges
    }

    /// Maps and writes one page; `page` names it in errors. A large page is mapped in chunks on a second
    /// thread while the first chunks are written (still one transaction), and the writer maps the next
    /// free chunk itself whenever the one it needs is not mapped yet.
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
                    try feed.prepare(root: root, page: page, key: Entity.SQLite.deleteKeyReader)
                })
        }
        let plan = PageChunking.chunks(of: header.items, size: Self.chunkSize)
        let key = Entity.SQLite.deleteKeyReader
        let channel = ChunkChannel<Entity>(plan: plan) { chunk throws(ImportError) in
            try feed.prepare(chunk, page: page, key: key)
        }
        // The chunks point into the document: each thread keeps it alive while it maps.
        let producer = Thread { withExtendedLifetime(document) { channel.mapChunks() } }
        producer.start()
        defer { channel.abandon() }
        let options = writeOptions
        return try withExtendedLifetime(document) {
            try writer.writeWithoutTransaction { db in
                try Self.write(
                    in: db, options: options, seen: nil, next: { try channel.take() }, retire: { channel.retire($0) })
            }
        }
    }

    /// How pages are written: the importer's settings, handed to the writer's closure.
    struct WriteOptions: Sendable {
        var skipsUnchanged: Bool
        var reportsChanges: Bool
    }

    /// This importer's settings for a write.
    var writeOptions: WriteOptions { WriteOptions(skipsUnchanged: skipsUnchanged, reportsChanges: reportsChanges) }

    /// Items from which a page is mapped while it is written.
    static var pipelineThreshold: Int { 4_096 }
    /// Records in each full chunk of a large page (``PageChunking/chunks(of:size:)``; the first chunks
    /// are smaller).
    static var chunkSize: Int { 2_048 }

    /// Writes a mapped page in one transaction.
    @discardableResult
    public func write(_ page: PreparedPage<Entity, RowKey>) throws -> ImportReport {
        try writer.writeWithoutTransaction { db in
            try Self.write(page, in: db, options: writeOptions, seen: nil)
        }
    }

    /// Writes a page in one transaction; with `seen`, the identities of saved instances are recorded for
    /// orphan deletion at the end of a sync.
    static func write(
        _ page: PreparedPage<Entity, RowKey>, in db: Database, options: WriteOptions, seen: SeenRows?
    ) throws -> ImportReport {
        var pending: PreparedPage<Entity, RowKey>? = page
        return try write(
            in: db, options: options, seen: seen,
            next: {
                defer { pending = nil }; return pending
            })
    }

    /// Writes chunks of a page, as `next` delivers them, in one transaction; each written chunk goes to
    /// `retire` (the pipeline releases the chunks its mapping thread made on that thread).
    static func write(
        in db: Database, options: WriteOptions, seen: SeenRows?, next: () throws -> PreparedPage<Entity, RowKey>?,
        retire: (consuming PreparedPage<Entity, RowKey>) -> Void = { _ in }
    ) throws -> ImportReport {
        var report = ImportReport()
        try ImportSession.prepareConnection(db)
        try db.inTransaction(.immediate) {
            let (_, conflicts) = try Outbox.withoutCapture(db) {
                var session = ImportSession(
                    db, skipsUnchanged: options.skipsUnchanged, reportsChanges: options.reportsChanges)
                while let chunk = try next() {
                    report.merge(chunk.report)
                    // Read through the buffer rather than `for operation in chunk.operations`, which cost
                    // more in the end-to-end benchmark (Documentation/Benchmarks.md). The `switch` still
                    // copies each saved entity (this code is generic, and taking an enum's payload in
                    // place would destroy it), retaining and then releasing every value in it, objects
                    // the mapping thread created: about a sixth of this loop's samples in
                    // `profile-import insert`.
                    try chunk.operations.withUnsafeBufferPointer { operations in
                        for index in operations.indices {
                            switch operations[index] {
                            case let .save(entity, absent):
                                try Entity.SQLite.save(entity, absent: absent, in: &session)
                                if let seen, let key = Entity.SQLite.rowKey(of: entity) {
                                    try seen.record(key, in: db)
                                }
                            case let .delete(key):
                                try session.delete(key)
                            case let .keep(key):
                                if let seen { try seen.record(key, in: db) }
                            }
                        }
                    }
                    retire(chunk)
                }
                let written = try session.finish()
                for table in session.writtenTables {
                    try db.notifyChanges(in: Table(table))
                }
                report.merge(written)
            }
            report.conflicts += conflicts
            return .commit
        }
        report.pages += 1
        return report
    }
}
