import EntityGenPersistence
import Foundation
import GRDB
import Testing

/// `try await importer.importPage(bytes)` from async code, observed with GRDB's `ValueObservation`, and
/// cancelled at random points: only whole pages are ever committed (issue 13, item 8).
@Suite struct Test_AsyncImport {
    @Test func anAsyncImportIsSeenByAnObservation() async throws {
        let (pool, _) = try makeDatabase()
        let counts = ValueObservation.tracking { db in try Pod.Record.fetchCount(db) }.removeDuplicates().values(
            in: pool)
        var iterator = counts.makeAsyncIterator()
        #expect(try await iterator.next() == 0)

        let importer = FeedImporter(feed: EntityGenDatabase.podSpecs, writer: pool)
        let report = try await importer.importPage(Test_CrashSafety.page(0))
        #expect(report.entities["Pod"]?.inserted == 1_500)
        #expect(try await iterator.next() == 1_500)
        let names = try await pool.read { db in try Pod.Record.order(Pod.Columns.name).limit(2).fetchAll(db).map(\.name)
        }
        #expect(names == ["P0-0", "P0-1"])
    }

    @Test func cancellingLeavesWholePagesOnly() async throws {
        let pages = (0..<8).map { Test_CrashSafety.page($0) }
        var cancelledMidway = 0
        for trial in 0..<8 {
            let (pool, _) = try makeDatabase()
            let importer = FeedImporter(feed: EntityGenDatabase.podSpecs, writer: pool)
            let task = Task {
                for page in pages { try await importer.importPage(page) }
            }
            try await Task.sleep(nanoseconds: UInt64(20_000_000 + trial * 40_000_000))
            task.cancel()
            let outcome = await task.result
            let (pods, summaries, integrity) = try await pool.read { db in
                (
                    try Pod.Record.fetchCount(db),
                    try Set(String.fetchAll(db, sql: "SELECT DISTINCT summary FROM pod")),
                    try String.fetchOne(db, sql: "PRAGMA integrity_check")
                )
            }
            #expect(pods % 1_500 == 0, "trial \(trial): \(pods) pods is not a whole number of pages")
            #expect(summaries == Set((0..<pods / 1_500).map { "page \($0)" }), "trial \(trial)")
            #expect(integrity == "ok")
            if case .failure = outcome, pods < pages.count * 1_500 { cancelledMidway += 1 }
        }
        #expect(cancelledMidway >= 2, "only \(cancelledMidway) of 8 cancellations landed during the import")
    }
}
