import EntityGenPersistence
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// Two processes importing into one database file at once both complete, with nothing lost or
/// duplicated: the generated `openDatabase` waits for the other writer instead of failing with
/// SQLITE_BUSY (issue 16, item 6: one importer failed in 10 of 10 trials).
@Suite struct Test_ConcurrentWriters {
    @Test func twoImportingProcessesBothComplete() throws {
        let demo = try #require(Test_CrashSafety.demo, "entitygen-demo is not built beside the tests")
        let folder = try TemporaryFolder.make("entitygen-writers")
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = (0..<12).map { folder.appendingPathComponent("page-\($0).json") }
        for (k, url) in pages.enumerated() { try Test_CrashSafety.page(k).write(to: url) }
        let database = folder.appendingPathComponent("shared.sqlite").path
        _ = try EntityGenDatabase.openDatabase(atPath: database)  // migrated before the writers start

        let processes = [Array(pages[0..<6]), Array(pages[6..<12])].map { share -> (Process, Pipe) in
            let process = Process()
            process.executableURL = demo
            process.arguments = ["import-pages", database] + share.map(\.path)
            let errors = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            return (process, errors)
        }
        for (process, _) in processes { try process.run() }
        for (process, errors) in processes {
            process.waitUntilExit()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(process.terminationStatus == 0, "an importer failed: \(message)")
        }

        let pool = try EntityGenDatabase.openDatabase(atPath: database)
        let (pods, summaries, subspecs, integrity) = try pool.read { db in
            (
                try Pod.Record.fetchCount(db),
                try Set(String.fetchAll(db, sql: "SELECT DISTINCT summary FROM pod")),
                try Int.fetchOne(db, sql: "SELECT count(*) FROM subspec"),
                try String.fetchOne(db, sql: "PRAGMA integrity_check")
            )
        }
        #expect(pods == 12 * 1_500)
        #expect(summaries == Set((0..<12).map { "page \($0)" }))
        #expect(subspecs == 12 * 1_500 * 2)
        #expect(integrity == "ok")
    }
}
