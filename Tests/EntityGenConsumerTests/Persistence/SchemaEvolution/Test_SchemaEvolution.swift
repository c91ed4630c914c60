@testable import _EntityGenCore
import EntityGenPersistence
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// Schema evolution as a property (issue 14): random sequences of the edits users make, each applied to a
/// real SQLite file filled with rows and links. Every step either migrates — the database then has the
/// structure a fresh database of the new schema has, and every row the edit keeps, with its values — or
/// is refused by lint with an error located at the declaration responsible, and the database is left
/// alone. Whether a step migrates is decided by the edit (`SchemaEdit`), not by the planner under test.
///
/// The seed is random per run and printed with any failure; `ENTITYGEN_EVOLUTION_SEED=<n>` replays a run.
@Suite struct Test_SchemaEvolution {
    static let sequences = 200
    static let editsPerSequence = 6

    /// What one sequence did.
    struct Outcome {
        var migrated = 0
        var refused = 0
        var failure: String?
    }

    @Test func randomEditSequencesMigrateKeepingDataOrAreRefusedWhereTheyAreWritten() throws {
        let environment = ProcessInfo.processInfo.environment["ENTITYGEN_EVOLUTION_SEED"]
        let base = environment.flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
        let folder = try TemporaryFolder.make("entitygen-evolution")
        defer { try? FileManager.default.removeItem(at: folder) }
        var migrated = 0
        var refused = 0
        for sequence in 0..<Self.sequences {
            let seed = base &+ UInt64(sequence)
            let path = folder.appendingPathComponent("\(sequence).sqlite").path
            let outcome = try Self.run(seed: seed, path: path)
            migrated += outcome.migrated
            refused += outcome.refused
            if let failure = outcome.failure {
                Issue.record("ENTITYGEN_EVOLUTION_SEED=\(seed) (sequence \(sequence) of base \(base)):\n\(failure)")
                return
            }
        }
        // The edits reach both outcomes often: the property is not vacuous.
        #expect(migrated > Self.sequences * Self.editsPerSequence / 3, "\(migrated) migrated")
        #expect(refused > Self.sequences / 2, "\(refused) refused")
    }

    /// One sequence: an initial schema, then edits, on one database file.
    static func run(seed: UInt64, path: String) throws -> Outcome {
        var random = SplitMix64(seed: seed)
        var schema = EvolvingSchema()
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let name = schema.freshName("E")
            let attribute = schema.freshName("a")
            schema.entities.append(
                .init(name: name, attributes: [.init(name: attribute, type: .string, optional: false)]))
        }
        // A pool, as the generated `openDatabase` opens: each step is a launch of the app's next version,
        // which reads through a reader connection before and after `EntityGenConfiguration.migrate`.
        var database = try DatabasePool(path: path, configuration: EntityGenConfiguration.prepared(Configuration()))
        defer { try? database.close() }
        var history: MigrationHistory?
        var outcome = Outcome()
        var log = ["initial: \(schema.entities.map(\.name))"]
        let created = schema.entities.map { EvolvingSchema.table($0.name) }
        var edit = SchemaEdit(
            description: "create", schema: schema, expectedRows: { rows in for table in created { rows[table] = [] } })
        for step in 0...editsPerSequence {
            if step > 0 { edit = SchemaEdit.random(of: schema, using: &random) }
            log.append("\(step): \(edit.description)")
            let (text, lines) = edit.schema.yaml()
            let result = GeneratorPipeline.validate(
                schemas: [SourceFile(path: "S.yaml", text: text)],
                config: SourceFile(path: "entitygen-config.yaml", text: edit.schema.config),
                migrationHistory: history.map { SourceFile(path: "entitygen-migrations.json", text: $0.encoded()) })
            let errors = result.diagnostics.filter { $0.severity == .error }
            try database.close()
            database = try DatabasePool(path: path, configuration: EntityGenConfiguration.prepared(Configuration()))
            let before = try DatabaseContents(database)
            func fail(_ problem: String) -> Outcome {
                outcome.failure =
                    (log + [problem, "schema:", text, "config:", edit.schema.config, "diagnostics:"]
                    + result.diagnostics.map(\.description)).joined(separator: "\n")
                return outcome
            }

            if let refusal = edit.refusal {
                let expected: (file: String, line: Int) =
                    switch refusal {
                    case let .declaration(key): ("S.yaml", lines[key] ?? -1)
                    case .config: ("entitygen-config.yaml", 1)
                    }
                guard
                    errors.contains(where: {
                        $0.ruleID == Rules.unmigratableChange.id && $0.location.file == expected.file
                            && $0.location.line == expected.line
                    })
                else { return fail("expected an unmigratable-change error at \(expected.file):\(expected.line)") }
                guard errors.allSatisfy({ $0.location.line >= 1 && $0.location.column >= 1 }) else {
                    return fail("an error without a location")
                }
                guard result.plan == nil else { return fail("a refused edit still planned code") }
                outcome.refused += 1
                continue
            }

            guard errors.isEmpty, let plan = result.plan else { return fail("expected the edit to migrate") }
            do {
                let migrations = plan.migrations(for: .sqlite).migrations
                try EntityGenConfiguration.migrate(
                    database, with: MigrationStepRunner.migrator(migrations),
                    fingerprints: Dictionary(
                        uniqueKeysWithValues: migrations.map { ($0.name, MigrationFingerprint.of($0)) }))
            } catch {
                return fail("migrating failed: \(error)")
            }
            history = plan.migrations(for: .sqlite).updatedHistory ?? history
            // The launch's first read, of one table, every column looked up by name as records do.
            // (Test_AppLifecycle is the regression test of item 1: there the stale reader is certain.)
            if let table = edit.schema.entities.map({ EvolvingSchema.table($0.name) }).randomElement(using: &random) {
                do {
                    try database.read { db in
                        for row in try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier)") {
                            for column in row.columnNames { _ = try row.decode(DatabaseValue.self, forColumn: column) }
                        }
                    }
                } catch {
                    return fail("the first read of \(table) after migrating failed: \(error)")
                }
            }
            let after = try DatabaseContents(database)

            var expectedRows = before.rows
            edit.expectedRows(&expectedRows)
            for (table, rows) in expectedRows { expectedRows[table] = DatabaseContents.canonical(rows) }
            guard after.rows == expectedRows else {
                return fail("rows differ from what the edit keeps:\nexpected\n\(expectedRows)\nmigrated\n\(after)")
            }
            // The structure a new install gets: every migration from an empty database, and the current
            // schema created at once.
            let current = try #require(history?.migrations.last?.schema)
            let replayed = try DatabaseQueue()
            try MigrationStepRunner.migrator(plan.migrations(for: .sqlite).migrations).migrate(replayed)
            let direct = try DatabaseQueue()
            let creation = MigrationPlanner.plan(
                from: .empty, to: current, intents: .init(), locations: [:], fallback: .startOf("S.yaml"))
            try MigrationStepRunner.migrator([.init(name: "fresh", steps: creation.steps)]).migrate(direct)
            guard after.structure == (try DatabaseContents(replayed)).structure else {
                return fail(
                    "the migrated structure differs from a fresh install's:\n\(after)\nfresh\n\(try DatabaseContents(replayed))"
                )
            }
            guard after.structure == (try DatabaseContents(direct)).structure else {
                return fail(
                    "the migrated structure differs from the schema's:\n\(after)\nschema\n\(try DatabaseContents(direct))"
                )
            }
            outcome.migrated += 1
            schema = edit.schema
            schema.recorded(droppingFormerNames: Bool.random(using: &random))
            try RowFiller().fill(database, using: &random)
        }
        return outcome
    }

    /// Validates a schema against a history; the plan, which must have no errors.
    static func plan(_ schema: String, history: MigrationHistory?) throws -> GenerationPlan {
        let result = GeneratorPipeline.validate(
            schemas: [SourceFile(path: "S.yaml", text: schema)],
            config: SourceFile(path: "entitygen-config.yaml", text: "outputs: [models, mappers, persistence]\n"),
            migrationHistory: history.map { SourceFile(path: "entitygen-migrations.json", text: $0.encoded()) })
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics)")
        return try #require(result.plan)
    }

    /// The renames users write, on a file: an entity and one of its to-many relationships renamed in one
    /// step keep every row and link; the app's own index on the table and its view over it follow the
    /// table (SQLite renames them with it); GRDB's own requests read the renamed table.
    @Test func renamedEntitiesAndLinkTablesKeepRowsLinksAndTheAppsObjects() throws {
        let folder = try TemporaryFolder.make("entitygen-renames")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try DatabaseQueue(path: folder.appendingPathComponent("db.sqlite").path)
        let first = try Self.plan(
            """
            entities:
              Repo:
                identifiedBy: id
                attributes: {id: Int64, name: String}
                relationships:
                  watchers: '[User]'
                  owner: User?
              User:
                identifiedBy: id
                attributes: {id: Int64, login: String}
            """, history: nil)
        try MigrationStepRunner.migrator(first.migrations(for: .sqlite).migrations).migrate(database)
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO user (id, login) VALUES (1, 'ann'), (2, 'bob');
                    INSERT INTO repo (id, name, ownerId) VALUES (10, 'grdb', 1), (11, 'yams', 2);
                    INSERT INTO repo_watchers (ownerId, position, targetId) VALUES (10, 0, 2), (10, 1, 1), (11, 0, 1);
                    CREATE INDEX app_repo_name ON repo(name);
                    CREATE VIEW app_repo_names AS SELECT name FROM repo;
                    """)
        }
        let renamed = try Self.plan(
            """
            entities:
              Repository:
                renamedFrom: Repo
                identifiedBy: id
                attributes: {id: Int64, name: String}
                relationships:
                  stargazers: {to: '[User]', renamedFrom: watchers}
                  owner: User?
              User:
                identifiedBy: id
                attributes: {id: Int64, login: String}
            """, history: first.migrations(for: .sqlite).updatedHistory)
        try MigrationStepRunner.migrator(renamed.migrations(for: .sqlite).migrations).migrate(database)

        try database.read { db throws in
            #expect(try db.tableExists("repo") == false)
            #expect(try db.tableExists("repo_watchers") == false)
            #expect(
                try Row.fetchAll(db, sql: "SELECT id, name, ownerId FROM repository ORDER BY id")
                    == [["id": 10, "name": "grdb", "ownerId": 1], ["id": 11, "name": "yams", "ownerId": 2]])
            #expect(
                try Row.fetchAll(
                    db, sql: "SELECT ownerId, position, targetId FROM repository_stargazers ORDER BY ownerId, position")
                    == [
                        ["ownerId": 10, "position": 0, "targetId": 2], ["ownerId": 10, "position": 1, "targetId": 1],
                        ["ownerId": 11, "position": 0, "targetId": 1],
                    ])
            #expect(try db.indexes(on: "repository").contains { $0.name == "app_repo_name" })
            #expect(try String.fetchAll(db, sql: "SELECT name FROM app_repo_names ORDER BY name") == ["grdb", "yams"])
            #expect(
                try db.foreignKeys(on: "repository_stargazers").map(\.destinationTable).sorted() == [
                    "repository", "user",
                ])
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
        }
        // A cascade through the renamed link table still works: deleting a repository deletes its links.
        try database.write { db in try db.execute(sql: "DELETE FROM repository WHERE id = 10") }
        #expect(
            try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM repository_stargazers") } == 1)
    }
}
