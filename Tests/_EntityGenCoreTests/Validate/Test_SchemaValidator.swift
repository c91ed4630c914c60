@testable import _EntityGenCore
import Testing

@Suite struct Test_SchemaValidator {
    private func schema(_ files: [(String, String)], config: String? = nil) throws -> ResolvedSchema {
        let sources = files.map { SourceFile(path: $0.0, text: $0.1) }
        let result = GeneratorPipeline.validate(
            schemas: sources, config: config.map { SourceFile(path: "entitygen-config.yaml", text: $0) })
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        return try #require(result.schema)
    }

    @Test func keyConventionPrecedenceIsEntityThenFileThenProject() throws {
        let resolved = try schema(
            [
                (
                    "a.yaml",
                    "keyConvention: kebab-case\nentities:\n  A:\n    attributes:\n      fileUrl: String\n  B:\n    keyConvention: SCREAMING_SNAKE_CASE\n    attributes:\n      fileUrl: String\n"
                ),
                (
                    "b.yaml",
                    "entities:\n  C:\n    attributes:\n      fileUrl: String\n      explicit:\n        type: String\n        key: Explicit-Key\n"
                ),
            ], config: "keyConvention: snake_case\n")
        #expect(resolved.entity(named: "A")?.attributes[0].keyPath == JSONKeyPath(["file-url"]))
        #expect(resolved.entity(named: "B")?.attributes[0].keyPath == JSONKeyPath(["FILE_URL"]))
        #expect(resolved.entity(named: "C")?.attributes[0].keyPath == JSONKeyPath(["file_url"]))
        #expect(resolved.entity(named: "C")?.attributes[1].keyPath == JSONKeyPath(["Explicit-Key"]))
    }

    @Test func inheritanceWorksAcrossFilesAndKeepsEachDeclaringEntitysConvention() throws {
        let resolved = try schema([
            (
                "base.yaml",
                "keyConvention: snake_case\nentities:\n  Widget:\n    abstract: true\n    discriminator: server_type\n    identifiedBy: serverId\n    attributes:\n      serverId: String\n"
            ),
            ("text.yaml", "entities:\n  TextWidget:\n    extends: Widget\n    attributes:\n      titleText: String\n"),
        ])
        let text = try #require(resolved.entity(named: "TextWidget"))
        #expect(text.attributes.map(\.keyPath) == [JSONKeyPath(["server_id"]), JSONKeyPath(["titleText"])])
        #expect(text.file == "text.yaml")
        #expect(text.root == "Widget")
    }

    @Test func referencesMayTargetAnAbstractFamilyRoot() throws {
        // Seed 000's objectForId looks a serverId up across every Widget subclass.
        let resolved = try schema([
            (
                "w.yaml",
                """
                entities:
                  Widget:
                    abstract: true
                    discriminator: serverType
                    identifiedBy: serverId
                    attributes:
                      serverId: String
                  TextWidget:
                    extends: Widget
                    attributes:
                      title: String
                  ImageWidget:
                    extends: Widget
                    relationships:
                      caption:
                        to: Widget?
                        key: captionWidgetId
                        reference: true
                """
            )
        ])
        #expect(resolved.entity(named: "ImageWidget")?.relationships.first?.target == "Widget")
    }

    @Test func optionalFalseContradictingAQuestionMarkIsReported() {
        let diagnostics = TestSupport.lint(
            "entities:\n  Pod:\n    attributes:\n      name:\n        type: String?\n        optional: false\n")
        #expect(diagnostics.map(\.ruleID) == ["invalid-value"])
        #expect(diagnostics.first?.location == Location(file: "example.yaml", line: 6, column: 19))
    }

    @Test func oneProblemIsReportedOnceNotPerDescendant() {
        // A bad attribute in a root with three subentities is one error, not four.
        let diagnostics = TestSupport.lint(
            """
            entities:
              Widget:
                abstract: true
                discriminator: kind
                attributes:
                  serverId: Strng
              A:
                extends: Widget
              B:
                extends: Widget
              C:
                extends: Widget
            """)
        #expect(diagnostics.map(\.ruleID) == ["unknown-type"])
    }

    @Test func outputsWithoutModelsAreRejected() {
        let diagnostics = TestSupport.lint(
            [("e.yaml", "entities:\n  A:\n    attributes:\n      x: Int\n")], config: "outputs: [mappers]\n")
        #expect(diagnostics.map(\.ruleID) == ["invalid-value"])
    }

    @Test func resultIsIndependentOfFileOrder() {
        let files = [
            ("a.yaml", "entities:\n  Pod:\n    attributes:\n      name: String\n"),
            ("b.yaml", "entities:\n  Pod:\n    attributes:\n      title: String\n"),
            ("c.yaml", "entities:\n  pod:\n    attributes:\n      title: Strin\n"),
        ]
        let forward = TestSupport.lint(files)
        let backward = TestSupport.lint(files.reversed())
        #expect(forward == backward)
        // b.yaml duplicates Pod; c.yaml's pod collides with it and is not checked further.
        #expect(forward.map(\.ruleID) == ["duplicate-declaration", "name-collision"])
        #expect(forward.map(\.location.file) == ["b.yaml", "c.yaml"])
    }
}
