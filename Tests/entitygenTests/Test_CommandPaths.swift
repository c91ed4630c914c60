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

    @Test func anEmptyOutputPathIsRefusedBeforeWriting() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schemas = Test_LintCommand.packageRoot.appendingPathComponent("Schemas").path
        let result = try Self.run(["generate", schemas, "--output", "", "--no-record-migrations"], folder)
        #expect(result.status == 2)  // a usage error
        #expect(result.stderr.contains("--output names no folder"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
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
