@testable import _EntityGenCore
import Testing

/// `renamedFrom:` as a newcomer writes it (issue 14): on attributes and to-one relationships (columns
/// renamed), on entities and to-many relationships (tables renamed), recorded with the next migration.
@Suite struct Test_RenamedFrom {
    static let config = "outputs: [models, mappers, persistence]\n"

    static func validate(_ repo: String, history: String? = nil) -> GeneratorPipeline.ValidationResult {
        let schema = """
            entities:
              Repo:
                identifiedBy: id
                attributes:
                  id: Int64
            \(repo)
              User:
                identifiedBy: id
                attributes: {id: Int64}
            """
        return GeneratorPipeline.validate(
            schemas: [SourceFile(path: "S.yaml", text: schema)],
            config: SourceFile(path: "entitygen-config.yaml", text: Self.config),
            migrationHistory: history.map { SourceFile(path: "entitygen-migrations.json", text: $0) })
    }

    @Test func attributesAndToOneRelationshipsAreRenamedAndRecorded() throws {
        // v1 as recorded: `stargazersCount` and the `owner` relationship's key column.
        let before = """
                  stargazersCount: {type: Int, default: 0}
                relationships:
                  owner: User?
            """
        let first = try #require(Self.validate(before).plan?.migrations(for: .sqlite).updatedHistory)
        let after = """
                  stars: {type: Int, default: 0, renamedFrom: stargazersCount}
                relationships:
                  maintainer: {to: User?, renamedFrom: owner}
            """
        let result = Self.validate(after, history: first.encoded())
        let plan = try #require(result.plan, "\(result.diagnostics)")
        let second = try #require(plan.migrations(for: .sqlite).updatedHistory?.migrations.last)
        #expect(
            second.renames == [
                .init(table: "repo", from: "stargazersCount", to: "stars"),
                .init(table: "repo", from: "ownerId", to: "maintainerId"),
            ])
        let migration = try #require(plan.migrations(for: .sqlite).migrations.last)
        let renames = migration.steps.compactMap { step -> String? in
            if case let .renameColumn(table, from, to) = step { return "\(table).\(from)->\(to)" }
            return nil
        }
        #expect(renames == ["repo.stargazersCount->stars", "repo.ownerId->maintainerId"])
        #expect(!migration.steps.contains { if case .rebuild = $0 { true } else { false } })

        // Recorded, the rename regenerates as a rename; and `renamedFrom:` left in place does nothing more.
        let history = try #require(plan.migrations(for: .sqlite).updatedHistory).encoded()
        let again = Self.validate(after, history: history)
        let recorded = try #require(again.plan, "\(again.diagnostics)")
        #expect(recorded.migrations(for: .sqlite).updatedHistory == nil)
        #expect(
            recorded.migrations(for: .sqlite).migrations.map(\.steps.count)
                == plan.migrations(for: .sqlite).migrations.map(\.steps.count))
    }

    /// An entity's `renamedFrom:` renames its table and its link tables; a to-many relationship's renames
    /// its link table; both recorded as table renames.
    @Test func entitiesAndToManyRelationshipsRenameTheirTables() throws {
        let before = """
                relationships:
                  watchers: '[User]'
            """
        let first = try #require(Self.validate(before).plan?.migrations(for: .sqlite).updatedHistory)
        let schema = """
            entities:
              Repository:
                renamedFrom: Repo
                identifiedBy: id
                attributes:
                  id: Int64
                relationships:
                  stargazers: {to: '[User]', renamedFrom: watchers}
              User:
                identifiedBy: id
                attributes: {id: Int64}
            """
        let result = GeneratorPipeline.validate(
            schemas: [SourceFile(path: "S.yaml", text: schema)],
            config: SourceFile(path: "entitygen-config.yaml", text: Self.config),
            migrationHistory: SourceFile(path: "entitygen-migrations.json", text: first.encoded()))
        #expect(result.diagnostics.map(\.ruleID) == [Rules.unrecordedMigration.id])
        let plan = try #require(result.plan)
        let second = try #require(plan.migrations(for: .sqlite).updatedHistory?.migrations.last)
        #expect(
            second.tableRenames == [
                .init(from: "repo", to: "repository"), .init(from: "repo_watchers", to: "repository_stargazers"),
            ])
        let steps = try #require(plan.migrations(for: .sqlite).migrations.last).steps
        #expect(!steps.contains { if case .dropTable = $0 { true } else { false } })
        #expect(!steps.contains { if case .createTable = $0 { true } else { false } })
        // The recorded history reads back with its table renames.
        let decoded = try MigrationHistory.decode(
            Array(try #require(plan.migrations(for: .sqlite).updatedHistory).encoded().utf8))
        #expect(decoded.migrations.last?.tableRenames == second.tableRenames)
    }

    @Test func aFormerEntityNameMustBeFreeAndConcrete() {
        let diagnostics = TestSupport.lint(
            """
            entities:
              A:
                renamedFrom: B
                identifiedBy: id
                attributes: {id: Int}
              B:
                identifiedBy: id
                attributes: {id: Int}
              Shape:
                abstract: true
                renamedFrom: Figure
                attributes: {id: Int}
            """)
        #expect(diagnostics.map(\.ruleID) == [Rules.unmigratableChange.id, Rules.unmigratableChange.id])
        #expect(diagnostics.map(\.location.line) == [3, 11])
        #expect(diagnostics.first?.message.contains("still declared") == true)
    }
}
