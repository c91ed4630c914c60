@testable import _EntityGenCore
import Foundation
import Testing

/// Databases remember the fingerprints of the generated migrations they ran and refuse to open when one
/// changed, so a fingerprint is a stored format: these are the values EntityGen computed before tables
/// were created with SQL statements (copied from that version's output), and they must stay so for as
/// long as such databases exist. A failure here means an upgrade would lock users out of their data.
@Suite struct Test_MigrationFingerprint {
    /// Each schema folder's migration fingerprints as computed by f833d06, whose migrations printed
    /// GRDB's schema DSL throughout.
    static let recorded: [(folder: String, fingerprints: [String: String])] = [
        (
            "Tests/_EntityGenCoreTests/Fixtures/Cases/migrations/input",
            ["entitygen-v1": "5e1a2090b8f03c35", "entitygen-v2": "2ca673f9aec71d31"]
        ),
        ("Tests/_EntityGenCoreTests/Fixtures/Cases/postgres/input", ["entitygen-v1": "da39080523c9e5d2"]),
        ("Tests/_EntityGenCoreTests/Fixtures/Cases/seed-schemas/input", ["entitygen-v1": "d0913c02bed0a696"]),
        // The consumer schemas' history: tables created, renamed, dropped and rebuilt, columns added and
        // renamed, dates, unsigned integers, decimals and UUIDs converted, triggers replaced.
        (
            "Schemas",
            [
                "entitygen-v1": "34dad5b6a2e5d6bb", "entitygen-v2": "376ae31d0cb247f5",
                "entitygen-v3": "8178be92f63c0a4e", "entitygen-v4": "a52298e056218ce7",
                "entitygen-v5": "d591a94dda2688e6", "entitygen-v6": "747a04e60b3f4305",
                "entitygen-v7": "db722e0670eeaf5b", "entitygen-v8": "9a045acaf3902b4c",
                "entitygen-v9": "6ef110cfcd2d1880", "entitygen-v10": "20a4b7e99e9402c5",
                "entitygen-v11": "ae39eb90c6f8daf1", "entitygen-v12": "217d189189c2e024",
                "entitygen-v13": "ad586f78c003dd32", "entitygen-v14": "4dfe7e84f70e5aa9",
            ]
        ),
    ]

    /// Checks that each folder's recorded migrations still have the fingerprints listed for them
    /// (migrations recorded later have fingerprints of their own; these never change).
    static func expectUnchanged(
        _ recorded: [(folder: String, fingerprints: [String: String])], backend: StorageBackendKind,
        _ fingerprint: (MigrationSetPlan.Migration) -> String
    ) throws {
        for (folder, expected) in recorded {
            let path = TestSupport.packageRoot.appendingPathComponent(folder).path
            let result = GeneratorPipeline.validate(inputs: try SchemaInputs.discover(paths: [path]))
            let plan = try #require(result.plan, "\(folder): \(result.diagnostics)")
            let migrations = plan.migrations(for: backend).migrations
            let computed = Dictionary(uniqueKeysWithValues: migrations.map { ($0.name, fingerprint($0)) })
            for (name, fingerprint) in expected {
                #expect(computed[name] == fingerprint, "\(folder): \(name)")
            }
        }
    }

    @Test func fingerprintsOfRecordedMigrationsNeverChange() throws {
        try Self.expectUnchanged(Self.recorded, backend: .sqlite, MigrationFingerprint.of)
    }

    /// What a migration does changes its fingerprint: one more column in a created table.
    @Test func aChangedStepChangesTheFingerprint() {
        let column = ColumnSnapshot(name: "id", type: "integer", notNull: true, defaultSQL: nil)
        func migration(_ columns: [ColumnSnapshot]) -> MigrationSetPlan.Migration {
            .init(
                name: "entitygen-v1",
                steps: [
                    .createTable(
                        TableSnapshot(
                            name: "repo", hiddenRowID: false, withoutRowID: false, columns: columns,
                            primaryKey: ["id"], foreignKeys: [], indexes: []))
                ])
        }
        let extra = ColumnSnapshot(name: "name", type: "text", notNull: false, defaultSQL: nil)
        #expect(MigrationFingerprint.of(migration([column])) != MigrationFingerprint.of(migration([column, extra])))
        #expect(MigrationFingerprint.of(migration([column])) == MigrationFingerprint.of(migration([column])))
    }
}
