@testable import _EntityGenCore
import EntityGenPersistence
import Foundation
import GRDB
import Testing

/// `entitygen migrations squash` on the consumer schemas' real history (16 migrations: tables created,
/// renamed and rebuilt, columns renamed, dates converted, values discarded), run for real with the
/// migrations `generate` would print (``MigrationStepRunner``): a database of the last release before the
/// folded migrations ends with the same tables and rows as through the long history, a new one with the
/// same tables, and a database that ran a folded migration is refused, never migrated wrongly.
@Suite struct Test_MigrationSquash {
    static let schemas = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Schemas").path

    /// The planned migrations of the consumer schemas with `history` recorded.
    static func plannedMigrations(_ history: MigrationHistory) throws -> [MigrationSetPlan.Migration] {
        let inputs = try SchemaInputs.discover(paths: [schemas])
        let config = try SourceFile.read(path: try #require(inputs.configPath))
        let result = GeneratorPipeline.validate(
            schemas: try inputs.schemaPaths.map { try SourceFile.read(path: $0) }, config: config,
            migrationHistories: [.sqlite: SourceFile(path: MigrationHistory.fileName, text: history.encoded())])
        let plan = try #require(result.plan, "\(result.diagnostics)")
        #expect(plan.migrations(for: .sqlite).updatedHistory == nil, "the schemas have a pending migration")
        return plan.migrations(for: .sqlite).migrations
    }

    static func recordedHistory() throws -> MigrationHistory {
        let path = try #require(SchemaInputs.discover(paths: [schemas]).configPath).replacingOccurrences(
            of: "entitygen-config.yaml", with: MigrationHistory.fileName)
        return try MigrationHistory.decode(try SourceFile.read(path: path).bytes)
    }

    /// `sqlite_master` as ``Test_Migrations/schema(_:)`` lists it, without column `DEFAULT` clauses: a
    /// column a migration adds keeps its default in SQLite's schema text (the rows already stored need it),
    /// while the same column in a table a migration creates has none (every insert binds every column). A
    /// folded migration creates what the long history added, so only these clauses may differ.
    static func tables(_ reader: any DatabaseReader) throws -> [String] {
        let defaultClause = /( DEFAULT ('[^']*'|X'[0-9A-F]*'|-?[0-9.]+|[A-Za-z_]+))/
        return try Test_Migrations.schema(reader).map { $0.replacing(defaultClause, with: "") }
    }

    static func fingerprints(_ migrations: [MigrationSetPlan.Migration]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: migrations.map { ($0.name, MigrationFingerprint.of($0)) })
    }

    @Test func aReleasedDatabaseEndsAsThroughTheLongHistory() throws {
        let history = try Self.recordedHistory()
        #expect(history.migrations.count == 17)
        let long = try Self.plannedMigrations(history)
        for first in ["entitygen-v1", "entitygen-v2", "entitygen-v5", "entitygen-v12"] {
            let (squashed, folded) = try history.squashed(from: first, for: .sqlite)
            let start = try #require(history.migrations.firstIndex { $0.name == first })
            #expect(folded == history.migrations[start...].map(\.name))
            #expect(squashed.migrations.count == start + 1)
            #expect(Array(squashed.migrations.prefix(start)) == Array(history.migrations.prefix(start)))
            let short = try Self.plannedMigrations(squashed)
            // Unchanged migrations generate the same code: databases that ran them go on as before.
            #expect(short.prefix(start).map(MigrationFingerprint.of) == long.prefix(start).map(MigrationFingerprint.of))

            let viaLong = try Test_Migrations.databaseAtFirstMigration()
            let viaShort = try Test_Migrations.databaseAtFirstMigration()
            if start > 0 {
                // Released up to the migration before `first`: both files are there, rows included.
                try MigrationStepRunner.migrator(long).migrate(viaLong, upTo: history.migrations[start - 1].name)
                try MigrationStepRunner.migrator(long).migrate(viaShort, upTo: history.migrations[start - 1].name)
                try MigrationStepRunner.migrator(short).migrate(viaShort)
                try MigrationStepRunner.migrator(long).migrate(viaLong)
                #expect(try Self.tables(viaShort) == Self.tables(viaLong), "\(first)")
                #expect(try DatabaseContents(viaShort) == DatabaseContents(viaLong), "\(first)")
                #expect(try DatabaseContents(viaShort).rows["pod"]?.count == 2)
            }
            let fresh = try DatabaseQueue()
            try MigrationStepRunner.migrator(short).migrate(fresh)
            #expect(try Self.tables(fresh) == Self.tables(makeDatabase().pool), "\(first)")
        }
    }

    @Test func aDatabaseThatRanAFoldedMigrationIsRefused() throws {
        let history = try Self.recordedHistory()
        let long = try Self.plannedMigrations(history)
        let short = try Self.plannedMigrations(try history.squashed(from: "entitygen-v5", for: .sqlite).history)
        for (ranThrough, expected) in [("entitygen-v5", "changed"), ("entitygen-v8", "unknown")] {
            let queue = try DatabaseQueue()
            let index = try #require(long.firstIndex { $0.name == ranThrough })
            let migrator = MigrationStepRunner.migrator(Array(long[...index]))
            try EntityGenConfiguration.migrate(queue, with: migrator, fingerprints: Self.fingerprints(long))
            let before = try Test_Migrations.schema(queue)
            do {
                try EntityGenConfiguration.migrate(
                    queue, with: MigrationStepRunner.migrator(short), fingerprints: Self.fingerprints(short))
                Issue.record("a database that ran \(ranThrough) was migrated by the squashed history")
            } catch is ChangedPendingMigrationError {
                #expect(expected == "changed")
            } catch is UnknownMigrationsError {
                #expect(expected == "unknown")
            }
            #expect(try Test_Migrations.schema(queue) == before, "nothing was written")
        }
    }
}
