import EntityGenTestSupport
import Foundation
import Testing

/// Runs the built `entitygen` executable as a user would and checks output and exit status.
@Suite struct Test_LintCommand {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let brokenFolder = packageRoot.appendingPathComponent("Tests/_EntityGenCoreTests/Fixtures/BrokenSchemas")

    /// The `entitygen` binary beside the test bundle.
    static let executable: URL? = {
        let candidates = [
            Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ]
        return candidates.map { $0.appendingPathComponent("entitygen") }.first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
    }()

    enum CommandLineError: Error {
        case binaryNotFound(String)
    }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], in directory: URL = packageRoot) throws -> Run {
        try runWithInput(arguments, in: directory, standardInput: nil)
    }

    /// Runs the binary with `input`, when given, written to its standard input.
    static func runWithInput(_ arguments: [String], in directory: URL, standardInput input: Data?) throws -> Run {
        guard let binary = Self.executable else {
            throw CommandLineError.binaryNotFound(Bundle.main.bundleURL.path)
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let standardInput = input.map { _ in Pipe() }
        if let standardInput { process.standardInput = standardInput }
        try process.run()
        if let input, let standardInput {
            standardInput.fileHandleForWriting.write(input)
            try standardInput.fileHandleForWriting.close()
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func cleanSchemasExitZeroWithNoOutput() throws {
        let run = try Self.run(["lint", "Schemas"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("0 errors, 0 warnings in 11 files"))
    }

    @Test func findingsExitOneInTheSwiftcFormat() throws {
        let run = try Self.run(["lint", Self.brokenFolder.path])
        #expect(run.status == 1)
        let expected = try String(
            contentsOf: Self.packageRoot.appendingPathComponent(
                "Tests/_EntityGenCoreTests/Fixtures/BrokenSchemas.expected"), encoding: .utf8)
        #expect(run.stdout.replacingOccurrences(of: Self.brokenFolder.path + "/", with: "") == expected)
        let pattern = try Regex(#"^[^:]+:\d+:\d+: (error|warning): .+ \[[a-z-]+\]$"#)
        for line in run.stdout.split(separator: "\n") {
            #expect(line.wholeMatch(of: pattern) != nil, "not in the swiftc format: \(line)")
        }
    }

    @Test func jsonFormatIsMachineReadable() throws {
        let run = try Self.run(["lint", Self.brokenFolder.path, "--format", "json"])
        #expect(run.status == 1)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        let text = try Self.run(["lint", Self.brokenFolder.path])
        #expect(objects.count == text.stdout.split(separator: "\n").count)
        let first = try #require(objects.first)
        #expect(Set(first.keys) == ["file", "line", "column", "severity", "message", "rule"])
    }

    @Test func warningsFailOnlyWithStrict() throws {
        let folder = try TemporaryFolder.make("entitygen-strict")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "enums:\n  Unused:\n    cases: [a]\nentities:\n  Pod:\n    attributes:\n      name: String\n".write(
            to: folder.appendingPathComponent("w.yaml"), atomically: true, encoding: .utf8)
        let relaxed = try Self.run(["lint", folder.path])
        #expect(relaxed.status == 0)
        #expect(relaxed.stdout.contains("warning: enum 'Unused' is not used"))
        #expect(try Self.run(["lint", "--strict", folder.path]).status == 1)
    }

    @Test(arguments: [
        (["lint", "/no/such/path"], "no such file or folder"),
        (["lint", "--bogus"], "Unknown option"),
        (["lint", "--format", "xml", "Schemas"], "xml"),
        (["lint", "Sources/entitygen"], "no schema files"),
        (["lint", "Schemas", "--config", "/no/config.yaml"], "config file does not exist"),
    ])
    func usageAndIOErrorsExitTwo(arguments: [String], message: String) throws {
        let run = try Self.run(arguments)
        #expect(run.status == 2, "\(arguments): \(run.stderr)")
        #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
    }

    /// Unreadable inputs say so (issue 16, item 10): a file is `unreadable-file` at its start (not
    /// `file-encoding`), a folder is an I/O error naming it (not "no schema files found"). Root reads
    /// anything chmod forbids, so the folder is a temporary one made unreadable when that works, else
    /// /proc/1/map_files, which only a process tracing PID 1 may list.
    @Test func unreadableFilesAndFoldersSaySo() throws {
        let file = try Self.run(["lint", "/proc/self/mem"])
        #expect(file.status == 1)
        #expect(
            file.stdout.hasPrefix("/proc/self/mem:1:1: error: cannot read file: Input/output error [unreadable-file]"))

        let locked = try TemporaryFolder.make("entitygen-locked")
        try Data("entities: {}\n".utf8).write(to: locked.appendingPathComponent("a.yaml"))
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked.path)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path)
            try? FileManager.default.removeItem(at: locked)
        }
        /// Whether listing the folder fails (Foundation's listing ignores errors after the first entries).
        func unreadable(_ path: String) -> Bool {
            guard let folder = opendir(path) else { return true }
            defer { closedir(folder) }
            errno = 0
            while readdir(folder) != nil {}
            return errno != 0
        }
        let folder = unreadable(locked.path) ? locked.path : "/proc/1/map_files"
        try #require(unreadable(folder), "no unreadable folder on this machine")
        let run = try Self.run(["lint", folder])
        #expect(run.status == 2)
        #expect(run.stderr.contains("\(folder): error: cannot read folder: Permission denied"), "\(run.stderr)")
    }

    @Test func listsRules() throws {
        let run = try Self.run(["lint", "--list-rules"])
        #expect(run.status == 0)
        for id in ["unknown-key", "duplicate-json-key", "discriminator-collision", "yaml-limits"] {
            #expect(run.stdout.contains(id + " ("))
        }
    }

    @Test func helpAndVersionExitZero() throws {
        #expect(try Self.run(["--help"]).status == 0)
        #expect(try Self.run(["--version"]).status == 0)
    }
}

/// `entitygen generate` as CI and users run it.
@Suite struct Test_GenerateCommand {
    @Test func generatesThenCheckReportsNothingToDo() throws {
        // A copy of the sample schemas: generating records pending migrations beside the config, which
        // must never write into the repository's own history.
        let folder = TemporaryFolder.path("entitygen-generate")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Test_LintCommand.packageRoot.appendingPathComponent("Schemas"),
            to: folder.appendingPathComponent("Schemas"))
        let output = folder.appendingPathComponent("Generated").path
        let first = try Test_LintCommand.run(
            [
                "generate", "Schemas", "--output", output, "--human-output",
                folder.appendingPathComponent("Human").path,
            ], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!first.stdout.contains("record migration"), "the sample schemas have an unrecorded migration")
        #expect(first.stdout.split(separator: "\n").count == 40)  // 10 machine files, the database file, 29 human files
        let header = try String(contentsOfFile: output + "/Pods.generated.swift", encoding: .utf8).split(
            separator: "\n"
        ).first
        #expect(header == "// Generated by entitygen from Schemas/Pods.yaml. Do not edit.")
        let check = try Test_LintCommand.run(["generate", "Schemas", "--output", output, "--check"], in: folder)
        #expect(check.status == 0 && check.stdout.isEmpty)
        try "// stale\n".write(toFile: output + "/Pods.generated.swift", atomically: true, encoding: .utf8)
        let stale = try Test_LintCommand.run(["generate", "Schemas", "--output", output, "--check"], in: folder)
        #expect(stale.status == 1)
        #expect(stale.stdout.contains("would update") && stale.stdout.contains("Pods.generated.swift"))
        #expect(try String(contentsOfFile: output + "/Pods.generated.swift", encoding: .utf8) == "// stale\n")
    }

    @Test func recordsTheNextMigrationOnceAndCheckFailsWhileItIsPending() throws {
        let folder = TemporaryFolder.path("entitygen-migrations")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = Test_LintCommand.packageRoot.appendingPathComponent(
            "Tests/_EntityGenCoreTests/Fixtures/Cases/migrations/input")
        try FileManager.default.copyItem(at: input, to: folder.appendingPathComponent("Schemas"))
        let schemas = folder.appendingPathComponent("Schemas")
        let history = schemas.appendingPathComponent("entitygen-migrations.json").path
        let recorded = try String(contentsOfFile: history, encoding: .utf8)
        let output = folder.appendingPathComponent("Generated").path

        let check = try Test_LintCommand.run(["generate", "Schemas", "--output", output, "--check"], in: folder)
        #expect(check.status == 1)
        #expect(
            check.stdout.contains("would record migration entitygen-v2 in Schemas/entitygen-migrations.json"),
            "\(check.stdout)")

        // As the build plugin runs it: nothing recorded, and the note (an input of the plugin's command)
        // rewritten on every run while the migration is pending, so every build runs it and warns.
        let note = folder.appendingPathComponent("unrecorded-migration.txt").path
        let pluginRun = [
            "generate", "Schemas", "--output", output, "--no-record-migrations", "--unrecorded-migration-note", note,
        ]
        func modified() throws -> Date? {
            try FileManager.default.attributesOfItem(atPath: note)[.modificationDate] as? Date
        }
        let build = try Test_LintCommand.run(pluginRun, in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("[unrecorded-migration]"))
        #expect(try String(contentsOfFile: history, encoding: .utf8) == recorded)
        #expect(
            try String(contentsOfFile: note, encoding: .utf8).contains(
                "warning: the tables changed since migration 'entitygen-v1'"))
        let firstNote = try modified()
        #expect(try Test_LintCommand.run(pluginRun, in: folder).status == 0)
        #expect(try modified() != firstNote)

        let record = try Test_LintCommand.run(["generate", "Schemas", "--migrations-only"], in: folder)
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stdout == "record migration entitygen-v2 in Schemas/entitygen-migrations.json\n")
        #expect(!record.stderr.contains("unrecorded"))
        let updated = try String(contentsOfFile: history, encoding: .utf8)
        #expect(updated.hasPrefix(String(recorded.prefix(40))) && updated.contains("\"name\": \"entitygen-v2\""))

        // The code generated before recording is what the recorded history generates.
        let clean = try Test_LintCommand.run(["generate", "Schemas", "--output", output, "--check"], in: folder)
        #expect(clean.status == 0 && clean.stdout.isEmpty, "\(clean.stdout)\(clean.stderr)")
        // Recorded: the note is emptied once, then left alone (builds run nothing again).
        #expect(try Test_LintCommand.run(pluginRun, in: folder).stderr.isEmpty)
        #expect(try String(contentsOfFile: note, encoding: .utf8).isEmpty)
        let emptied = try modified()
        #expect(try Test_LintCommand.run(pluginRun, in: folder).status == 0)
        #expect(try modified() == emptied)

        // A change stored rows cannot follow is an error at the attribute, and nothing is recorded.
        let shop = schemas.appendingPathComponent("Shop.yaml").path
        try String(contentsOfFile: shop, encoding: .utf8).replacingOccurrences(
            of: "total: Double", with: "total: String"
        ).write(toFile: shop, atomically: true, encoding: .utf8)
        let refused = try Test_LintCommand.run(["generate", "Schemas", "--output", output], in: folder)
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains(
                "Schemas/Shop.yaml:30:7: error: since migration 'entitygen-v2', column 'order.total' changes type from double to text"
            ), "\(refused.stderr)")
        #expect(try String(contentsOfFile: history, encoding: .utf8) == updated)
    }

    @Test func schemaErrorsExitOneAndWriteNothing() throws {
        let folder = TemporaryFolder.path("entitygen-generate")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Test_LintCommand.run(["generate", Test_LintCommand.brokenFolder.path, "--output", folder.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("[unknown-key]"))
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
}

/// `entitygen check` maps payloads without compiling.
@Suite struct Test_CheckCommand {
    static let fixtures = Test_LintCommand.packageRoot.appendingPathComponent("Tests/EntityGenConsumerTests/Fixtures")

    @Test func printsTheReportAndTheMappedValue() throws {
        let run = try Test_LintCommand.run([
            "check", "Schemas", "--entity", "Person", Self.fixtures.appendingPathComponent("hydrant-person.json").path,
            "--print",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == #"{"id":42,"name":"John","height":5.9,"friends":[{"id":1,"name":"Jane","height":5.5,"friends":[]},{"id":4,"name":"Alice","friends":[]}]}"#
        )
        let kinds: [String] = lines.dropFirst().map {
            $0.components(separatedBy: ": ").prefix(2).joined(separator: ": ")
        }
        #expect(
            kinds == [
                "$.friends[1].id: skippedElement", "$.friends[2].name: skippedElement",
                "$.friends[3].height: droppedValue",
            ])
        #expect(run.stderr.contains("Person: mapped 1 object, 3 issues"))
    }

    @Test func mapErrorsAndInvalidJSONExitOne() throws {
        let notFound = try Test_LintCommand.run([
            "check", "Schemas", "--entity", "Person",
            Self.fixtures.appendingPathComponent("hydrant-not-found.json").path,
        ])
        #expect(notFound.status == 1)
        #expect(notFound.stderr.contains("$.message: the response is an error: No person was found"))
        // An error response lacks the members by design: no note makes them optional.
        #expect(!notFound.stderr.contains("note: with optional: true"), "\(notFound.stderr)")
        let folder = try TemporaryFolder.make("entitygen-check")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.json")
        try "{\"id\": 1,\n \"name\": tru}".write(to: bad, atomically: true, encoding: .utf8)
        let invalid = try Test_LintCommand.run(["check", "Schemas", "--entity", "Person", bad.path])
        #expect(invalid.status == 1)
        #expect(invalid.stderr.contains("bad.json:2:10: error:"))
        let unknown = try Test_LintCommand.run(["check", "Schemas", "--entity", "Persn", bad.path])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean 'Person'"))
    }

    @Test func mapsTopLevelArraysElementByElement() throws {
        let run = try Test_LintCommand.run([
            "check", "Schemas", "--entity", "Avatar", Self.fixtures.appendingPathComponent("remind-avatars.json").path,
            "--print",
        ])
        #expect(run.status == 0)
        #expect(
            run.stdout.hasPrefix(#"[{"id":123,"file_url":"some_url.png"},{"id":124,"file_url":"some_other_url.png"}]"#))
        #expect(run.stderr.contains("Avatar: mapped 2 objects, 0 issues"))
    }

    /// Every element that does not map is an error with its path, not only the first; past 20, the rest
    /// are counted. With `--skip-invalid` they are skipped elements and the payload checks.
    @Test func everyElementThatDoesNotMapIsAnError() throws {
        let folder = try TemporaryFolder.make("entitygen-check-errors")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "entities:\n  Item:\n    attributes:\n      id: Int64\n      name: String\n".write(
            to: folder.appendingPathComponent("Item.yaml"), atomically: true, encoding: .utf8)
        let items = (0..<22).map { $0 == 3 ? #"{"id": 3, "name": "ok"}"# : #"{"id": "\#($0)", "name": null}"# }
        try "[\(items.joined(separator: ", "))]".write(
            to: folder.appendingPathComponent("items.json"), atomically: true, encoding: .utf8)
        let run = try Test_LintCommand.run(["check", "Item.yaml", "items.json"], in: folder)
        #expect(run.status == 1)
        let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("items.json: error: ") }
        #expect(errors.count == 21, "\(run.stderr)")
        #expect(
            errors.first
                == #"items.json: error: $[0].id: expected an integer, found the string "0" (schema: Item.yaml:4:7)"#)
        #expect(errors.dropFirst(3).first?.hasPrefix("items.json: error: $[4].id: ") == true, "element 3 maps")
        #expect(errors.last == "items.json: error: and 1 more object that does not map (--skip-invalid lists each)")
        #expect(run.stderr.contains("Item: mapped 1 of 22 objects (21 do not map), 0 issues"), "\(run.stderr)")
        #expect(run.stderr.contains("note: with transformer: numberFromString, 'id' would read 21 values"))
        #expect(run.stderr.contains("note: with optional: true, 'name' would read 21 objects"))
        let skipped = try Test_LintCommand.run(["check", "Item.yaml", "items.json", "--skip-invalid"], in: folder)
        #expect(skipped.status == 0, "\(skipped.stderr)")
        #expect(skipped.stdout.split(separator: "\n").filter { $0.contains(": skippedElement: ") }.count == 21)
    }
}
