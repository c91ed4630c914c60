@testable import _EntityGenCore
import Foundation
import Testing

/// PostgreSQL databases remember the fingerprint of each migration they ran (`entitygen_migrations`) and
/// refuse to migrate when one changed, so a fingerprint is a stored format: these are the values of the
/// recorded migrations, and they must stay so. A failure here means a change to how migrations are
/// printed would lock servers out of their databases: keep the old text for the fingerprint.
@Suite struct Test_PostgresMigrationFingerprint {
    static let recorded: [(folder: String, fingerprints: [String: String])] = [
        ("Tests/_EntityGenCoreTests/Fixtures/Cases/postgres/input", ["entitygen-v1": "71c1b852fe372f16"]),
        (
            "Tests/EntityGenPostgresTests/Schemas",
            [
                "entitygen-v1": "cbbf6bdeb3c9cfe9", "entitygen-v2": "4113ab5d413d6338",
                "entitygen-v3": "dc407f343ead2695", "entitygen-v4": "4d8935a99bb8e53f",
                "entitygen-v5": "5f36502465d009eb",
            ]
        ),
    ]

    @Test func fingerprintsOfRecordedMigrationsNeverChange() throws {
        try Test_MigrationFingerprint.expectUnchanged(
            Self.recorded, backend: .postgres, PostgresMigrationFingerprint.of)
    }

    /// What a migration does changes its fingerprint.
    @Test func aChangedStatementChangesTheFingerprint() throws {
        let path = TestSupport.packageRoot.appendingPathComponent(Self.recorded[0].folder).path
        let plan = try #require(GeneratorPipeline.validate(inputs: try SchemaInputs.discover(paths: [path])).plan)
        var migration = try #require(plan.migrations(for: .postgres).migrations.first)
        let original = PostgresMigrationFingerprint.of(migration)
        migration.steps.removeLast()
        #expect(PostgresMigrationFingerprint.of(migration) != original)
    }
}
