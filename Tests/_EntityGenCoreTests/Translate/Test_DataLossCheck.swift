@testable import _EntityGenCore
import Testing

/// Removing what holds stored data is an error until acknowledged (issue 14): an attribute, a to-one
/// relationship, a to-many relationship's links, an entity's rows; each located, each naming the loss.
@Suite struct Test_DiscardStoredData {
    static func validate(
        _ text: String, config: String = Test_RenamedFrom.config, history: String? = nil
    )
        -> GeneratorPipeline.ValidationResult
    {
        GeneratorPipeline.validate(
            schemas: [SourceFile(path: "S.yaml", text: text)],
            config: SourceFile(path: "entitygen-config.yaml", text: config),
            migrationHistory: history.map { SourceFile(path: "entitygen-migrations.json", text: $0) })
    }

    static let before = """
        entities:
          Repo:
            identifiedBy: id
            attributes: {id: Int64, forks: Int?}
            relationships:
              owner: User?
              topics: '[Topic]'
          User:
            identifiedBy: id
            attributes: {id: Int64}
          Topic:
            identifiedBy: name
            attributes: {name: String}
        """

    @Test func removalsAreErrorsUntilAcknowledged() throws {
        let history = try #require(Self.validate(Self.before).plan?.migrations(for: .sqlite).updatedHistory).encoded()
        let after = """
            entities:
              Repo:
                identifiedBy: id
                attributes: {id: Int64}
              User:
                identifiedBy: id
                attributes: {id: Int64}
            """
        let refused = Self.validate(after, history: history)
        let messages = refused.diagnostics.filter { $0.ruleID == Rules.unmigratableChange.id }.map(\.message)
        #expect(messages.count == 4, "\(messages)")
        #expect(messages.contains { $0.contains("'repo.forks'") && $0.contains("discardStoredData: [forks]") })
        #expect(messages.contains { $0.contains("'repo.ownerId'") })
        #expect(messages.contains { $0.contains("link table 'repo_topics'") })
        #expect(messages.contains { $0.contains("table 'topic'") && $0.contains("config") })
        #expect(refused.plan == nil)

        let acknowledged = Self.validate(
            after.replacingOccurrences(
                of: "    identifiedBy: id\n    attributes: {id: Int64}\n  User:",
                with:
                    "    identifiedBy: id\n    discardStoredData: [forks, owner, topics]\n    attributes: {id: Int64}\n  User:"
            ),
            config: Test_RenamedFrom.config + "discardStoredData: [Topic]\n", history: history)
        #expect(
            acknowledged.diagnostics.allSatisfy { $0.ruleID == Rules.unrecordedMigration.id },
            "\(acknowledged.diagnostics)")
        #expect(acknowledged.plan?.migrations(for: .sqlite).updatedHistory != nil)
    }
}
