import EntityGenTestSupport
import Foundation
import Testing

/// `entitygen generate` and input discovery as a user runs them: mistakes in paths get a message that
/// names the path, never Foundation's text alone or a write into the wrong folder (issue 16, item 10).
@Suite struct Test_CommandPaths {
    static let run = Test_LintCommand.run

    static func temporaryFolder() throws -> URL {
        let folder = try TemporaryFolder.make("entitygen-cli")
        return folder
    }

    @Test func oneFileNamedTwoWaysIsOneInput() throws {
        for arguments in [
            ["lint", "Schemas/Pods.yaml", "./Schemas/Pods.yaml"], ["lint", "./Schemas", "Schemas/Pods.yaml"],
        ] {
            let result = try Self.run(arguments, Test_LintCommand.packageRoot)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("duplicate-declaration"), "\(arguments): \(result.stderr)")
        }
    }

    /// A target holding swift-openapi-generator's document and config beside the schemas: a folder search
    /// leaves them out, and an OpenAPI document named explicitly, or under another name, is told to go
    /// through `infer` in one error instead of one per top-level key.
    @Test func swiftOpenAPIGeneratorsFilesBesideTheSchemasAreLeftOut() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = "openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths: {}\n"
        try Data(document.utf8).write(to: folder.appendingPathComponent("openapi.yaml"))
        try Data("generate: [types, client]\n".utf8)
            .write(to: folder.appendingPathComponent("openapi-generator-config.yml"))
        try Data("entities:\n  User:\n    attributes:\n      login: String\n".utf8)
            .write(to: folder.appendingPathComponent("User.yaml"))
        let lint = try Self.run(["lint", "."], folder)
        #expect(lint.status == 0, "\(lint.stderr)")
        #expect(lint.stderr.contains("0 errors, 0 warnings in 1 file"), "\(lint.stderr)")
        let generate = try Self.run(["generate", ".", "--output", "Generated"], folder)
        #expect(generate.status == 0, "\(generate.stderr)")
        let generated = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("Generated").path)
        #expect(
            generated.contains("User.generated.swift") && !generated.contains { $0.hasPrefix("openapi") },
            "\(generated)")

        let named = try Self.run(["lint", "openapi.yaml"], folder)
        #expect(named.status == 1)
        #expect(
            named.stdout
                == "openapi.yaml:1:1: error: this is an OpenAPI document ('openapi'), not a schema file: `entitygen infer openapi.yaml` writes schemas from it [unknown-key]\n",
            "\(named.stdout)")
        try FileManager.default.moveItem(
            at: folder.appendingPathComponent("openapi.yaml"), to: folder.appendingPathComponent("api.yaml"))
        let renamed = try Self.run(["lint", "."], folder)
        #expect(renamed.status == 1)
        #expect(renamed.stdout.contains("named openapi.yaml, it is left out of folders"), "\(renamed.stdout)")
        #expect(renamed.stderr.contains("1 error, 0 warnings"), "one error, not one per key: \(renamed.stderr)")
    }

    @Test func anEmptyOutputPathIsRefusedBeforeWriting() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schemas = Test_LintCommand.packageRoot.appendingPathComponent("Schemas").path
        let result = try Self.run(["generate", schemas, "--output", "", "--no-record-migrations"], folder)
        #expect(result.status == 2)  // a usage error
        #expect(result.stderr.contains("--output names no folder"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// `--output Models.swift` or `infer --output Pods.yaml` name a file, where the option is the folder the
    /// files go into (named after their entities): refused before anything is written, instead of a folder
    /// named `Models.swift`. An existing folder with such a name is still a folder.
    @Test func anOutputNamingTheFileItWouldHoldIsRefused() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schemas = Test_LintCommand.packageRoot.appendingPathComponent("Schemas").path
        let generate = try Self.run(
            ["generate", schemas, "--output", "Models.swift", "--no-record-migrations"], folder)
        #expect(generate.status == 2)
        #expect(
            generate.stderr.contains(
                "--output 'Models.swift' names a .swift file, but --output is the folder machine files (named after their entities) go into"
            ),
            "\(generate.stderr)")
        #expect(generate.stderr.contains("give the folder, such as '.'"), "\(generate.stderr)")
        try Data(#"[{"id": 1, "name": "a"}]"#.utf8).write(to: folder.appendingPathComponent("pods.json"))
        let infer = try Self.run(["infer", "pods.json", "--output", "Schemas/Pods.yaml"], folder)
        #expect(infer.status == 2)
        #expect(infer.stderr.contains("--output 'Schemas/Pods.yaml' names a .yaml file"), "\(infer.stderr)")
        #expect(infer.stderr.contains("such as 'Schemas'"), "\(infer.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["pods.json"])
        // A folder that exists is written into, whatever its name.
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Odd.yaml"), withIntermediateDirectories: false)
        let existing = try Self.run(["infer", "pods.json", "--output", "Odd.yaml"], folder)
        #expect(existing.status == 0, "\(existing.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Odd.yaml/Pod.yaml").path))
    }

    @Test func anOutputThatIsAFileOrCannotBeCreatedIsNamed() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.txt")
        try Data("keep me".utf8).write(to: file)
        let schemas = Test_LintCommand.packageRoot.appendingPathComponent("Schemas").path
        for output in [file.path, file.appendingPathComponent("sub").path] {
            let result = try Self.run(["generate", schemas, "--output", output, "--no-record-migrations"], folder)
            #expect(result.status == 2)
            #expect(
                result.stderr.contains("error: cannot write output: \(file.path): Not a directory"), "\(result.stderr)")
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "keep me")
    }

    @Test func checkPrintsJSONTextEscapedOnOneLine() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("entities:\n  Item:\n    attributes:\n      kind:\n        type: String\n        oneOf: [a, b]\n".utf8)
            .write(to: folder.appendingPathComponent("S.yaml"))
        try Data(#"{"kind": "x\n[fake] error: \u202Eevil"}"#.utf8).write(to: folder.appendingPathComponent("p.json"))
        let result = try Self.run(["check", "S.yaml", "--entity", "Item", "p.json"], folder)
        #expect(result.status == 1)
        #expect(
            result.stderr.split(separator: "\n").first
                == #"p.json: error: $.kind: x\n[fake] error: \u{202E}evil is not one of a, b (schema: S.yaml:4:7)"#)
        #expect(!result.stderr.unicodeScalars.contains("\u{202E}"))
    }

    /// `check --keys` reports what the schema leaves out of a real-looking payload, escaped like every key
    /// from outside text, and does not change the exit status.
    @Test func checkKeysReportsUnreadKeysAndAbsentMembers() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("entities:\n  Item:\n    attributes:\n      name: String\n      note: String?\n".utf8)
            .write(to: folder.appendingPathComponent("S.yaml"))
        try Data(#"[{"name": "a", "tags\n[x]": 1}, {"name": "b"}]"#.utf8).write(
            to: folder.appendingPathComponent("p.json"))
        let result = try Self.run(["check", "S.yaml", "--entity", "Item", "p.json", "--keys"], folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.split(separator: "\n") == [
                #"Item: key 'tags\n[x]' is not read by the schema (in 1 of 2 Item objects; e.g. p.json at $[0]["tags\n[x]"])"#,
                "Item.note: its key never appears (in none of 2 Item objects)",
            ])
    }
}
