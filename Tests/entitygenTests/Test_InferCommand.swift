import EntityGenTestSupport
import Foundation
import Testing

/// `entitygen infer` as a user runs it: what it writes, what it refuses, and its exit statuses.
@Suite struct Test_InferCommand {
    private func run(_ arguments: [String]) throws -> Test_LintCommand.Run {
        try Test_LintCommand.run(["infer"] + arguments)
    }

    /// `infer <folder>/page.json --update <folder>/Users.yaml --name User`.
    private func updateUsers(in folder: URL) throws -> Test_LintCommand.Run {
        try run([
            folder.appendingPathComponent("page.json").path, "--update",
            folder.appendingPathComponent("Users.yaml").path,
            "--name", "User",
        ])
    }

    private func samples(_ files: [String: String]) throws -> URL {
        let folder = try TemporaryFolder.make("entitygen-infer-cli")
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func writesALintCleanSchemaAndConfigThenRefusesToOverwriteEdits() throws {
        let input = try samples([
            "page1.json":
                #"{"results": [{"id": 1, "title": "a", "created_at": "2024-03-10T07:00:00Z"}], "next": "https://x/p2"}"#,
            "page2.json":
                #"{"results": [{"id": 2, "title": "b", "created_at": "2024-03-11T07:00:00Z"}], "next": null}"#,
        ])
        let output = try TemporaryFolder.make("entitygen-infer-out")
        let first = try run([input.path, "--output", output.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("wrote \(output.path)/Result.yaml"))
        #expect(first.stdout.contains("wrote \(output.path)/entitygen-config.yaml"))
        let schema = try String(contentsOf: output.appendingPathComponent("Result.yaml"), encoding: .utf8)
        #expect(schema.contains("items: results"))
        #expect(schema.contains("pagination: {nextURL: next}"))
        #expect(schema.contains("createdAt: Date   # Date: ISO 8601 in all 2 values"))
        let lint = try Test_LintCommand.run(["lint", output.path])
        #expect(!lint.stdout.contains("error:") && !lint.stderr.contains("error:"), "\(lint.stdout)\(lint.stderr)")
        // The same samples again: nothing changes.
        #expect(try run([input.path, "--output", output.path]).stdout.contains("unchanged \(output.path)/Result.yaml"))
        // An edited schema is the user's: not replaced without --force.
        try (schema + "# mine\n").write(
            to: output.appendingPathComponent("Result.yaml"), atomically: true, encoding: .utf8)
        let refused = try run([input.path, "--output", output.path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("exists and differs"))
        #expect(try run([input.path, "--output", output.path, "--force"]).stdout.contains("replaced"))
    }

    /// `--output t`, a one-letter folder relative to the working directory, crashed the tool (Foundation's
    /// `deletingLastPathComponent` on Linux); `generate --output g` shares the code.
    @Test func writesIntoAOneLetterRelativeFolder() throws {
        let input = try samples(["items.json": #"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]"#])
        let run = try Test_LintCommand.run(["infer", input.path, "--output", "t", "--name", "Thing"], in: input)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: input.appendingPathComponent("t/Thing.yaml").path))
        let nested = try Test_LintCommand.run(["infer", input.path, "--output", "u/v", "--name", "Thing"], in: input)
        #expect(nested.status == 0, "\(nested.stdout)\(nested.stderr)")
        #expect(FileManager.default.fileExists(atPath: input.appendingPathComponent("u/v/Thing.yaml").path))
    }

    /// `--only`: the named entity and what it reaches, nothing else; a name that is no entity is an error
    /// with a suggestion.
    @Test func onlyKeepsTheNamedEntityAndWhatItReaches() throws {
        let input = try samples([
            "items.json":
                #"[{"id": 1, "owner": {"id": 5, "name": "a"}, "tags": [{"label": "x"}]}, {"id": 2, "owner": {"id": 6, "name": "b"}, "tags": []}]"#
        ])
        let kept = try run([input.path, "--name", "Item", "--only", "Owner"])
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(kept.stdout.contains("  Owner:") && !kept.stdout.contains("  Item:") && !kept.stdout.contains("  Tag:"))
        // The records' entity is gone, so is its feed.
        #expect(!kept.stdout.contains("feeds:"))
        let all = try run([input.path, "--name", "Item", "--only", "Item"])
        #expect(all.stdout.contains("  Item:") && all.stdout.contains("  Owner:") && all.stdout.contains("  Tag:"))
        let wrong = try run([input.path, "--name", "Item", "--only", "Ownr"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("--only 'Ownr' is no entity of the inferred schema (did you mean 'Owner'?)"))
    }

    @Test func reportsAsJSONAndPrintsWithoutOutput() throws {
        let input = try samples(["items.jsonl": "{\"id\": 1}\n{\"id\": 2}\n"])
        let printed = try run([input.path, "--name", "Thing", "--format", "json"])
        #expect(printed.status == 0)
        #expect(printed.stdout.hasPrefix("# Inferred by `entitygen infer` from 1 file (2 records)."))
        #expect(printed.stderr.contains(#""records":2"#))
        #expect(printed.stderr.contains(#""name":"Thing""#))
    }

    @Test func readsAnOpenAPIDocumentInJSONAndNeedsTheRecordsEntityWithSamples() throws {
        let document = #"""
            {"openapi": "3.0.3", "info": {"title": "Pets", "version": "1"}, "paths": {},
             "components": {"schemas": {"Pet": {"type": "object", "required": ["id"],
               "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}}}}
            """#
        let input = try samples(["api.json": document, "sample.json": #"[{"id": 1}]"#])
        let printed = try run([input.appendingPathComponent("api.json").path])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout.contains("  Pet:   # from #/components/schemas/Pet"))
        #expect(printed.stdout.contains("    identifiedBy: id   # identity: the required property 'id'"))
        let mixed = try run([
            input.appendingPathComponent("api.json").path, input.appendingPathComponent("sample.json").path,
        ])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("an OpenAPI document with samples needs --name"))
    }

    @Test func updateAddsTheUnreadKeysInPlaceAndLeavesTheRestAsWritten() throws {
        let schema = """
            # My pods, by hand.
            keyConvention: snake_case
            entities:
              Pod:
                identifiedBy: [name, version]   # a comment of mine
                attributes:
                  name: String
                  version:
                    type: String
                    description: Semantic, mostly.

                relationships:
                  source: Source?
              Source:
                attributes:
                  git: String?
            """
        let folder = try samples([
            "Pods.yaml": schema, "entitygen-config.yaml": "outputs: [models, mappers]\n",
        ])
        let pages = try samples([
            "a.json":
                #"{"name": "A", "version": "1", "homepage": "https://a.example", "source": {"git": "g", "tag": "1"}}"#,
            "b.json": #"{"name": "B", "version": "2", "summary": "b", "source": {"git": "g"}}"#,
        ])
        let refused = try run([pages.path, "--update", folder.path])
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains(
                "error: --update needs --name, the entity the samples' records are, of 'Pod', 'Source'"),
            "\(refused.stderr)")
        let run = try run([pages.path, "--update", folder.path, "--name", "Pod"])
        #expect(run.status == 0, "\(run.stderr)")
        let updated = try String(contentsOf: folder.appendingPathComponent("Pods.yaml"), encoding: .utf8)
        let lines = updated.components(separatedBy: "\n")
        // Every line written by hand is still there, in order; the new ones end each entity's attributes.
        let mine = schema.components(separatedBy: "\n")
        #expect(lines.filter { !$0.contains("added by infer --update") } == mine)
        #expect(lines[10].hasPrefix("      homepage: URL?   # added by infer --update: in 1 of 2 objects"))
        #expect(lines[11].hasPrefix("      summary: String?   # added by infer --update: in 1 of 2 objects"))
        #expect(lines.contains { $0.hasPrefix("      tag: String?   # added by infer --update") })
        #expect(run.stdout.contains("\(folder.path)/Pods.yaml:11: added to Pod: homepage: URL?"))
        // Now every key is read.
        let again = try self.run([pages.path, "--update", folder.path, "--name", "Pod"])
        #expect(again.stdout.contains("Nothing to add"))
        let coverage = try Test_LintCommand.run(["check", folder.path, "--entity", "Pod", "--coverage", pages.path])
        #expect(!coverage.stdout.contains("not read"), "\(coverage.stdout)")
    }

    /// Keys every new sample holds are still added as optional members: the payloads the schema was written
    /// for did not send them and must still map, and a table already stored takes them as nullable columns.
    /// Before, such a key was added required, the update passed, and the next `generate` refused the schema
    /// (a required column with no default for the stored rows).
    @Test func updateAddsOptionalMembersThatOldPayloadsAndStoredTablesTake() throws {
        let folder = try samples([
            "users.json": #"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]"#,
            "newer.json": #"[{"id": 3, "name": "c", "email": "c@example.com", "tags": ["x"]}]"#,
        ])
        let schemas = folder.appendingPathComponent("Schemas").path
        let config = folder.appendingPathComponent("Schemas/entitygen-config.yaml").path
        let output = folder.appendingPathComponent("Generated").path
        #expect(try run([folder.appendingPathComponent("users.json").path, "--output", schemas]).status == 0)
        let first = try Test_LintCommand.run(["generate", schemas, "--output", output, "--config", config])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("record migration entitygen-v1"), "\(first.stdout)")

        let update = try run([
            folder.appendingPathComponent("newer.json").path, "--update", schemas, "--name", "User",
        ])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stdout.contains("added to User: email: String?   # added by infer --update: in 1 of 1 object"))
        #expect(update.stdout.contains("added to User: tags: '[String]?'"), "\(update.stdout)")
        let second = try Test_LintCommand.run(["generate", schemas, "--output", output, "--config", config])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("record migration entitygen-v2"), "\(second.stdout)")
        for payload in ["users.json", "newer.json"] {
            let check = try Test_LintCommand.run([
                "check", schemas, "--entity", "User", folder.appendingPathComponent(payload).path,
            ])
            #expect(check.status == 0, "\(payload): \(check.stdout) \(check.stderr)")
        }
    }

    /// A key whose values are objects becomes a relationship to new entities inferred from them, as
    /// `infer` infers nested objects (named so that no entity of the schema is taken), instead of an
    /// `AnyJSON` attribute; the stored tables take them (a new table and a nullable column), and the
    /// payloads the schema was written for still map.
    @Test func updateAddsNewEntitiesForKeysWhoseValuesAreObjects() throws {
        let schema = """
            entities:
              User:
                identifiedBy: id
                attributes:
                  id: Int64
                  name: String
              Address:   # mine: a postal address
                attributes:
                  line: String
            """
        let folder = try samples([
            "old.json": #"[{"id": 1, "name": "a"}]"#,
            "new.json":
                #"[{"id": 2, "name": "b", "address": {"city": "Oslo", "zip": "0150"}, "teams": [{"id": 7, "title": "x"}]}, "#
                + #"{"id": 3, "name": "c", "address": {"city": "Bergen", "zip": "5003"}, "teams": []}]"#,
        ])
        let schemas = folder.appendingPathComponent("Schemas")
        try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
        try schema.write(to: schemas.appendingPathComponent("Users.yaml"), atomically: true, encoding: .utf8)
        try "outputs: [models, mappers, persistence]\n".write(
            to: schemas.appendingPathComponent("entitygen-config.yaml"), atomically: true, encoding: .utf8)
        let generate = ["generate", schemas.path, "--output", folder.appendingPathComponent("Generated").path]
        #expect(try Test_LintCommand.run(generate).stdout.contains("record migration entitygen-v1"))

        let before = try Data(contentsOf: schemas.appendingPathComponent("Users.yaml"))
        let dry = try run([
            folder.appendingPathComponent("new.json").path, "--update", schemas.path, "--name", "User", "--dry-run",
        ])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("added entity UserAddress") && dry.stdout.contains("Dry run: nothing was written"))
        #expect(try Data(contentsOf: schemas.appendingPathComponent("Users.yaml")) == before)
        let update = try run([
            folder.appendingPathComponent("new.json").path, "--update", schemas.path, "--name", "User",
        ])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stdout.contains("Next: `entitygen generate`"), "\(update.stdout)")
        let lines = try String(contentsOf: schemas.appendingPathComponent("Users.yaml"), encoding: .utf8)
            .components(separatedBy: "\n")
        // Every line written by hand is still there, in order.
        var remaining = schema.components(separatedBy: "\n")[...]
        for line in lines where line == remaining.first { remaining = remaining.dropFirst() }
        #expect(remaining.isEmpty, "not kept in order: \(remaining)")
        #expect(
            Array(lines[6...8]) == [
                "    relationships:",
                "      address: UserAddress?   # added by infer --update: in 2 of 2 objects; optional, as earlier payloads did not send it",
                "      teams: '[Team]?'   # added by infer --update: in 2 of 2 objects; optional, as earlier payloads did not send it",
            ], "\(lines.joined(separator: "\n"))")
        #expect(lines[9] == "  Address:   # mine: a postal address")
        #expect(lines[12] == "  # added by infer --update for User's new keys")
        #expect(lines[13].hasPrefix("  UserAddress:   # 2 objects at $.address"))
        #expect(lines.contains("      city: String") && lines.contains { $0.hasPrefix("  Team:   # 1 object at ") })
        let out = update.stdout
        #expect(
            out.contains("Users.yaml:14: added entity UserAddress: new entity (2 attributes, 0 relationships)"),
            "\(out)")
        #expect(out.contains("Users.yaml:8: added to User: address: UserAddress?"), "\(out)")

        let second = try Test_LintCommand.run(generate)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("record migration entitygen-v2"), "\(second.stdout)")
        for payload in ["old.json", "new.json"] {
            let check = try Test_LintCommand.run([
                "check", schemas.path, "--entity", "User", folder.appendingPathComponent(payload).path, "--print",
            ])
            #expect(check.status == 0, "\(payload): \(check.stdout) \(check.stderr)")
        }
        let again = try run([
            folder.appendingPathComponent("new.json").path, "--update", schemas.path, "--name", "User",
        ])
        #expect(again.stdout.contains("Nothing to add"), "\(again.stdout)")
    }

    /// A schema that lists relationships before attributes, and relationships in flow style: each new
    /// line lands in its own block, and objects that have no block to go in stay `AnyJSON`.
    @Test func updateFindsEachBlockWhereverItIsWritten() throws {
        let folder = try samples([
            "Users.yaml": """
            entities:
              User:
                identifiedBy: id
                relationships:
                  team: Team?
                attributes:
                  id: Int64
              Team:
                relationships: {lead: User?}
                attributes:
                  name: String
            """,
            "page.json":
                #"[{"id": 1, "email": "a@example.com", "address": {"city": "Oslo"}, "team": {"name": "x", "room": {"floor": 2}}}]"#,
        ])
        let update = try updateUsers(in: folder)
        #expect(update.status == 0, "\(update.stderr)")
        let lines = try String(contentsOf: folder.appendingPathComponent("Users.yaml"), encoding: .utf8)
            .components(separatedBy: "\n")
        #expect(lines[4] == "      team: Team?")
        #expect(lines[5].hasPrefix("      address: Address?   # added by infer --update"), "\(lines)")
        #expect(lines[6] == "    attributes:")
        #expect(lines[8].hasPrefix("      email: String?   # added by infer --update"), "\(lines)")
        #expect(lines[9] == "  Team:")
        #expect(lines[13].hasPrefix("      room: AnyJSON?   # added by infer --update"), "\(lines)")
        #expect(lines[14] == "  # added by infer --update for User's new keys")
        #expect(lines[15].hasPrefix("  Address:"))
        let lint = try Test_LintCommand.run(["lint", folder.appendingPathComponent("Users.yaml").path])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
    }

    /// The enums new entities use are added too, under the schema's `enums:` wherever it is written (here
    /// before the entities), renamed when the schema has the name.
    @Test func updateAddsTheEnumsOfNewEntities() throws {
        let schema = """
            enums:
              Level: {cases: [one, two]}
            entities:
              User:
                identifiedBy: id
                attributes:
                  id: Int64
                  level: Level
            """
        let records = (0..<30).map { index in
            #"{"id": \#(index), "level": "one", "badge": {"id": \#(index % 3), "level": "\#(["gold", "silver", "bronze"][index % 3])"}}"#
        }
        let folder = try samples(["Users.yaml": schema, "page.json": "[" + records.joined(separator: ", ") + "]"])
        let update = try updateUsers(in: folder)
        #expect(update.status == 0, "\(update.stderr)")
        let lines = try String(contentsOf: folder.appendingPathComponent("Users.yaml"), encoding: .utf8)
            .components(separatedBy: "\n")
        #expect(
            Array(lines[0...4]) == [
                "enums:",
                "  Level: {cases: [one, two]}",
                "  UserLevel:   # enum: 3 distinct values in 30 strings; 'unknown' keeps any other",
                "    cases: [bronze, gold, silver]",
                "    fallback: unknown",
            ], "\(lines.joined(separator: "\n"))")
        #expect(
            lines.contains(
                "      level: UserLevel   # enum: 3 distinct values in 30 strings; 'unknown' keeps any other"))
        #expect(update.stdout.contains("Users.yaml:3: added enum UserLevel: new enum (3 cases)"), "\(update.stdout)")
        let check = try Test_LintCommand.run([
            "check", folder.appendingPathComponent("Users.yaml").path, "--entity", "User",
            folder.appendingPathComponent("page.json").path,
        ])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stderr.contains("User: mapped 30 objects, 0 issues"), "\(check.stderr)")
    }

    /// A new key holding the ids of other records is added as the ids it holds, with a comment on how to
    /// link them (before, it was added as `AnyJSON` with a relationship's `reference: true`, and lint
    /// refused the whole update).
    @Test func updateAddsAForeignIdAsTheIdsItHolds() throws {
        let folder = try samples([
            "Users.yaml":
                "entities:\n  User:\n    identifiedBy: id\n    attributes:\n      id: Int64\n      name: String\n",
            "page.json":
                #"[{"id": 1, "name": "a"}, {"id": 2, "name": "b", "manager_id": 1}, {"id": 3, "name": "c", "manager_id": 2}, {"id": 4, "name": "d", "manager_id": 3}]"#,
        ])
        let schema = folder.appendingPathComponent("Users.yaml").path
        let update = try updateUsers(in: folder)
        #expect(update.status == 0, "\(update.stderr)")
        #expect(
            update.stdout.contains(
                "added to User: managerId: {type: Int64?, key: manager_id}   # added by infer --update: in 3 of 4 objects; optional, as earlier payloads did not send it; the ids of User records in the samples: declare a relationship with reference: true to link them"
            ), "\(update.stdout)")
        let check = try Test_LintCommand.run(["check", schema, folder.appendingPathComponent("page.json").path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    /// Keys inside an object a member reads into (`license.name`) are added beside it with their key
    /// paths, typed from the samples (an object inside as `AnyJSON`), a plucked array's keys are left to
    /// a person; the schema's only entity is updated without `--name`, and the result maps the samples.
    @Test func updateAddsKeysInsideAMembersObjectWithTheirKeyPaths() throws {
        let folder = try samples([
            "Repos.yaml":
                "entities:\n  Repo:\n    identifiedBy: id\n    attributes:\n      id: Int64\n      licenseName: {type: String?, key: license.name}\n      topics: {type: '[String]', key: 'labels[].name'}\n",
            "page.json":
                #"[{"id": 1, "license": {"name": "MIT", "url": "https://x.example/mit", "spdx_id": "MIT", "meta": {"year": 2020}}, "labels": [{"name": "a", "color": "red"}]}, "#
                + #"{"id": 2, "license": null, "labels": []}]"#,
        ])
        let schema = folder.appendingPathComponent("Repos.yaml").path
        let update = try run([folder.appendingPathComponent("page.json").path, "--update", schema])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stderr.contains("note: updating entity 'Repo', the schema's only entity"), "\(update.stderr)")
        let lines = try String(contentsOfFile: schema, encoding: .utf8).components(separatedBy: "\n")
        #expect(
            lines.suffix(4).map { $0.components(separatedBy: "   #")[0] } == [
                "      licenseMeta: {type: AnyJSON?, key: license.meta}",
                "      licenseSpdxId: {type: String?, key: license.spdx_id}",
                "      licenseUrl: {type: URL?, key: license.url}", "",
            ], "\(lines)")
        #expect(
            update.stderr.contains("Repo: 'labels[].color' is inside a member's object; add it to that member by hand"),
            "\(update.stderr)")
        let check = try Test_LintCommand.run([
            "check", schema, folder.appendingPathComponent("page.json").path, "--print",
        ])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(
            check.stdout.contains(
                #""license":{"name":"MIT","meta":{"year":2020},"spdx_id":"MIT","url":"https://x.example/mit"}"#),
            "\(check.stdout)")
        let again = try run([folder.appendingPathComponent("page.json").path, "--update", schema])
        #expect(!again.stdout.contains("added to"), "\(again.stdout)")
        // 'labels[].color' is still unread: not "every key read", but left for a person.
        #expect(again.stdout.contains("Nothing added: the unread keys of the 2 records are left for a person"))
        #expect(!again.stdout.contains("read every key"), "\(again.stdout)")
    }

    /// Without `--name`, of several entities the one the samples are named after is updated; with one
    /// feed, the feed's records' entity.
    @Test func updateWithoutANameTakesTheEntityTheSamplesOrTheFeedName() throws {
        let entities =
            "entities:\n  Repo:\n    identifiedBy: id\n    attributes:\n      id: Int64\n  User:\n    identifiedBy: id\n    attributes:\n      id: Int64\n"
        let folder = try samples(["Repos.yaml": entities, "repos.json": #"[{"id": 1, "stars": 3}]"#])
        let named = try run([folder.appendingPathComponent("repos.json").path, "--update", folder.path, "--dry-run"])
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stderr.contains("note: updating entity 'Repo', named like the samples"), "\(named.stderr)")
        #expect(named.stdout.contains("added to Repo: stars: Int64?"), "\(named.stdout)")
        try (entities + "feeds:\n  Users:\n    entity: User\n").write(
            to: folder.appendingPathComponent("Repos.yaml"), atomically: true, encoding: .utf8)
        let fed = try run([folder.appendingPathComponent("repos.json").path, "--update", folder.path, "--dry-run"])
        #expect(fed.status == 0, "\(fed.stderr)")
        #expect(fed.stderr.contains("note: updating entity 'User', the records of feed 'Users'"), "\(fed.stderr)")
        #expect(fed.stdout.contains("added to User: stars: Int64?"), "\(fed.stdout)")
    }

    @Test func badInputSaysWhere() throws {
        let input = try samples(["bad.json": "{\"id\": 1,\n  oops}", "good.json": #"[{"id": 1}]"#])
        let run = try run([input.path])
        #expect(run.status == 0)
        #expect(run.stderr.contains("\(input.path)/bad.json:2:3: skipped, not JSON"))
        let none = try self.run([try samples(["bad.json": "nope"]).path])
        #expect(none.status == 1)
        #expect(none.stderr.contains("error: no records"))
        let empty = try self.run([try TemporaryFolder.make("entitygen-infer-empty").path])
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("no .json, .jsonl or .ndjson files in this folder"))
        #expect(try self.run([]).status == 2)
        let dryAlone = try self.run([input.path, "--dry-run"])
        #expect(dryAlone.status == 2 && dryAlone.stderr.contains("--dry-run goes with --update"))
    }
}
