import EntityGenPersistence
import EntityGenRuntime
import Foundation
import GRDB
import Testing

/// A second import of the same pages changes nothing (issue 43, item 2): owned rows (no identity) are saved
/// in the row their place in the owner already holds, so an identical page is all `unchanged`, their
/// `_id`s stay, and observers of their tables are not woken for nothing. A page that drops or changes
/// owned objects counts what really happened.
@Suite struct Test_IdenticalReimport {
    /// Every row of the owned tables and their links: what a second identical import must leave as is.
    static func ownedRows(_ reader: any DatabaseReader) throws -> [[String]] {
        try reader.read { db in
            try ["subspec", "pod_subspecs", "subspec_subspecs"].map { table in
                try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY 1, 2").map(\.description)
            }
        }
    }

    @Test func reimportingTheSamePodPagesLeavesEveryRowUnchanged() throws {
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.podSpecs, writer: pool)
        let pages = try podPages(pageSize: 40)
        var first = ImportReport()
        for page in pages { first.merge(try importer.importPage(page)) }
        let subspecs = try #require(first.entities["Subspec"])
        #expect(subspecs.inserted > 100)
        let before = try Self.ownedRows(pool)

        var second = ImportReport()
        for page in pages { second.merge(try importer.importPage(page)) }
        for (entity, counts) in second.entities {
            #expect(counts.inserted == 0 && counts.updated == 0 && counts.deleted == 0, "\(entity): \(counts)")
        }
        #expect(second.entities["Subspec"]?.unchanged == subspecs.inserted)
        let pods = try #require(first.entities["Pod"])
        #expect(second.entities["Pod"]?.unchanged == pods.inserted + pods.updated + pods.unchanged)
        #expect(try Self.ownedRows(pool) == before)
    }

    @Test func aChangedPageCountsWhatReallyChangedInOwnedRows() throws {
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.podSpecs, writer: pool)
        func page(_ subspecs: String) -> [UInt8] {
            Array(
                #"{"number_of_pages": 1, "result": [{"name": "Kit", "version": "1.0", "platforms": {}, "subspecs": [\#(subspecs)]}]}"#
                    .utf8)
        }
        let three = #"{"name": "Core"}, {"name": "UI", "subspecs": [{"name": "Views"}]}, {"name": "Net"}"#
        let firstReport = try importer.importPage(page(three))
        #expect(firstReport.entities["Subspec"]?.inserted == 4)
        let ids = try pool.read { db in try Int64.fetchAll(db, sql: "SELECT _id FROM subspec ORDER BY _id") }

        // UI renamed in place, Net gone (with nothing of its own), Views unchanged.
        let report = try importer.importPage(
            page(#"{"name": "Core"}, {"name": "UIKit", "subspecs": [{"name": "Views"}]}"#))
        #expect(report.entities["Subspec"] == ImportReport.Counts(inserted: 0, updated: 1, unchanged: 2, deleted: 1))
        #expect(report.entities["Pod"] == ImportReport.Counts(unchanged: 1))
        let kept = try pool.read { db in try Int64.fetchAll(db, sql: "SELECT _id FROM subspec ORDER BY _id") }
        #expect(kept.count == 3 && Set(kept).isSubset(of: ids))
        let pod = try #require(try pool.read { db in try Pod.requestIncludingRelationships().fetchOne(db) })
        #expect(pod.subspecs.map(\.name) == ["Core", "UIKit"])
        let views = try pool.read { db in
            try String.fetchAll(
                db,
                sql: "SELECT s.name FROM subspec_subspecs l JOIN subspec s ON s._id = l.target WHERE l.owner = ?",
                arguments: [pod.subspecs.count == 2 ? kept[1] : 0])
        }
        #expect(views == ["Views"])
    }

    /// An owned to-one target (MyModel.model2) saved again in its owner's slot: the generated
    /// `MyModel.SQLite.save(_:in:slot:)` reuses the row the owner's column holds.
    @Test func anOwnedToOneTargetIsSavedInTheRowItsOwnerHolds() throws {
        let (pool, _) = try makeDatabase()
        let model = try MyModel.map(json: Fixtures.bytes("esmodel.json")).value
        let ownerID = try pool.write { db -> Int64 in
            var session = ImportSession(db)
            let id = try MyModel.SQLite.save(model, in: &session)
            _ = try session.finish()
            return id
        }
        let before = try pool.read { db in try Row.fetchAll(db, sql: "SELECT * FROM modelTwo ORDER BY _id") }
        let report = try pool.write { db -> ImportReport in
            var session = ImportSession(db)
            try MyModel.SQLite.save(model, absent: AbsentTree(), in: &session, slot: ownerID)
            return try session.finish()
        }
        let nested = model.model2s.count + (model.model2 == nil ? 0 : 1)
        #expect(report.entities["ModelTwo"] == ImportReport.Counts(unchanged: nested))
        #expect(report.entities["MyModel"] == ImportReport.Counts(unchanged: 1))
        #expect(try pool.read { db in try Row.fetchAll(db, sql: "SELECT * FROM modelTwo ORDER BY _id") } == before)
    }
}
