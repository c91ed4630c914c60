@testable import _EntityGenCore
import Foundation
import Testing

/// The recorded history: its file format, and the promise that a recorded migration's code never changes.
@Suite struct Test_MigrationHistory {
    static let config = SourceFile(path: "entitygen-config.yaml", text: "outputs: [models, mappers, persistence]\n")

    static func shop(_ attributes: String) -> SourceFile {
        SourceFile(
            path: "Shop.yaml",
            text: "entities:\n  Order:\n    identifiedBy: number\n    attributes:\n      number: String\n" + attributes)
    }

    static func generate(
        _ schema: SourceFile, history: MigrationHistory?
    ) throws -> (database: String, plan: MigrationPlan, diagnostics: [Diagnostic]) {
        let historyFile = history.map { SourceFile(path: MigrationHistory.fileName, text: $0.encoded()) }
        let result = GeneratorPipeline.validate(schemas: [schema], config: config, migrationHistory: historyFile)
        let resolved = try #require(result.schema, "\(result.diagnostics)")
        let generator = SourceGenerator(schema: resolved) { $0 }
        let database = try #require(generator.machineFiles().first { $0.name == GeneratedFile.databaseFileName })
        let plan = try #require(generator.migrations().first { $0.backend == .sqlite })
        return (database.contents, plan, result.diagnostics)
    }

    /// The text of one `registerMigration` block.
    /// The body of the function migration `name` registers (`migrate: _migration2` ->
    /// `private static func _migration2(...) { ... }`).
    static func block(_ name: String, in source: String) -> String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard let registration = lines.first(where: { $0.contains("registerMigration(\"\(name)\", migrate: ") }),
            let function = registration.split(separator: " ").last?.dropLast(),
            let start = lines.firstIndex(where: { $0.contains("static func \(function)(") })
        else { return "" }
        let end = lines[start...].firstIndex { $0 == "    }" } ?? lines.endIndex
        return lines[start...end].joined(separator: "\n")
    }

    @Test func recordedMigrationsKeepTheirCodeWhateverTheSchemaBecomes() throws {
        let first = try Self.generate(Self.shop("      total: Double\n"), history: nil)
        #expect(first.diagnostics.map(\.ruleID) == ["unrecorded-migration"])
        let recorded = try #require(first.plan.updatedHistory)
        #expect(recorded.migrations.map(\.name) == ["entitygen-v1"])
        #expect(first.plan.historyPath == MigrationHistory.fileName)

        // Recorded, the same schema has nothing pending and no warning.
        let same = try Self.generate(Self.shop("      total: Double\n"), history: recorded)
        #expect(same.plan.updatedHistory == nil)
        #expect(same.diagnostics.isEmpty)
        #expect(same.database == first.database)

        // The schema changes: v1 is printed exactly as before, v2 adds the column.
        let second = try Self.generate(Self.shop("      total: Double\n      note: String?\n"), history: recorded)
        let v1 = Self.block("entitygen-v1", in: first.database)
        #expect(!v1.isEmpty)
        #expect(Self.block("entitygen-v1", in: second.database) == v1)
        #expect(Self.block("entitygen-v2", in: second.database).contains("t.add(column: \"note\", .text)"))
        #expect(second.plan.updatedHistory?.migrations.map(\.name) == ["entitygen-v1", "entitygen-v2"])
    }

    @Test func historyFileRoundTripsAndIsByteStable() throws {
        let first = try Self.generate(
            Self.shop("      total: Double\n      tags:\n        type: '[String]'\n        default: []\n"), history: nil
        )
        let history = try #require(first.plan.updatedHistory)
        let text = history.encoded()
        #expect(try MigrationHistory.decode(Array(text.utf8)) == history)
        #expect(history.encoded() == text)
        #expect(text.hasSuffix("}\n"))
        // Foundation reads it as JSON too.
        #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil)
    }

    @Test func hostileNamesSurviveTheFileFormat() throws {
        let names = ["a\"b", "back\\slash", "new\nline", "nul\u{0}", "tab\t", "\u{202E}rtl", "emoji 🐙"]
        let table = TableSnapshot(
            name: names.joined(), hiddenRowID: true, withoutRowID: false,
            columns: names.map { ColumnSnapshot(name: $0, type: "text", notNull: false, defaultSQL: "'\($0)'") },
            primaryKey: [], foreignKeys: [], indexes: [])
        let history = MigrationHistory(migrations: [
            .init(
                name: "entitygen-v1",
                schema: SchemaSnapshot(
                    tables: [table], triggers: [TriggerSnapshot(name: "t\"", sql: "CREATE TRIGGER \"t\"\"\" ...")]))
        ])
        let text = history.encoded()
        #expect(try MigrationHistory.decode(Array(text.utf8)) == history)
        #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil)
    }

    @Test(arguments: [
        ("{", "invalid JSON"),
        (#"{"format": 1, "migrations": [{"name": "entitygen-v1"}]}"#, "missing 'schema' at .migrations[0]"),
        (#"{"format": 2, "migrations": []}"#, "format 2 was written by a newer entitygen"),
        (
            #"{"format": 1, "migrations": [{"name": "a", "schema": {"tables": []}}, {"name": "a", "schema": {"tables": []}}]}"#,
            "migration 'a' is recorded twice"
        ),
        (
            #"{"format": 1, "migrations": [{"name": "a", "schema": {"tables": [{"name": "t", "columns": [{"name": "c", "type": "text); DROP", "notNull": true}]}]}}]}"#,
            "has type 'text); DROP'"
        ),
        (
            #"{"format": 1, "migrations": [{"name": "a", "schema": {"tables": [{"name": "t", "columns": [], "foreignKeys": [{"columns": ["c"], "table": "u", "targetColumns": ["id"], "onDelete": "explode", "onUpdateCascade": false, "deferred": false}]}]}}]}"#,
            "onDelete 'explode'"
        ),
        (
            // SQL's NO ACTION, which GRDB's `Database.ForeignKeyAction` does not name: the printed
            // migration would not compile.
            #"{"format": 1, "migrations": [{"name": "a", "schema": {"tables": [{"name": "t", "columns": [], "foreignKeys": [{"columns": ["c"], "table": "u", "targetColumns": ["id"], "onDelete": "noAction", "onUpdateCascade": false, "deferred": false}]}]}}]}"#,
            "onDelete 'noAction'; expected one of cascade, restrict, setDefault, setNull"
        ),
    ])
    func unreadableHistoriesAreErrorsThatSayWhy(text: String, expected: String) {
        #expect(throws: MigrationHistory.HistoryError.self) { try MigrationHistory.decode(Array(text.utf8)) }
        do {
            _ = try MigrationHistory.decode(Array(text.utf8))
        } catch {
            #expect(error.message.contains(expected), "\(error.message)")
        }
        let result = GeneratorPipeline.validate(
            schemas: [Self.shop("")], config: Self.config,
            migrationHistory: SourceFile(path: MigrationHistory.fileName, text: text))
        #expect(result.schema == nil)
        #expect(result.diagnostics.map(\.ruleID) == ["invalid-migration-history"])
        #expect(result.diagnostics.first?.location.file == MigrationHistory.fileName)
        if !expected.hasPrefix("invalid JSON") {
            #expect(result.diagnostics.first?.location == .startOf(MigrationHistory.fileName))
        }
    }

    /// A history that is not JSON (a hand edit left a trailing comma, a merge cut the file) is reported
    /// where it breaks, by the strict reader payloads go through, not at the file's start; Foundation's
    /// decoder alone accepted the trailing comma.
    @Test func aHistoryThatIsNotJSONIsReportedWhereItBreaks() {
        for (text, message, line, column) in [
            (
                "{\"format\": 1,\n  \"migrations\": [1,]}", "unexpected ']'; expected a value (at $.migrations[1])", 2,
                20
            ),
            (
                "{\"format\": 1,\n  \"migrations\": [",
                "unexpected end of input; expected a value (at $.migrations[0])", 2, 18
            ),
        ] {
            do {
                _ = try MigrationHistory.decode(Array(text.utf8))
                Issue.record("decoded: \(text)")
            } catch {
                #expect(error.message == "invalid JSON: \(message)")
                #expect(error.line == line && error.column == column, "\(error)")
            }
            let result = GeneratorPipeline.validate(
                schemas: [Self.shop("")], config: Self.config,
                migrationHistory: SourceFile(path: MigrationHistory.fileName, text: text))
            #expect(result.schema == nil)
            #expect(
                result.diagnostics.map(\.location) == [
                    SourceLocation(file: MigrationHistory.fileName, line: line, column: column)
                ])
        }
    }

    @Test func persistenceOffPlansNoMigration() {
        let result = GeneratorPipeline.validate(schemas: [Self.shop("")], config: nil, migrationHistory: nil)
        #expect(result.diagnostics.isEmpty)
        #expect(result.schema.map { SourceGenerator(schema: $0) { $0 }.migrations().isEmpty } == true)
    }
}
