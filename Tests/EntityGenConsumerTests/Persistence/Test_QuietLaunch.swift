import EntityGenPersistence
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// A launch with nothing to migrate writes nothing: the fingerprints of the migrations a database ran
/// are written when they are new or changed, not again at every open (each open was a write
/// transaction replacing one row per migration).
@Suite struct Test_QuietLaunch {
    @Test func openingAMigratedDatabaseChangesNoRow() throws {
        let folder = try TemporaryFolder.make("entitygen-quiet-launch")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("app.sqlite").path
        let first = try EntityGenDatabase.openDatabase(atPath: path)
        let remembered = try first.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM entitygen_migration_fingerprints")
        }
        #expect(remembered == EntityGenDatabase.migrationFingerprints.count)
        try first.close()

        let second = try EntityGenDatabase.openDatabase(atPath: path)
        // Rows changed by statements on the writer's connection since it opened (GRDB's own set-up
        // changes no row).
        let changes = try second.writeWithoutTransaction { db throws in db.totalChangesCount }
        #expect(changes == 0)
        #expect(
            try second.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entitygen_migration_fingerprints") }
                == remembered)
        try second.close()
    }
}
