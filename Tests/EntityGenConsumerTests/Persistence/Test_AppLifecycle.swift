import EntityGenPersistence
import EntityGenRuntime
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// The app's lifecycle across an update (issue 43), over the recorded history of `Schemas/`: for every
/// recorded migration, a database that version of the app created (its migrations, run up to it) holding
/// the data today's importer writes (the same pages imported into a fresh database, copied into the
/// tables and columns that version had), then, in the same process, today's generated
/// `openDatabase(atPath:)` migrates it and the app reads it through every documented API (plain GRDB
/// requests on every record type, graph requests on every entity, a joined request, `ValueObservation`).
/// The first import after the update brings back what the old version's tables could not hold; a second
/// import of the same pages is all `unchanged`, and nothing the old file held is lost.
@Suite struct Test_AppLifecycle {
    /// The recorded migrations of `Schemas/` (each the last migration of some released version).
    static let versions = Test_Migrations.migrator().migrations

    /// Imports every seed page into `pool`; the reports, summed.
    static func importEverything(_ pool: DatabasePool) throws -> ImportReport {
        var report = ImportReport()
        for page in try podPages(pageSize: 40) {
            report.merge(try FeedImporter(feed: EntityGenDatabase.podSpecs, writer: pool).importPage(page))
        }
        report.merge(
            try FeedImporter(feed: EntityGenDatabase.avatarList, writer: pool).importPage(
                try Fixtures.bytes("remind-avatars.json")))
        report.merge(
            try FeedImporter(feed: EntityGenDatabase.groupList, writer: pool).importPage(
                try Fixtures.bytes("remind-groups.json")))
        report.merge(
            try FeedImporter(feed: EntityGenDatabase.widgetDiff, writer: pool).importPage(
                try Fixtures.bytes("widgets-diff.json")))
        report.merge(
            try FeedImporter(feed: EntityGenDatabase.products, writer: pool).importPage(
                Array(SeedPages.catalogProducts.utf8)))
        // Events only, not also the repositories page: an event's compact repository clears `homepage`
        // (`onAbsent: clear`), which the full page sets again, so alternating the two updates those rows
        // every time, as the schema asks.
        report.merge(
            try FeedImporter(feed: EntityGenDatabase.events, writer: pool).importPage(
                Array(Test_PlainGRDB.events.utf8)))
        report.merge(
            try FeedImporter(feed: EntityGenDatabase.tickets, writer: pool).importPage(
                Array(Test_GraphRequests.page.utf8)))
        let person = try Fixtures.bytes("hydrant-person.json")
        report.merge(
            try FeedImporter(feed: Feed<Person>(name: "People"), writer: pool).importPage(
                Array("[".utf8) + person + Array("]".utf8)))
        return report
    }

    /// A fresh database of today's schema with every page imported: what the old files are filled from,
    /// and what the updated files must hold after the first import.
    static let reference: Result<String, any Error> = Result {
        let (pool, path) = try makeDatabase()
        _ = try importEverything(pool)
        try pool.close()
        return path
    }

    /// A file as the version whose last migration is `version` left it: its tables, holding the rows
    /// of the reference database in the tables and columns they share (a NOT NULL column the reference
    /// lacks gets its type's zero).
    static func oldFile(at version: String) throws -> String {
        let pool = try makeDatabase(migratedUpTo: version)
        let path = pool.path
        try pool.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS reference", arguments: [try reference.get()])
            try db.inTransaction {
                try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
                let tables = try String.fetchAll(
                    db,
                    sql:
                        "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('grdb_migrations', 'entitygen_migration_fingerprints')"
                )
                for table in tables {
                    let theirs = try Row.fetchAll(
                        db, sql: "SELECT name FROM pragma_table_info(?, 'reference')", arguments: [table]
                    )
                    .map { $0["name"] as String }
                    guard !theirs.isEmpty else { continue }
                    let ours = try Row.fetchAll(
                        db, sql: "SELECT name, type, \"notnull\" FROM pragma_table_info(?, 'main')", arguments: [table])
                    var columns: [String] = []
                    var values: [String] = []
                    for column in ours {
                        let name: String = column["name"]
                        if theirs.contains(name) {
                            columns.append(name.quotedDatabaseIdentifier)
                            values.append(name.quotedDatabaseIdentifier)
                        } else if column["notnull"] as Bool {
                            columns.append(name.quotedDatabaseIdentifier)
                            values.append((column["type"] as String).uppercased() == "TEXT" ? "''" : "0")
                        }
                    }
                    try db.execute(
                        sql:
                            "INSERT INTO main.\(table.quotedDatabaseIdentifier) (\(columns.joined(separator: ", "))) SELECT \(values.joined(separator: ", ")) FROM reference.\(table.quotedDatabaseIdentifier)"
                    )
                }
                return .commit
            }
            try db.execute(sql: "DETACH DATABASE reference")
        }
        try pool.close()
        return path
    }

    /// A plain request of every record type, by table: `fetchAll`, every column decoded.
    static let plainReads: [(table: String, read: @Sendable (Database) throws -> Int)] = {
        func plain<T: FetchableRecord & TableRecord>(_ type: T.Type) -> (String, @Sendable (Database) throws -> Int) {
            (T.databaseTableName, { db in try T.fetchAll(db).count })
        }
        return [
            plain(Brand.Record.self), plain(Variant.Record.self), plain(Supplier.Record.self),
            plain(Product.Record.self), plain(Store.Record.self), plain(Counter.Record.self),
            plain(Badge.Record.self), plain(Tier.Record.self), plain(User.Record.self), plain(Repo.Record.self),
            plain(Event.Record.self), plain(Person.Record.self), plain(MyModel.Record.self),
            plain(ModelTwo.Record.self), plain(Pod.Record.self), plain(Subspec.Record.self),
            plain(Avatar.Record.self), plain(Group.Record.self), plain(Member.Record.self),
            plain(Ticket.Record.self), plain(Remark.Record.self), plain(Resolution.Record.self),
            plain(TextWidget.Record.self), plain(ImageWidget.Record.self),
        ]
    }()

    /// Reads every record type with a plain request and every entity with its graph request; the row
    /// counts by table.
    static func readEverything(_ db: Database) throws -> [String: Int] {
        let counts = try plainReads.map { ($0.table, try $0.read(db)) }
        var graphs: [Int] = []
        func graph<T: FetchableRecord>(_ request: QueryInterfaceRequest<T>) throws {
            graphs.append(try request.fetchAll(db).count)
        }
        try graph(Brand.requestIncludingRelationships())
        try graph(Variant.requestIncludingRelationships())
        try graph(Supplier.requestIncludingRelationships())
        try graph(Product.requestIncludingRelationships())
        try graph(Store.requestIncludingRelationships())
        try graph(Counter.requestIncludingRelationships())
        try graph(Badge.requestIncludingRelationships())
        try graph(Tier.requestIncludingRelationships())
        try graph(User.requestIncludingRelationships())
        try graph(Repo.requestIncludingRelationships())
        try graph(Event.requestIncludingRelationships())
        try graph(Person.requestIncludingRelationships())
        try graph(MyModel.requestIncludingRelationships())
        try graph(ModelTwo.requestIncludingRelationships())
        try graph(Pod.requestIncludingRelationships())
        try graph(Subspec.requestIncludingRelationships())
        try graph(Avatar.requestIncludingRelationships())
        try graph(Group.requestIncludingRelationships())
        try graph(Member.requestIncludingRelationships())
        try graph(Ticket.requestIncludingRelationships())
        try graph(Remark.requestIncludingRelationships())
        try graph(Resolution.requestIncludingRelationships())
        try graph(TextWidget.requestIncludingRelationships())
        try graph(ImageWidget.requestIncludingRelationships())
        // A graph request returns every row its plain request does (an inner join that drops rows is the
        // silent loss of item 4). Both lists are in the same entity order.
        #expect(graphs == counts.map(\.1), "\(counts.map(\.0))")
        // A joined request, as the GRDB guide writes them.
        _ = try Pod.Record.including(all: Pod.Record.subspecs).asRequest(of: Row.self).fetchAll(db)
        _ = try Group.Record.including(optional: Group.Record.avatar).asRequest(of: Row.self).fetchAll(db)
        return Dictionary(uniqueKeysWithValues: counts)
    }

    /// The identified entities' tables whose records differ between two databases (compared as sets of
    /// records: the values themselves, not their printed form), with how many differ.
    static func differences(_ left: any DatabaseReader, _ right: any DatabaseReader) throws -> [String: Int] {
        var differences: [String: Int] = [:]
        func compare<T: FetchableRecord & TableRecord & Hashable>(_ type: T.Type) throws {
            let ours = Set(try left.read { db in try T.fetchAll(db) })
            let theirs = Set(try right.read { db in try T.fetchAll(db) })
            let differing = ours.symmetricDifference(theirs).count
            if differing > 0 { differences[T.databaseTableName] = differing }
        }
        try compare(Pod.Record.self)
        try compare(Avatar.Record.self)
        try compare(Group.Record.self)
        try compare(Repo.Record.self)
        try compare(Event.Record.self)
        try compare(User.Record.self)
        try compare(Product.Record.self)
        try compare(Brand.Record.self)
        try compare(Member.Record.self)
        try compare(Ticket.Record.self)
        try compare(Remark.Record.self)
        try compare(TextWidget.Record.self)
        try compare(ImageWidget.Record.self)
        try compare(Person.Record.self)
        return differences
    }

    /// One update, from `version` to today's schema; the updated pool, and the rows it held at launch.
    static func update(from version: String) throws -> (DatabasePool, [String: Int]) {
        let path = try oldFile(at: version)
        let oldCounts = try DatabaseQueue(path: path, configuration: EntityGenConfiguration.prepared(Configuration()))
            .read { db in
                let tables = try String.fetchAll(
                    db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                var counts: [String: Int] = [:]
                for table in tables {
                    counts[table] =
                        try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table.quotedDatabaseIdentifier)") ?? 0
                }
                return counts
            }

        // The first launch of the new version: migrated, then read in the same process.
        let pool = try EntityGenDatabase.openDatabase(atPath: path)
        let counts = try pool.read { db in try readEverything(db) }
        for (table, count) in counts where oldCounts[table] != nil {
            #expect(count == oldCounts[table], "\(version): \(table) held \(oldCounts[table] ?? 0) rows")
        }

        // The first import after the update, then the same pages again: all unchanged.
        _ = try importEverything(pool)
        let again = try importEverything(pool)
        for (entity, entityCounts) in again.entities {
            #expect(
                entityCounts.inserted == 0 && entityCounts.updated == 0 && entityCounts.deleted == 0,
                "\(version): \(entity) \(entityCounts)")
        }
        // Nothing lost: the updated file holds what a fresh install holds.
        let reference = try DatabaseQueue(
            path: try reference.get(), configuration: EntityGenConfiguration.prepared(Configuration()))
        #expect(try differences(pool, reference) == [:], "\(version)")
        #expect(try pool.read(readEverything) == (try reference.read(readEverything)), "\(version)")
        return (pool, counts)
    }

    /// The tables whose columns the update from the file at `path` changes.
    static func changedTables(_ path: String) throws -> [String] {
        func columns(_ path: String) throws -> [String: [String]] {
            try DatabaseQueue(path: path, configuration: EntityGenConfiguration.prepared(Configuration())).read { db in
                var columns: [String: [String]] = [:]
                for (table, _) in plainReads {
                    columns[table] = try String.fetchAll(
                        db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])
                }
                return columns
            }
        }
        let old = try columns(path)
        let new = try columns(try reference.get())
        return plainReads.map(\.table).filter { old[$0] != new[$0] && old[$0]?.isEmpty == false }
    }

    /// The first read after the update, of each table it changed, is the first statement of a launch:
    /// each on a copy of the old file opened by the generated `openDatabase`. A reader connection left
    /// on the old schema fails exactly there (item 1: every later statement on it would pass).
    @Test(arguments: versions)
    func theFirstReadOfEveryChangedTableAfterAnUpdateDecodes(version: String) throws {
        let path = try Self.oldFile(at: version)
        let changed = try Self.changedTables(path)
        // Not vacuous: pods gained columns since the first version.
        if version == Self.versions.first { #expect(changed.contains("pod"), "\(changed)") }
        for table in changed {
            let copy = path + ".\(table).sqlite"
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            let pool = try EntityGenDatabase.openDatabase(atPath: copy)
            let read = try #require(Self.plainReads.first { $0.table == table }?.read)
            #expect(throws: Never.self, "\(version): \(table)") { _ = try pool.read(read) }
            try pool.close()
        }
    }

    @Test(arguments: versions)
    func anUpdateFromEveryRecordedVersionReadsMigratesAndReimports(version: String) async throws {
        let (pool, counts) = try Self.update(from: version)
        let observed = ValueObservation.tracking { db in try Pod.Record.fetchCount(db) }.values(in: pool)
        var iterator = observed.makeAsyncIterator()
        #expect(try await iterator.next() == counts["pod"])
    }
}
