import EntityGenPersistence
import Foundation
import GRDB
import Testing

/// A version with a trailing line break fails `pattern: '[0-9A-Za-z.+-]+'` in the generated mapper, so
/// an import stores one pod, not one per invisible variant of its identity (issue 16, item 2). Counted
/// with GRDB's plain request API.
@Suite struct Test_PatternIdentity {
    @Test func trailingLineBreaksAreSkippedNotStoredAsNewIdentities() throws {
        let (pool, _) = try makeDatabase()
        let versions = ["1.0", "1.0\n", "1.0\r\n", "1.0\u{2029}"]
        let items = versions.map { version -> [String: Any] in
            ["name": "Alamofire", "version": version, "license": "MIT"]
        }
        let page = try JSONSerialization.data(withJSONObject: ["number_of_pages": 1, "result": items])
        let report = try FeedImporter(feed: EntityGenDatabase.podSpecs, writer: pool).importPage(page)

        let stored = try pool.read { db in try Pod.Record.fetchAll(db) }
        #expect(stored.map(\.version) == ["1.0"])
        #expect(try pool.read { db in try Pod.Record.filter(Column("name") == "Alamofire").fetchCount(db) } == 1)
        #expect(report.skipped.map(\.path) == ["$.result[1].version", "$.result[2].version", "$.result[3].version"])
    }
}
