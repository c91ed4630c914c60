import EntityGenPersistence
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// An import killed with SIGKILL at random points (timed by the pages it reports committed, so that a busy
/// machine moves the kills with it) leaves a sound database holding exactly the pages
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

    /// Pods per page in this test's imports (small pages keep its 24 imports short).
    static let pageSize = 600

    /// Page `k`: `size` pods `P<k>-<i>`, each with two nested subspecs (so a page writes three tables and
    /// two link tables).
    static func page(_ k: Int, size: Int = 1_500) -> Data {
        let items = (0..<size).map { i in
            #"{"name": "P\#(k)-\#(i)", "version": "1.\#(i % 10)", "summary": "page \#(k)", "subspecs": [{"name": "core", "subspecs": [{"name": "inner"}]}]}"#
        }
        return Data("{\"number_of_pages\": 12, \"result\": [\(items.joined(separator: ","))]}".utf8)
    }

    @Test func killedImportsLeaveWholePagesOnly() throws {
        let demo = try #require(Self.demo, "entitygen-demo is not built beside the tests")
        let folder = try TemporaryFolder.make("entitygen-crash")
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = (0..<12).map { folder.appendingPathComponent("page-\($0).json") }
        for (k, url) in pages.enumerated() { try Self.page(k, size: Self.pageSize).write(to: url) }

        var generator = SystemRandomNumberGenerator()
        var killedMidway = 0
        for trial in 0..<24 {
            let database = folder.appendingPathComponent("trial-\(trial).sqlite").path
            let output = Pipe()
            let process = try Self.importing(demo, database: database, pages: pages, output: output)
            let progress = CommitProgress(output.fileHandleForReading)
            if trial.isMultiple(of: 4) {
                // Anywhere in the first moments: the kill may fall before the file is opened or migrated.
                usleep(UInt32.random(in: 0...60_000, using: &generator))
            } else {
                // Among the pages, whatever the machine's speed (a busy machine can take longer than any fixed
                // delay to start the process): once page `target` is committed, within the next page's time.
                // Targets in the first half keep the test short; any page is as good as another.
                let target = Int.random(in: 1...(pages.count / 2), using: &generator)
                progress.wait(forCommitted: target, deadline: Date().addingTimeInterval(120))
                usleep(UInt32(Double.random(in: 0...1, using: &generator) * progress.lastPageTime * 1_000_000))
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            progress.finish()
            let printed = progress.committed
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
            #expect(pods % Self.pageSize == 0, "trial \(trial): \(pods) pods is not a whole number of pages")
            let committed = pods / Self.pageSize
            #expect(summaries == Set((0..<committed).map { "page \($0)" }), "trial \(trial)")
            #expect(subspecs == pods * 2 && links == pods, "trial \(trial)")
            #expect(committed >= printed, "trial \(trial): \(printed) pages reported committed, \(committed) found")
            if committed > 0 && committed < pages.count { killedMidway += 1 }
            try queue.close()
            if trial % 8 == 1 { try Self.relaunch(demo, database: database, pages: pages, trial: trial) }
        }
        // The 18 kills timed by the child's progress fall between its first and last page.
        #expect(killedMidway >= 15, "only \(killedMidway) of 24 kills landed during the import")
    }

    /// Starts `entitygen-demo import-pages` on `database` with `pages`, its standard output to `output` (a
    /// `Pipe` or a `FileHandle`).
    static func importing(_ demo: URL, database: String, pages: [URL], output: Any) throws -> Process {
        let process = Process()
        process.executableURL = demo
        process.arguments = ["import-pages", database] + pages.map(\.path)
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The next launch after a kill: the same pages imported again from the first, to the end. The pages
    /// committed before the kill are imported a second time; the app's own opening and GRDB's query
    /// interface then see every pod once, each with its two subspecs.
    static func relaunch(_ demo: URL, database: String, pages: [URL], trial: Int) throws {
        let process = try importing(demo, database: database, pages: pages, output: FileHandle.nullDevice)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "trial \(trial): the relaunched import failed")

        let pool = try EntityGenDatabase.openDatabase(atPath: database)
        let (pods, lastPage, subspecs) = try pool.read { db in
            (
                try Pod.Record.fetchCount(db),
                try Pod.Record.filter(Pod.Columns.summary == "page \(pages.count - 1)").fetchCount(db),
                try Subspec.Record.fetchCount(db)
            )
        }
        try pool.close()
        #expect(pods == pages.count * pageSize, "trial \(trial): \(pods) pods after the relaunch")
        #expect(lastPage == pageSize, "trial \(trial)")
        #expect(subspecs == pods * 2, "trial \(trial): \(subspecs) subspecs for \(pods) pods")
    }
}

/// The `committed N` lines an `import-pages` child prints, read as they arrive.
private final class CommitProgress {
    private let handle: FileHandle
    private var buffered = ""
    private var lastCommit = Date()
    /// The highest page the child reported committed.
    private(set) var committed = 0
    /// The seconds the last reported page took (from launch for the first).
    private(set) var lastPageTime = 0.0

    /// Starts reading `handle` (the child has just been launched: the first page's time counts from now).
    init(_ handle: FileHandle) { self.handle = handle }

    /// Blocks until the child reports page `page` committed, closes its output or `deadline` passes.
    func wait(forCommitted page: Int, deadline: Date) {
        while committed < page && Date() < deadline {
            var descriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }  // nothing yet: look at the deadline again
            let data = handle.availableData
            guard !data.isEmpty else { return }  // the child exited
            read(data)
        }
    }

    /// Reads the rest of the output (the child has exited).
    func finish() { read(handle.readDataToEndOfFile()) }

    /// Takes in `data`, line by line.
    private func read(_ data: Data) {
        buffered += String(decoding: data, as: UTF8.self)
        while let newline = buffered.firstIndex(of: "\n") {
            let line = buffered[..<newline]
            buffered = String(buffered[buffered.index(after: newline)...])
            guard let page = Int(line.split(separator: " ").last ?? ""), page > committed else { continue }
            let now = Date()
            committed = page
            lastPageTime = now.timeIntervalSince(lastCommit)
            lastCommit = now
        }
    }
}
