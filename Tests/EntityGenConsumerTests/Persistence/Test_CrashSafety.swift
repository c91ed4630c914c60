import EntityGenPersistence
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// An import killed with SIGKILL at random points leaves a sound database holding exactly the pages
/// committed before the kill: never part of a page.
@Suite struct Test_CrashSafety {
    /// The demo binary beside the test bundle (`entitygen-demo import-pages`).
    static let demo: URL? = {
        let candidates = [
            Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ].map { $0.appendingPathComponent("entitygen-demo") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Page `k`: 1,500 pods `P<k>-<i>`, each with two nested subspecs (so a page writes three tables and
    /// two link tables).
    static func page(_ k: Int) -> Data {
        let items = (0..<1_500).map { i in
            #"{"name": "P\#(k)-\#(i)", "version": "1.\#(i % 10)", "summary": "page \#(k)", "subspecs": [{"name": "core", "subspecs": [{"name": "inner"}]}]}"#
        }
        return Data("{\"number_of_pages\": 12, \"result\": [\(items.joined(separator: ","))]}".utf8)
    }

    @Test func killedImportsLeaveWholePagesOnly() throws {
        let demo = try #require(Self.demo, "entitygen-demo is not built beside the tests")
        let folder = try TemporaryFolder.make("entitygen-crash")
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = (0..<12).map { folder.appendingPathComponent("page-\($0).json") }
        for (k, url) in pages.enumerated() { try Self.page(k).write(to: url) }

        var generator = SystemRandomNumberGenerator()
        var killedMidway = 0
        for trial in 0..<24 {
            let database = folder.appendingPathComponent("trial-\(trial).sqlite").path
            let process = Process()
            process.executableURL = demo
            process.arguments = ["import-pages", database] + pages.map(\.path)
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: 20_000...900_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let printed =
                String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .split(separator: "\n").compactMap { Int($0.split(separator: " ").last ?? "") }.max() ?? 0
            guard FileManager.default.fileExists(atPath: database) else { continue }  // killed before opening

            let queue = try DatabaseQueue(
                path: database, configuration: EntityGenConfiguration.prepared(Configuration()))
            let integrity = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
            #expect(integrity == ["ok"], "trial \(trial)")
            guard try queue.read({ db in try db.tableExists("pod") }) else { continue }  // killed before migrating
            let (pods, subspecs, summaries, links) = try queue.read { db in
                (
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM pod")!,
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM subspec")!,
                    try Set(String.fetchAll(db, sql: "SELECT DISTINCT summary FROM pod")),
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM pod_subspecs")!
                )
            }
            // Whole pages only: pages 0..<n, and n is at least what the child reported committed.
            #expect(pods % 1_500 == 0, "trial \(trial): \(pods) pods is not a whole number of pages")
            let committed = pods / 1_500
            #expect(summaries == Set((0..<committed).map { "page \($0)" }), "trial \(trial)")
            #expect(subspecs == pods * 2 && links == pods, "trial \(trial)")
            #expect(committed >= printed, "trial \(trial): \(printed) pages reported committed, \(committed) found")
            if committed > 0 && committed < pages.count { killedMidway += 1 }
        }
        #expect(killedMidway >= 5, "only \(killedMidway) of 24 kills landed during the import")
    }
}
