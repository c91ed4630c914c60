import EntityGenPersistence
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// Database faults on real files (issue 16): each ends with a clear error and a database that holds
/// whole transactions only, and the operation succeeds when retried after the fault is gone.
@Suite struct Test_DatabaseFaults {
    static func folder() throws -> URL {
        let url = try TemporaryFolder.make("entitygen-faults")
        return url
    }

    @Test func aFileThatIsNotADatabaseIsAnErrorNamingItAndIsLeftAsItWas() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("app.sqlite")
        let garbage = Data((0..<8_192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: url)
        #expect {
            try EntityGenDatabase.openDatabase(atPath: url.path)
        } throws: { error in
            guard let error = error as? DatabaseFileError else { return false }
            return error.underlying.resultCode == .SQLITE_NOTADB
                && error.description.hasPrefix("cannot open the database \(url.path): file is not a database")
        }
        #expect(try Data(contentsOf: url) == garbage)
    }

    /// A `-wal` file overwritten with garbage (a copy gone wrong, a disk error) fails SQLite's WAL header
    /// check and is discarded: the database opens, sound, with every transaction checkpointed into the
    /// main file before; transactions only the WAL held are gone (SQLite cannot tell garbage from a WAL
    /// of another database), and the database takes new writes.
    @Test func aGarbageWriteAheadLogOpensSoundWithEverythingCheckpointed() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("app.sqlite").path
        let pages = try podPages(pageSize: 40)
        let expected: Int
        do {
            let pool = try EntityGenDatabase.openDatabase(atPath: path)
            let importer = FeedImporter(feed: EntityGenDatabase.podSpecs, writer: pool)
            try importer.importPage(pages[0])
            expected = try count("pod", in: pool)
            try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
            try importer.importPage(pages[1])  // only in the WAL
            #expect(try count("pod", in: pool) > expected)
            try pool.close()
        }
        #expect(expected > 0)
        try Data((0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) }).write(
            to: URL(fileURLWithPath: path + "-wal"))

        let pool = try EntityGenDatabase.openDatabase(atPath: path)
        let found = try count("pod", in: pool)
        #expect(found == expected)
        #expect(try pool.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
        // And it takes new writes.
        try FeedImporter(feed: EntityGenDatabase.podSpecs, writer: pool).importPage(pages[1])
        #expect(try count("pod", in: pool) > expected)
    }

    /// Another connection holds the write lock longer than the importer's busy timeout: the import fails
    /// with SQLite's busy error after waiting, having written nothing, and succeeds once the lock is gone.
    @Test func aLockHeldPastTheBusyTimeoutFailsCleanlyAndTheRetrySucceeds() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("app.sqlite").path
        var configuration = Configuration()
        configuration.busyMode = .timeout(0.2)
        let pool = try EntityGenDatabase.openDatabase(atPath: path, configuration: configuration)
        let importer = FeedImporter(feed: EntityGenDatabase.podSpecs, writer: pool)
        let page = try podPages(pageSize: 40)[0]

        let blocker = try DatabaseQueue(path: path)
        let locked = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            try? blocker.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    locked.signal()
                    release.wait()
                    return .rollback
                }
            }
            done.signal()
        }
        locked.wait()
        #expect {
            try importer.importPage(page)
        } throws: { error in
            (error as? DatabaseError)?.resultCode == .SQLITE_BUSY
        }
        release.signal()
        done.wait()
        #expect(try count("pod", in: pool) == 0)
        let report = try importer.importPage(page)
        #expect(try count("pod", in: pool) == report.entities["Pod"]?.inserted)
    }

    /// The disk fills up mid-page (SQLite's `max_page_count`, which fails writes with the same
    /// `SQLITE_FULL` a full disk gives): the page is rolled back whole, the error says so, and the same page
    /// imports once there is room.
    @Test func aFullDiskRollsBackThePageAndTheRetrySucceeds() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pool = try EntityGenDatabase.openDatabase(atPath: folder.appendingPathComponent("app.sqlite").path)
        let importer = FeedImporter(feed: EntityGenDatabase.podSpecs, writer: pool)
        let page = try podPages(pageSize: 200)[0]
        let used = try pool.read { db in try Int.fetchOne(db, sql: "PRAGMA page_count")! }
        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = \(used + 2)") }

        #expect {
            try importer.importPage(page)
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("database: database or disk is full (SQLite error 13, in INSERT INTO \"pod\"")
                && text.count < 200
        }
        #expect(try count("pod", in: pool) == 0)
        #expect(try count("subspec", in: pool) == 0)
        #expect(try pool.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")

        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = 1073741823") }
        let report = try importer.importPage(page)
        #expect(report.entities["Pod"]?.inserted ?? 0 > 0)
        #expect(try count("pod", in: pool) == report.entities["Pod"]?.inserted)
    }

    /// The app is killed (SIGKILL) while opening a large database at the first migration: each generated
    /// migration is one transaction, so the file afterwards is at some migration with every row, and
    /// opening it again finishes the rest.
    @Test func killedMigrationsLeaveTheDatabaseAtAWholeMigration() throws {
        let demo = try #require(Test_CrashSafety.demo, "entitygen-demo is not built beside the tests")
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let template = folder.appendingPathComponent("template.sqlite")
        let pods = 150_000
        do {
            let queue = try DatabaseQueue(path: template.path)
            try Test_Migrations.migrator().migrate(queue, upTo: "entitygen-v1")
            try queue.write { db in
                let statement = try db.makeStatement(
                    sql:
                        "INSERT INTO pod (name, version, summary, legacyRank, platforms) VALUES (?, '1.0', 'x', 1, '{}')"
                )
                for index in 0..<pods { try statement.execute(arguments: ["P\(index)"]) }
            }
            try queue.close()
        }
        let all = Test_Migrations.migrator().migrations
        /// Starts the demo opening (so migrating) a copy of the template.
        func opening(_ name: String) throws -> (Process, String) {
            let path = folder.appendingPathComponent(name).path
            try FileManager.default.copyItem(atPath: template.path, toPath: path)
            let process = Process()
            process.executableURL = demo
            process.arguments = ["import-pages", path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return (process, path)
        }
        // One run to the end, timed, so the kills below land across the time it takes, whatever the machine.
        let started = Date()
        let (whole, _) = try opening("whole.sqlite")
        whole.waitUntilExit()
        let duration = Date().timeIntervalSince(started)
        #expect(whole.terminationStatus == 0)

        var interrupted = 0
        for trial in 0..<8 {
            let (process, path) = try opening("trial-\(trial).sqlite")
            usleep(UInt32(duration * (0.05 + 0.9 * Double(trial) / 7) * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            // The app's own configuration: `tier`'s identity index uses the decimal collation, which
            // `PRAGMA integrity_check` needs on the connection.
            let queue = try DatabaseQueue(path: path, configuration: EntityGenConfiguration.prepared(Configuration()))
            let applied = try queue.read { db in
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
            }
            #expect(Array(all.prefix(applied.count)) == applied, "trial \(trial): \(applied)")
            #expect(try queue.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
            #expect(try count("pod", in: queue) == pods, "trial \(trial) at \(applied.last ?? "?")")
            if applied.count < all.count { interrupted += 1 }
            try queue.close()

            let reopened = try EntityGenDatabase.openDatabase(atPath: path)
            #expect(try count("pod", in: reopened) == pods)
            #expect(try reopened.read { db in try db.columns(in: "pod").contains { $0.name == "requiresArc" } })
        }
        #expect(interrupted >= 2, "only \(interrupted) of 8 kills, spread over \(duration) s, landed before the end")
    }
}
