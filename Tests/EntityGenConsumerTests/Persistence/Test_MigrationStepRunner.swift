@testable import _EntityGenCore
import EntityGenPersistence
import Foundation
import GRDB
import Testing

/// `MigrationStepRunner`, which the schema-evolution property test migrates with, does what the
/// compiled migrations do: for the consumer schemas' recorded history (tables created and dropped,
/// columns added and renamed, rebuilds, dates converted, triggers replaced) both build the same
/// `sqlite_master`, statement for statement, and carry the same rows.
@Suite struct Test_MigrationStepRunner {
    /// The consumer schemas' migrations as this test run plans them.
    static func plannedMigrations() throws -> [MigrationSetPlan.Migration] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Schemas").path
        let result = GeneratorPipeline.validate(inputs: try SchemaInputs.discover(paths: [folder]))
        let plan = try #require(result.plan, "\(result.diagnostics)")
        return plan.migrations(for: .sqlite).migrations
    }

    @Test func runsTheRecordedHistoryAsTheCompiledMigrationsDo() throws {
        let migrations = try Self.plannedMigrations()
        #expect(migrations.map(\.name) == Test_Migrations.migrator().migrations)
        let compiled = try Test_Migrations.databaseAtFirstMigration()
        try Test_Migrations.migrator().migrate(compiled)

        let interpreted = try Test_Migrations.databaseAtFirstMigration()
        // The file is at v1 through the compiled code; the runner takes it from there (its v1 is the same
        // migration: GRDB skips it).
        try MigrationStepRunner.migrator(migrations).migrate(interpreted)

        #expect(try Test_Migrations.schema(interpreted) == Test_Migrations.schema(compiled))
        #expect(try DatabaseContents(interpreted) == DatabaseContents(compiled))
        #expect(try DatabaseContents(compiled).rows["pod"]?.count == 2)

        // From an empty file too.
        let fresh = try DatabaseQueue()
        try MigrationStepRunner.migrator(migrations).migrate(fresh)
        #expect(try Test_Migrations.schema(fresh) == Test_Migrations.schema(makeDatabase().pool))
    }
}
