import Foundation
import Testing

/// `entitygen check --feed` and `--coverage` through the built binary, as a schema author runs them.
@Suite struct Test_CheckFeedsAndCoverage {
    static let corpus = Test_LintCommand.packageRoot
        .appendingPathComponent("Tests/Corpora/cocoapods-Core-fixtures/spec/fixtures").path

    /// A first Pod schema, written from the README against real podspecs: what it leaves out is listed
    /// with counts and an example, and a key no podspec has is named.
    static let podSchema = """
        keyConvention: snake_case
        entities:
          Pod:
            identifiedBy: [name, version]
            attributes:
              name: String
              version: String
              summary: String?
              homepage: String?
              resourceBundles: '[String: [String]]?'
            relationships:
              subspecs: '[Subspec]'
          Subspec:
            attributes:
              name: String
              sourceFiles: '[String]?'
        """

    @Test func coverageOverRealPodspecsListsWhatTheSchemaLeavesOut() throws {
        let folder = try Test_CommandPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.podSchema.utf8).write(to: folder.appendingPathComponent("Pods.yaml"))
        let text = try Test_LintCommand.run(
            ["check", "Pods.yaml", "--entity", "Pod", "--coverage", Self.corpus], in: folder)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let sourceFiles = try #require(lines.first { $0.hasPrefix("Pod: key 'source_files' is not read") })
        #expect(sourceFiles.contains(" of 114 Pod objects; e.g. "), "\(sourceFiles)")
        #expect(sourceFiles.contains(".podspec.json at $.source_files"))
        #expect(lines.contains("Pod.resourceBundles: its key never appears (in none of 114 Pod objects)"))
        #expect(lines.contains { $0.hasPrefix("Subspec: key 'dependencies' is not read") })
        #expect(text.stderr.contains("coverage: 114 payloads walked, 0 failed"))

        let json = try Test_LintCommand.run(
            ["check", "Pods.yaml", "--entity", "Pod", "--coverage", Self.corpus, "--format", "json"], in: folder)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let pod = try #require((report["entities"] as? [String: Any])?["Pod"] as? [String: Any])
        #expect(pod["objects"] as? Int == 114)
        #expect((pod["neverPresent"] as? [String]) == ["resourceBundles"])
        let unread = try #require(pod["unread"] as? [[String: Any]])
        let entry = try #require(unread.first { $0["key"] as? String == "source_files" })
        #expect(entry["count"] as? Int == 47)
        #expect((entry["example"] as? String)?.hasSuffix("at $.source_files") == true)
    }

    @Test func coverageReportsPayloadsItCannotReadAndWalksTheRest() throws {
        let folder = try Test_CommandPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("entities:\n  Item:\n    attributes:\n      name: String\n".utf8)
            .write(to: folder.appendingPathComponent("S.yaml"))
        try Data(#"{"name": "a", "extra": 1}"#.utf8).write(to: folder.appendingPathComponent("a.json"))
        try Data(#"{"name": "b", "#.utf8).write(to: folder.appendingPathComponent("b.json"))
        let run = try Test_LintCommand.run(
            ["check", "S.yaml", "--entity", "Item", "--coverage", "a.json", "b.json", "missing.json"], in: folder)
        #expect(run.status == 2, "a missing payload is a usage error: \(run.stderr)")
        let walked = try Test_LintCommand.run(
            ["check", "S.yaml", "--entity", "Item", "--coverage", "a.json", "b.json"], in: folder)
        #expect(walked.status == 1)
        #expect(walked.stderr.contains("b.json:1:"), "\(walked.stderr)")
        #expect(walked.stderr.contains("coverage: 1 payload walked, 1 failed"))
        #expect(
            walked.stdout.contains(
                "Item: key 'extra' is not read by the schema (in 1 of 1 Item object; e.g. a.json at $.extra)"))
    }

    static let feedSchema = """
        entities:
          Item:
            identifiedBy: id
            attributes:
              id: Int
              tags: {type: '[String]', key: 'tags[].name'}
        feeds:
          Items:
            entity: Item
            items: data
            pagination: {nextURL: next}
          Changes:
            entity: Item
            actions: {}
          Lookup:
            entity: Item
            items: data
            single: either
        """

    @Test func feedPagesMapAsTheImporterReadsThem() throws {
        let folder = try Test_CommandPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.feedSchema.utf8).write(to: folder.appendingPathComponent("S.yaml"))
        func page(_ name: String, _ json: String) throws {
            try Data(json.utf8).write(to: folder.appendingPathComponent(name))
        }
        try page(
            "items.json", #"{"data": [{"id": 1, "tags": [{"name": "a"}]}, {"id": "x", "tags": []}], "next": "/p2"}"#)
        try page(
            "changes.json",
            #"[{"type": "add", "payload": {"id": 2, "tags": []}}, {"type": "delete", "payload": {"id": 1}}, {"type": "delete", "payload": {}}, {"type": "move", "payload": {}}]"#
        )
        try page("one.json", #"{"data": {"id": 3, "tags": []}}"#)
        try page("bad.json", #"{"data": {"id": 3}}"#)

        let items = try Test_LintCommand.run(
            ["check", "S.yaml", "--feed", "Items", "items.json", "--print"], in: folder)
        #expect(items.status == 0, "\(items.stderr)")
        #expect(items.stdout.split(separator: "\n").first == #"[{"id":1,"tags":[{"name":"a"}]}]"#)
        #expect(items.stdout.contains("$.data[1].id: skipped: expected an integer"))
        #expect(items.stderr.contains("Items: 1 record to save, 0 to delete, 1 skipped, 0 issues; next page: /p2"))

        let changes = try Test_LintCommand.run(["check", "S.yaml", "--feed", "Changes", "changes.json"], in: folder)
        #expect(changes.status == 0, "\(changes.stderr)")
        #expect(changes.stdout.contains(#"$[3].type: skipped: unknown action type "move" ignored"#))
        #expect(changes.stdout.contains("$[2].payload.id: skipped: required value is missing"), "\(changes.stdout)")
        #expect(changes.stderr.contains("Changes: 1 record to save, 1 to delete, 2 skipped"))

        let one = try Test_LintCommand.run(["check", "S.yaml", "--feed", "Lookup", "one.json"], in: folder)
        #expect(one.status == 0 && one.stderr.contains("Lookup: 1 record to save"), "\(one.stderr)")
        let many = try Test_LintCommand.run(["check", "S.yaml", "--feed", "Lookup", "items.json"], in: folder)
        #expect(many.stderr.contains("Lookup: 1 record to save, 0 to delete, 1 skipped"), "\(many.stderr)")

        let bad = try Test_LintCommand.run(["check", "S.yaml", "--feed", "Items", "bad.json"], in: folder)
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("bad.json: error:") && bad.stderr.contains("$.data"), "\(bad.stderr)")
        let unknown = try Test_LintCommand.run(["check", "S.yaml", "--feed", "Itemz", "items.json"], in: folder)
        #expect(
            unknown.status == 2 && unknown.stderr.contains("no feed 'Itemz' (did you mean 'Items'?)"),
            "\(unknown.stderr)")
        let both = try Test_LintCommand.run(
            ["check", "S.yaml", "--feed", "Items", "--entity", "Item", "items.json"], in: folder)
        #expect(
            both.status == 2 && both.stderr.contains("--entity <name> or --feed <name>, not both"), "\(both.stderr)")
        let neither = try Test_LintCommand.run(["check", "S.yaml", "items.json"], in: folder)
        #expect(
            neither.status == 2
                && neither.stderr.contains(
                    "error: give --entity <name> or --feed <name>: the schema has feeds 'Changes', 'Items', 'Lookup' and entities 'Item'"
                ), "\(neither.stderr)")
    }

    /// Without `--entity` or `--feed`: what `entitygen infer` wrote (one feed) is checked against its own
    /// sample at once, a schema of one entity and no feed maps to it, and anything else names the choices.
    @Test func aSchemasOnlyFeedOrOnlyEntityIsTheDefault() throws {
        let folder = try Test_CommandPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"results": [{"id": 1, "title": "a"}, {"id": 2, "title": "b"}], "next": null}"#.utf8)
            .write(to: folder.appendingPathComponent("posts.json"))
        let inferred = try Test_LintCommand.run(["infer", "posts.json", "--output", "Schemas"], in: folder)
        #expect(inferred.status == 0, "\(inferred.stderr)")
        let page = try Test_LintCommand.run(["check", "Schemas", "posts.json"], in: folder)
        #expect(page.status == 0, "\(page.stderr)")
        #expect(page.stderr.contains("note: reading the payload as a page of feed '"), "\(page.stderr)")
        #expect(page.stderr.contains("2 records to save, 0 to delete, 0 skipped, 0 issues"), "\(page.stderr)")

        try Data("entities:\n  Post:\n    attributes:\n      title: String\n".utf8)
            .write(to: folder.appendingPathComponent("Post.yaml"))
        try Data(#"[{"title": "a"}, {"title": 2}]"#.utf8).write(to: folder.appendingPathComponent("two.json"))
        let entity = try Test_LintCommand.run(["check", "Post.yaml", "two.json", "--print"], in: folder)
        #expect(entity.status == 1, "the second element does not map: \(entity.stderr)")
        #expect(entity.stderr.contains("note: mapping the payload to entity 'Post', the schema's only entity"))
        #expect(entity.stderr.contains("$[1].title"), "\(entity.stderr)")

        try Data("entities:\n  Author:\n    attributes:\n      name: String\n".utf8)
            .write(to: folder.appendingPathComponent("Author.yaml"))
        let two = try Test_LintCommand.run(["check", "Post.yaml", "Author.yaml", "two.json"], in: folder)
        #expect(two.status == 2, "\(two.stderr)")
        #expect(
            two.stderr.contains(
                "error: give --entity <name> or --feed <name>: the schema has entities 'Author', 'Post'"),
            "\(two.stderr)")
        #expect(!two.stderr.contains("note:"))
    }
}

/// A repeated key in a payload (issue 37, item 13): the first occurrence is read, and `check` warns about
/// every repeat with its JSON path, in document order.
@Suite struct Test_CheckDuplicateKeys {
    @Test func repeatedKeysAreReportedWhereTheyAre() throws {
        let folder = try Test_CommandPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(
            "entities:\n  User:\n    identifiedBy: id\n    attributes:\n      id: Int64\n      login: String\n".utf8
        )
        .write(to: folder.appendingPathComponent("User.yaml"))
        try Data(#"[{"id": 1, "id": 2, "login": "a"}, {"id": 3, "login": "b", "x": {"k": 1, "k": 2, "k": 3}}]"#.utf8)
            .write(to: folder.appendingPathComponent("users.json"))
        let run = try Test_LintCommand.run(["check", "User.yaml", "--entity", "User", "users.json"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let warnings = run.stdout.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(
            warnings == [
                "users.json: warning: $[0]: key 'id' appears 2 times; the first is read, the others are ignored",
                "users.json: warning: $[1].x: key 'k' appears 3 times; the first is read, the others are ignored",
            ], "\(run.stdout)")
    }
}

/// A value the schema refuses that a built-in transformer reads (a price sent as text, "yes" for a Bool,
/// a date as epoch seconds): `check` notes the transformer at the attribute beside the failure, and the
/// schema edited as the notes say maps the payload.
@Suite struct Test_CheckTransformerHints {
    @Test func theNotesNameTheTransformerAndTakingThemMapsThePayload() throws {
        let folder = try Test_CommandPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = folder.appendingPathComponent("Product.yaml")
        try Data(
            "entities:\n  Product:\n    identifiedBy: id\n    attributes:\n      id: Int\n      price: Double\n      inStock: Bool\n      addedAt: Date\n"
                .utf8
        ).write(to: schema)
        try Data(
            #"[{"id": 1, "price": "9.99", "inStock": "yes", "addedAt": 1600000000}, {"id": 2, "price": 5, "inStock": false, "addedAt": 1600000001}]"#
                .utf8
        ).write(to: folder.appendingPathComponent("products.json"))
        let refused = try Test_LintCommand.run(["check", "Product.yaml", "products.json"], in: folder)
        #expect(refused.status == 1)
        let lines = refused.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.suffix(7) == [
                #"products.json: error: $[0].price: expected a number, found the string "9.99" (schema: Product.yaml:6:7)"#,
                #"products.json: error: $[1].addedAt: expected an ISO-8601 date string, found the number 1600000001 (schema: Product.yaml:8:7)"#,
                #"Product.yaml:6:7: note: with transformer: numberFromString, 'price' would read 1 value the schema refuses ($[0].price: "9.99" as 9.99)"#,
                #"Product.yaml:7:7: note: with transformer: boolFromString, 'inStock' would read 1 value the schema refuses ($[0].inStock: "yes" as true)"#,
                #"Product.yaml:8:7: note: with transformer: epochSeconds, 'addedAt' would read 2 values the schema refuses ($[0].addedAt: 1600000000 as "2020-09-13T12:26:40Z")"#,
                #"Product.yaml:8:7: note: with transformer: epochMilliseconds, 'addedAt' would read 2 values the schema refuses ($[0].addedAt: 1600000000 as "1970-01-19T12:26:40Z")"#,
                "Product: mapped 0 of 2 objects (2 do not map), 0 issues",
            ], "\(refused.stderr)")

        let coverage = try Test_LintCommand.run(
            ["check", "Product.yaml", "--coverage", "products.json", "--format", "json"], in: folder)
        #expect(coverage.status == 0, "\(coverage.stderr)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(coverage.stdout.utf8)) as? [String: Any])
        let hints = try #require(report["transformerHints"] as? [[String: Any]])
        #expect(
            hints.map { $0["transformer"] as? String } == [
                "numberFromString", "boolFromString", "epochSeconds", "epochMilliseconds",
            ])
        #expect((hints.first?["example"] as? [String: Any])?["place"] as? String == "products.json at $[0].price")

        try Data(
            "entities:\n  Product:\n    identifiedBy: id\n    attributes:\n      id: Int\n      price: {type: Double, transformer: numberFromString}\n      inStock: {type: Bool, transformer: boolFromString}\n      addedAt: {type: Date, transformer: epochSeconds}\n"
                .utf8
        ).write(to: schema)
        let mapped = try Test_LintCommand.run(["check", "Product.yaml", "products.json", "--print"], in: folder)
        #expect(mapped.status == 0, "\(mapped.stderr)")
        #expect(!mapped.stderr.contains("note: with "), "\(mapped.stderr)")
        #expect(
            mapped.stdout.hasPrefix(#"[{"id":1,"price":9.99,"inStock":true,"addedAt":1600000000}"#), "\(mapped.stdout)")
    }

    /// A required attribute some objects send as `null` and one no object sends: the error says null, and
    /// the notes count every object refused for each, the second naming the key none sends.
    @Test func nullsAndMissingKeysAreNotedAsOptional() throws {
        let folder = try Test_CommandPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(
            "entities:\n  User:\n    identifiedBy: id\n    attributes:\n      id: Int64\n      name: String\n      email: String\n"
                .utf8
        ).write(to: folder.appendingPathComponent("User.yaml"))
        try Data(
            #"[{"id": 1, "name": null, "mail": "a@x"}, {"id": 2, "name": "B", "mail": "b@x"}, {"id": 3, "name": null}]"#
                .utf8
        ).write(to: folder.appendingPathComponent("users.json"))
        let refused = try Test_LintCommand.run(["check", "User.yaml", "users.json"], in: folder)
        #expect(refused.status == 1)
        #expect(
            refused.stderr.split(separator: "\n").suffix(6) == [
                "users.json: error: $[0].name: required value is null (schema: User.yaml:6:7)",
                "users.json: error: $[1].email: required value is missing (schema: User.yaml:7:7)",
                "users.json: error: $[2].name: required value is null (schema: User.yaml:6:7)",
                "User.yaml:6:7: note: with optional: true, 'name' would read 2 objects the schema refuses ($[0].name: null)",
                "User.yaml:7:7: note: with optional: true, 'email' would read 3 objects the schema refuses ($[0].email: absent); no object sends a value at its key 'email'",
                "User: mapped 0 of 3 objects (3 do not map), 0 issues",
            ], "\(refused.stderr)")
        let coverage = try Test_LintCommand.run(
            ["check", "User.yaml", "--coverage", "users.json", "--format", "json"], in: folder)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(coverage.stdout.utf8)) as? [String: Any])
        let hints = try #require(report["transformerHints"] as? [[String: Any]])
        #expect(hints.map { $0["optional"] as? Bool } == [true, true])
        #expect(hints.map { $0["unsentKey"] as? String } == [nil, "email"])
        #expect(hints.map { $0["reads"] as? Int } == [2, 3])
    }
}
