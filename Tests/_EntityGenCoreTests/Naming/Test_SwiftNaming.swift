@testable import _EntityGenCore
import EntityGenRuntime
import Testing

@Suite struct Test_SwiftNaming {
    @Test(arguments: [
        ("file_url", "fileUrl"), ("fileURL", "fileURL"), ("URLString", "urlString"), ("ID", "id"),
        ("Name", "name"), ("remoteId", "remoteId"), ("key-3", "key3"), ("größe", "größe"), ("a_b_c", "aBC"),
    ])
    func memberNames(input: String, expected: String) {
        #expect(SwiftNaming.memberName(input) == expected)
    }

    @Test(arguments: [("pod_spec", "PodSpec"), ("podSpec", "PodSpec"), ("Pod", "Pod"), ("text-widget", "TextWidget")])
    func typeNames(input: String, expected: String) {
        #expect(SwiftNaming.typeName(input) == expected)
    }

    @Test(arguments: [
        ("fileUrlString", KeyConvention.snakeCase, "file_url_string"), ("fileURL", .snakeCase, "file_url"),
        ("fileUrl", .kebabCase, "file-url"), ("fileUrl", .screamingSnakeCase, "FILE_URL"),
        ("fileUrl", .pascalCase, "FileUrl"), ("file_url", .camelCase, "fileUrl"), ("file_url", .verbatim, "file_url"),
        ("key3", .snakeCase, "key_3"), ("model2s", .snakeCase, "model_2s"),
    ])
    func jsonKeys(name: String, convention: KeyConvention, expected: String) {
        #expect(SwiftNaming.jsonKey(schemaName: name, convention: convention) == expected)
    }

    @Test func escapesKeywordsAndLeavesOtherNames() {
        #expect(SwiftNaming.escaped("class") == "`class`")
        #expect(SwiftNaming.escaped("default") == "`default`")
        #expect(SwiftNaming.escaped("title") == "title")
    }

    @Test(arguments: ["+1", "@id", "2fast", "_hidden", "", "a.b", "with space"])
    func unusableNames(name: String) {
        #expect(!SwiftNaming.isUsable(name))
    }

    @Test(arguments: ["a", "file_url", "kebab-case", "größe", "名前", "x1"])
    func usableNames(name: String) {
        #expect(SwiftNaming.isUsable(name))
    }
}

@Suite struct Test_Suggestions {
    @Test func suggestsCloseWords() {
        #expect(Suggestions.closest(to: "attributs", in: SchemaKeys.entity) == "attributes")
        #expect(Suggestions.closest(to: "identified_by", in: SchemaKeys.entity) == "identifiedBy")
        #expect(Suggestions.closest(to: "Strin", in: BuiltinType.allCases.map(\.rawValue)) == "String")
        #expect(Suggestions.closest(to: "zzzzzz", in: SchemaKeys.entity) == nil)
    }

    /// Issue 43, item 9: a word that begins the one candidate, or that the candidate begins, is suggested
    /// (not when several would fit), and so are other languages' names of the built-in types.
    @Test func suggestsPrefixesAndTypeAliases() {
        #expect(Suggestions.closest(to: "Issue", in: ["IssueList", "Projects"]) == "IssueList")
        #expect(Suggestions.closest(to: "Issue", in: ["IssueList", "IssueDiff"]) == nil)
        #expect(Suggestions.closest(to: "Proj", in: ["Projects"]) == "Projects")
        #expect(Suggestions.closest(to: "Pro", in: ["Projects"]) == nil)
        #expect(BuiltinType.aliased("Datetime") == .date)
        #expect(BuiltinType.aliased("Integer") == .int)
        #expect(BuiltinType.aliased("boolean") == .bool)
        #expect(BuiltinType.aliased("Date") == nil)
        let diagnostics = TestSupport.lint("entities:\n  Issue:\n    attributes:\n      due: Datetime\n")
        #expect(diagnostics.map(\.message) == ["unknown type 'Datetime' for attribute 'due' (did you mean 'Date'?)"])
    }

    /// The ASCII shortcuts of `isUsable` and `memberName` give the definitions' answers: every name of
    /// up to three characters from an alphabet of letter cases, digits, separators and punctuation.
    @Test func asciiShortcutsAgreeWithTheDefinitions() {
        let alphabet = Array("aZq0_- .9Ab").map(String.init)
        var names = [""]
        var frontier = [""]
        for _ in 0..<3 {
            frontier = frontier.flatMap { prefix in alphabet.map { prefix + $0 } }
            names += frontier
        }
        #expect(names.count == 1 + 11 + 121 + 1_331)
        for name in names {
            #expect(
                SwiftNaming.isUsable(name) == SwiftNaming.isUsableByProperties(name),
                "isUsable(\(name.debugDescription))")
            #expect(
                SwiftNaming.memberName(name) == SwiftNaming.memberNameBySplitting(name),
                "memberName(\(name.debugDescription))")
        }
        #expect(SwiftNaming.asciiUsable("größe") == nil)
    }
}

/// Entity names lint accepted but generated code could not compile with (issue 37, item 8): `ID` (every
/// record's `Identifiable.ID`) and the modules generated code qualifies names with.
@Suite struct Test_ReservedEntityNames {
    @Test(arguments: ["ID", "EntityGenPostgres", "EntityGenImport", "PostgresNIO", "GRDBSQLite"])
    func isRefusedWithAnAlternative(name: String) {
        let diagnostics = TestSupport.lint(
            "entities:\n  \(name):\n    identifiedBy: id\n    attributes:\n      id: Int\n")
        #expect(diagnostics.map(\.ruleID) == ["reserved-name"], "\(diagnostics)")
        #expect(diagnostics.first?.message.contains("try '\(name)Model'") == true, "\(diagnostics)")
    }
}

extension Test_ReservedEntityNames {
    /// The alternative lint suggests compiles, with persistence, related both ways.
    @Test func theSuggestedNameCompiles() throws {
        let schema = """
            entities:
              IDModel:
                identifiedBy: id
                attributes: {id: Int}
              Child:
                identifiedBy: id
                attributes: {id: Int}
                relationships:
                  owner: IDModel?
                  others: '[IDModel]'
            """
        try TestSupport.expectCompiles(try TestSupport.generated(schema))
    }
}

/// Names that differ only in case (issue 37, item 7): SQLite ignores case in table and column names, and
/// a case-insensitive file system in file names, so lint refuses them where they would collide.
@Suite struct Test_CaseInsensitiveNames {
    static let config = "outputs: [models, mappers, persistence]\n"

    @Test(arguments: [("Item", "ITEM"), ("AB", "Ab"), ("URLThing", "UrlThing"), ("TextW", "Textw")])
    func entitiesDifferingOnlyInCase(first: String, second: String) {
        let schema =
            "entities:\n  \(first):\n    identifiedBy: id\n    attributes: {id: Int}\n  \(second):\n    identifiedBy: id\n    attributes: {id: Int}\n"
        let diagnostics = TestSupport.lint([("S.yaml", schema)], config: Self.config)
        #expect(diagnostics.map(\.ruleID) == ["name-collision"], "\(diagnostics)")
        #expect(diagnostics.first?.location.line == 5)
    }

    @Test(arguments: [("userURL", "userUrl"), ("tagList", "taglist"), ("éB", "éb")])
    func membersDifferingOnlyInCaseWithPersistence(first: String, second: String) {
        let schema =
            "entities:\n  A:\n    identifiedBy: id\n    attributes:\n      id: Int\n      \(first): String?\n      \(second): String?\n"
        let persisted = TestSupport.lint([("S.yaml", schema)], config: Self.config)
        #expect(persisted.map(\.ruleID) == ["name-collision"], "\(persisted)")
        // Without persistence they are two Swift properties and two JSON keys: fine.
        #expect(TestSupport.lint([("S.yaml", schema)], config: "outputs: [models, mappers]\n").isEmpty)
    }
}

/// The user's vocabulary wins: `description`, `debugDescription` and `hash` are among the most common JSON
/// keys, and a plain Codable struct can hold them, so a model can too (they were reserved). `hashValue`
/// stays reserved: on a `Hashable` model it would stand in for the hash.
@Suite struct Test_CommonKeysAreMemberNames {
    static let schema = """
        entities:
          Article:
            identifiedBy: id
            attributes:
              id: Int
              description: String?
              debugDescription: String?
              hash: String
              rowKey: String?
              postgresKey: Int?
            relationships:
              tags: '[Tag]'
          Tag:
            attributes:
              description: String
          Shape:
            abstract: true
            discriminator: kind
            identifiedBy: id
            attributes:
              id: Int
              description: String?
          Circle:
            extends: Shape
            attributes: {radius: Double}
        feeds:
          Articles: {entity: Article}
          Shapes: {entity: Shape}
        """

    @Test func descriptionDebugDescriptionAndHashCompileWithPersistenceAndMap() throws {
        #expect(TestSupport.lint(Self.schema).isEmpty)
        try TestSupport.expectCompiles(try TestSupport.generated(Self.schema))
        // Both backends: their identification functions are static, so the names are the model's.
        let bothBackends = GeneratorPipeline.validate(
            schemas: [SourceFile(path: "S.yaml", text: Self.schema)],
            config: SourceFile(
                path: "entitygen-config.yaml",
                text: "outputs: [models, mappers, persistence]\nbackends: [sqlite, postgres]\n"))
        #expect(!bothBackends.diagnostics.contains { $0.severity == .error }, "\(bothBackends.diagnostics)")
        let shownBoth: @Sendable (String) -> String = { $0 }
        let generator = try #require(bothBackends.sourceGenerator(displayPath: shownBoth))
        try TestSupport.expectCompiles(generator.machineFiles())
        let result = GeneratorPipeline.validate(schemas: [SourceFile(path: "S.yaml", text: Self.schema)], config: nil)
        let shown: @Sendable (String) -> String = { $0 }
        let interpreter = try #require(result.interpreter(displayPath: shown))
        let json =
            #"{"id": 1, "description": "A story", "debugDescription": "d", "hash": "9f2c", "tags": [{"description": "news"}]}"#
        let written = try JSONDocument(bytes: Array(json.utf8)).withRoot { root in
            var context = MappingContext()
            let value = try interpreter.map("Article", from: root, context: &context)
            var writer = JSONWriter()
            interpreter.write(value, to: &writer)
            return String(decoding: writer.bytes, as: UTF8.self)
        }
        #expect(
            written
                == #"{"id":1,"description":"A story","debugDescription":"d","hash":"9f2c","tags":[{"description":"news"}]}"#
        )
    }

    @Test func hashValueStaysReserved() {
        let diagnostics = TestSupport.lint("entities:\n  A:\n    attributes:\n      hashValue: Int\n")
        #expect(diagnostics.map(\.ruleID) == ["reserved-name"], "\(diagnostics)")
    }
}
