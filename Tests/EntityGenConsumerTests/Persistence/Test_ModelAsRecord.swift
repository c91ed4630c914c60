import EntityGenPersistence
import Foundation
import GRDB
import Testing

/// An entity with identity and no relationships is its own GRDB record (`Tier.Record` is `Tier`,
/// `Schemas/Counters.yaml`): a model mapped from a compact JSON object, saved with GRDB's own
/// `insert` and `update`, is plain data: every column is written, the `nil` of an absent optional and the
/// default of an absent defaulted attribute included. Keeping the stored values of absent keys is the
/// importer's, which reads the JSON.
@Suite struct Test_ModelAsRecord {
    @Test func compactModelsSaveThroughGRDBAsPlainData() throws {
        #expect(Tier.Record.self == Tier.self)
        let (pool, _) = try makeDatabase()
        let full = #"[{"threshold": 5, "label": "gold", "rank": 7, "note": "stored"}]"#
        _ = try FeedImporter(feed: Feed<Tier>(name: "tiers"), writer: pool).importPage(Array(full.utf8))

        let compact = try Tier.map(json: Array(#"{"threshold": 5, "label": "gold2"}"#.utf8)).value
        let fresh = try Tier.map(json: Array(#"{"threshold": 9, "label": "new"}"#.utf8)).value
        #expect(compact.rank == 1 && compact.note == nil)
        try pool.write { db in
            try compact.update(db)
            try fresh.insert(db)
            try Tier(threshold: 12, label: "coded", rank: 3, note: nil).insert(db)
        }
        try pool.read { db in
            let tiers = try Tier.order(Tier.Columns.threshold).fetchAll(db)
            #expect(tiers.map(\.label) == ["gold2", "new", "coded"])
            #expect(tiers.map(\.note) == [nil, nil, nil])  // the model's nil is written
            #expect(tiers.map(\.rank) == [1, 1, 3])  // defaulted: written as the mapped model holds it
            #expect(try Tier.filter(Tier.Columns.rank == 1).fetchCount(db) == 2)
        }
    }

    @Test func theImporterKeepsAStoredDefaultedValueACompactObjectDidNotSend() throws {
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: Feed<Tier>(name: "tiers"), writer: pool)
        _ = try importer.importPage(Array(#"[{"threshold": 5, "label": "gold", "rank": 7}]"#.utf8))
        let page = #"[{"threshold": 5, "label": "gold2"}, {"threshold": 6, "label": "x"}]"#
        let report = try importer.importPage(Array(page.utf8))
        #expect(report.entities["Tier"]?.updated == 1)
        #expect(report.entities["Tier"]?.inserted == 1)
        let (kept, inserted) = try pool.read { db in
            (try Tier.fetchOne(db, id: Decimal(5)), try Tier.fetchOne(db, id: Decimal(6)))
        }
        #expect(kept?.rank == 7 && kept?.label == "gold2")
        #expect(inserted?.rank == 1)
    }
}
