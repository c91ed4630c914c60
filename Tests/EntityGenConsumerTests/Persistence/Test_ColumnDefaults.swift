import EntityGenPersistence
import Foundation
import GRDB
import Testing

/// The defaults a migration writes into the rows stored before a column existed are stored as the
/// importer and GRDB store the type, so GRDB's requests find those rows: `Tier.rank` (an `Int`,
/// `entitygen-v13`), `Tier.code` (a `UUID`), `Tier.issuedAt` (a `Date`) and `Tier.seal` (a `Data`,
/// all `entitygen-v14`) in `Schemas/Counters.yaml`. A UUID default was written as text while GRDB binds
/// a `UUID` as its 16 bytes: the rows read back, but `filter(code == uuid)` found none of them; a date
/// or data default could not be added at all ("has no default").
@Suite struct Test_ColumnDefaults {
    static let code = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    /// `2020-02-29T23:59:59.9995+01:00`, rounded to the millisecond as a stored date is.
    static let issuedAt = Date(timeIntervalSince1970: 1_583_017_200)
    static let seal = Data([0xDE, 0xAD, 0xBE, 0xEF])

    @Test func rowsStoredBeforeAColumnWasAddedHoldItsDefaultAsGRDBBindsIt() throws {
        let pool = try makeDatabase(migratedUpTo: "entitygen-v12")
        try pool.write { db in
            try db.execute(sql: "INSERT INTO tier (threshold, label) VALUES ('5', 'gold'), ('10', 'platinum')")
        }
        var migrator = DatabaseMigrator()
        EntityGenDatabase.registerMigrations(in: &migrator)
        try migrator.migrate(pool)

        let other = UUID(uuidString: "00000000-0000-4000-8000-000000000001")!
        try pool.write { db in
            try Tier(threshold: 20, label: "coded", rank: 3, note: nil, code: other).insert(db)
        }
        let (byCode, byRank, byDate, bySeal, gold) = try pool.read { db in
            (
                try Tier.filter(Tier.Columns.code == Self.code).order(Tier.Columns.threshold).fetchAll(db),
                try Tier.filter(Tier.Columns.rank == 1).fetchCount(db),
                try Tier.filter(Tier.Columns.issuedAt == Self.issuedAt).fetchCount(db),
                try Tier.filter(Tier.Columns.seal == Self.seal).fetchCount(db),
                try Tier.fetchOne(db, id: Decimal(5))
            )
        }
        #expect(byCode.map(\.label) == ["gold", "platinum"])
        #expect(byRank == 2 && byDate == 3 && bySeal == 3)
        #expect(gold?.code == Self.code && gold?.rank == 1)
        #expect(gold?.issuedAt == Self.issuedAt && gold?.seal == Self.seal)
        // A model mapped without the keys holds the defaults the migration filled the rows with (its date
        // to the 0.1 ms, which GRDB binds rounded to the millisecond as the rows hold it).
        let mapped = try Tier.map(json: Array(#"{"threshold": 5, "label": "gold"}"#.utf8)).value
        #expect(mapped.code == gold?.code && mapped.seal == gold?.seal && mapped.rank == gold?.rank)
        #expect(mapped.issuedAt != Self.issuedAt)
        #expect(try pool.read { db in try Tier.filter(Tier.Columns.issuedAt == mapped.issuedAt).fetchCount(db) } == 3)
    }
}
