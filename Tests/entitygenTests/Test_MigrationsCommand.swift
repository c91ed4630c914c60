import EntityGenTestSupport
import Foundation
import Testing

/// `entitygen migrations squash` as a user runs it on a copy of the sample project: a dry run writes
/// nothing, a squash leaves a history the project generates from with nothing pending, and what cannot be
/// folded is an error that names the file, with the file untouched.
@Suite struct Test_MigrationsCommand {
    static let run = Test_LintCommand.run

    /// A copy of `Schemas/` (schemas, config, the 16-migration history) in a fresh folder.
    static func project() throws -> URL {
        let folder = try TemporaryFolder.make("entitygen-squash")
        let source = Test_LintCommand.packageRoot.appendingPathComponent("Schemas")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path)
        where name.hasSuffix(".yaml") || name.hasSuffix(".json") {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        return folder
    }

    @Test func squashFoldsAndTheProjectGeneratesWithNothingPending() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let history = folder.appendingPathComponent("entitygen-migrations.json")
        let before = try Data(contentsOf: history)

        let dry = try Self.run(["migrations", "squash", ".", "--from", "entitygen-v12", "--dry-run"], folder)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(
            dry.stdout.contains("would fold 'entitygen-v12' ... 'entitygen-v17' (6 migrations) into 'entitygen-v12'"))
        #expect(try Data(contentsOf: history) == before)
        #expect(!dry.stderr.contains("refuses to open"), "a dry run folds nothing: no database is refused")

        let squash = try Self.run(["migrations", "squash", ".", "--from", "entitygen-v12"], folder)
        #expect(squash.status == 0, "\(squash.stderr)")
        #expect(squash.stdout.contains("folded 'entitygen-v12' ... 'entitygen-v17' (6 migrations)"), "\(squash.stdout)")
        #expect(squash.stderr.contains("a database that ran any folded migration now refuses to open"))
        let after = try String(contentsOf: history, encoding: .utf8)
        #expect(after.contains("\"entitygen-v12\"") && !after.contains("\"entitygen-v13\""))
        #expect(after.count < String(decoding: before, as: UTF8.self).count)

        let lint = try Self.run(["lint", "."], folder)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(!lint.stderr.contains("unrecorded-migration"), "\(lint.stderr)")
        #expect(!lint.stderr.contains("invalid-migration-history"), "\(lint.stderr)")
    }

    @Test func whatCannotBeFoldedIsAnErrorAndWritesNothing() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let history = folder.appendingPathComponent("entitygen-migrations.json")
        let before = try Data(contentsOf: history)
        for (arguments, message, status) in [
            (["--from", "entitygen-v99"], "no migration named 'entitygen-v99' is recorded", Int32(1)),
            (["--from", "entitygen-v17"], "'entitygen-v17' is the last recorded migration", 1),
            (
                ["--from", "entitygen-v1", "--backend", "postgres"],
                "entitygen-migrations.postgres.json: no postgres migration history is recorded", 1
            ),
            (["--from", "entitygen-v1", "--backend", "oracle"], "--backend 'oracle' is not a backend", 2),
            (["--from", ""], "--from names no migration", 2),
        ] {
            let result = try Self.run(["migrations", "squash", "."] + arguments, folder)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(try Data(contentsOf: history) == before, "\(arguments)")
        }
        try Data("{\"format\": 1, \"migrations\": [".utf8).write(to: history)
        let broken = try Self.run(["migrations", "squash", ".", "--from", "entitygen-v1"], folder)
        #expect(broken.status == 1)
        #expect(
            broken.stderr.contains("entitygen-migrations.json:1:30: invalid JSON: unexpected end of input"),
            "\(broken.stderr)")
    }
}
