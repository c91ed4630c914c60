import EntityGenPersistence
import Foundation
import GRDB
import Testing

/// A sync maps the next page while the page before it is written (`SyncPipeline`), and keeps every
/// promise of the page-by-page loop: pages written in order, each whole in its own transaction, the
/// same reports, nothing written after a failure or a cancellation but whole pages.
@Suite struct Test_SyncPipeline {
    @Test func theNextPageIsReadAndMappedWhileOneIsWritten() async throws {
        let pages = try podPages(pageSize: 10).prefix(4)
        let log = EventLog()
        let (pool, _) = try makeDatabase()
        let report = try await FeedImporter(feed: EntityGenDatabase.podSpecs, writer: pool).sync(
            pages: LoggedPages(pages: Array(pages), log: log)
        ) { progress in log.append("committed \(progress.pagesCommitted)") }
        #expect(log.events == EventLog.pipelined(pages: 4))
        #expect(report.pages == 4)
    }

    @Test func theReportsAreThoseOfWritingPageByPage() async throws {
        let pages = try podPages(pageSize: 7)
        let (synced, _) = try makeDatabase()
        let (byPage, _) = try makeDatabase()
        for _ in 0..<2 {  // inserts, then every row unchanged
            let report = try await FeedImporter(feed: EntityGenDatabase.podSpecs, writer: synced).sync(
                pages: LoggedPages(pages: pages, log: EventLog()))
            var expected = ImportReport()
            let importer = FeedImporter(feed: EntityGenDatabase.podSpecs, writer: byPage)
            for (index, page) in pages.enumerated() {
                let pageReport = try await importer.importPage(page, page: "page \(index + 1)")
                expected.merge(pageReport)
            }
            #expect(report.entities == expected.entities)
            #expect(report.pages == expected.pages)
            #expect(report.skipped.count == expected.skipped.count)
        }
        #expect(try Test_FeedSync.storedPods(synced) == Test_FeedSync.storedPods(byPage))
    }

    @Test func aPageThatCannotBeMappedLeavesThePagesBeforeItWhole() async throws {
        let pages = try podPages(pageSize: 10).prefix(3) + [Data("{\"result\": [".utf8)]
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.podSpecs, writer: pool)
        await #expect(throws: ImportError.self) {
            try await importer.sync(pages: LoggedPages(pages: Array(pages), log: EventLog()))
        }
        // Page 3 was being written when page 4 failed: it is committed, whole, before the error is thrown.
        let firstThree = try podPages(pageSize: 10).prefix(3)
        let (expected, _) = try makeDatabase()
        for page in firstThree {
            try await FeedImporter(feed: EntityGenDatabase.podSpecs, writer: expected).importPage(page)
        }
        #expect(try Test_FeedSync.storedPods(pool) == Test_FeedSync.storedPods(expected))
        #expect(try Test_FeedSync.storedPods(pool).count > 20)
    }

    @Test func aWriteThatFailsIsThrownAndNoLaterPageIsWritten() async throws {
        let pages = try podPages(pageSize: 10).prefix(4)
        let (pool, _) = try makeDatabase()
        // The second page's write fails on its fifth pod (an app's own trigger refuses it).
        let refused = try Pod.map(json: try Fixtures.podspecs()[14].bytes).value.name
        try await pool.write { db in
            try db.execute(
                sql:
                    "CREATE TRIGGER refuse BEFORE INSERT ON pod WHEN NEW.name = \("'" + refused.replacingOccurrences(of: "'", with: "''") + "'") BEGIN SELECT RAISE(ABORT, 'refused'); END"
            )
        }
        let log = EventLog()
        do {
            _ = try await FeedImporter(feed: EntityGenDatabase.podSpecs, writer: pool).sync(
                pages: LoggedPages(pages: Array(pages), log: log)
            ) { progress in log.append("committed \(progress.pagesCommitted)") }
            Issue.record("the sync did not fail")
        } catch let error as ImportError {
            #expect("\(error)".contains("refused"), "\(error)")
        }
        let (firstPage, _) = try makeDatabase()
        try await FeedImporter(feed: EntityGenDatabase.podSpecs, writer: firstPage).importPage(pages[pages.startIndex])
        #expect(
            try Test_FeedSync.storedPods(pool) == Test_FeedSync.storedPods(firstPage),
            "page 1 only: page 2 rolled back, 3 never written")
        #expect(log.events == ["read 1", "read 2", "committed 1", "read 3"])
    }
}
