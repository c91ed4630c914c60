import _EntityGenCore
import ArgumentParser
import Foundation

/// `entitygen generate`: schema files in, machine files (and human files once) out.
package struct GenerateCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate Swift models and mappers from entity schemas.",
        discussion: """
            Writes one machine file per schema file into --output (rewritten only when its bytes change; \
            machine files of deleted schemas are removed) and, with --human-output, one human file per \
            entity that does not exist yet. With persistence on, a change to the tables is recorded as the next \
            migration in entitygen-migrations.json beside the config. Exit status: 0 done, 1 schema errors (or \
            changes, with --check), 2 usage or I/O error.
            """
    )

    @Argument(help: "Schema files or folders.")
    var paths: [String] = []

    @Option(help: "Folder for machine files (required unless --migrations-only).")
    var output: String?

    @Option(help: "Folder for human files (created once, never overwritten). Default: none.")
    var humanOutput: String?

    @Option(help: "The project config file (default: an entitygen-config.yaml found among the paths).")
    var config: String?

    @Option(help: "Folder that schema paths in generated files are relative to (default: the current folder).")
    var relativeTo: String?

    @Flag(help: "Write nothing; exit 1 and list the files that would change (for CI).")
    var check = false

    @Flag(help: "Write nothing; list what would be written.")
    var dryRun = false

    @Flag(
        inversion: .prefixedNo,
        help:
            "Record a change to the tables as the next migration in entitygen-migrations.json (the build plugin turns this off: it cannot write into the package)."
    )
    var recordMigrations = true

    @Flag(
        help: "Only record the next migration; write no Swift files (for projects that generate with the build plugin)."
    )
    var migrationsOnly = false

    @Option(
        help: ArgumentHelp(
            "(For the build plugin, which declares the file as an input.) While a migration is pending and unrecorded, rewrite this file with its warning on every run, so the next build runs again and repeats it; empty it otherwise.",
            valueName: "file"))
    var unrecordedMigrationNote: String?

    package func validate() throws {
        if output == nil && !migrationsOnly { throw ValidationError("Missing expected argument '--output <output>'") }
        try OutputFolderOption.validate(
            output, option: "--output", contents: "machine files (named after their entities)",
            fileExtensions: ["swift"]
        )
        try OutputFolderOption.validate(
            humanOutput, option: "--human-output", contents: "human files (named after their entities)",
            fileExtensions: ["swift"])
        if unrecordedMigrationNote == "" {
            throw ValidationError("--unrecorded-migration-note names no file (an empty path)")
        }
        if migrationsOnly && !recordMigrations {
            throw ValidationError(
                "--migrations-only records migrations; it cannot be combined with --no-record-migrations")
        }
    }

    /// Creates the command (ArgumentParser fills the options).
    package init() {}

    package func run() throws {
        let inputs = try SchemaInputs.forCommand(paths: paths, config: config)
        let result = GeneratorPipeline.validate(inputs: inputs)
        let records = recordMigrations && !(check || dryRun)
        // A run that records the pending migration does not warn that it is unrecorded.
        let diagnostics = result.diagnostics.filter { !(records && $0.ruleID == Rules.unrecordedMigration.id) }
        FileHandle.standardError.write(Data(DiagnosticReporter.text.render(diagnostics).utf8))
        if let note = unrecordedMigrationNote, !(check || dryRun) {
            try writeNote(diagnostics.filter { $0.ruleID == Rules.unrecordedMigration.id }, to: note)
        }
        guard result.schema != nil else { throw ExitCode(1) }

        let names = inputs.schemaPaths.map(GeneratedFile.machineFileName(forSchema:))
        if let clash = Dictionary(grouping: zip(names, inputs.schemaPaths), by: \.0).first(where: { $0.value.count > 1 }
        ) {
            printError(
                "error: \(clash.value.map(\.1).joined(separator: " and ")) would both generate \(clash.key); rename one"
            )
            throw ExitCode(1)
        }

        let root = URL(fileURLWithPath: relativeTo ?? FileManager.default.currentDirectoryPath).standardizedFileURL.path
        @Sendable func relative(_ path: String) -> String {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            return absolute.hasPrefix(root + "/") ? String(absolute.dropFirst(root.count + 1)) : path
        }
        // Computed once per schema file: each is shown in many locations, and a file URL costs a getcwd
        // and a stat (16,000 of each for 1,000 schemas).
        let shownPaths = Dictionary(
            inputs.schemaPaths.map { ($0, relative($0)) }, uniquingKeysWith: { first, _ in first })
        guard let generator = result.sourceGenerator(displayPath: { path in shownPaths[path] ?? relative(path) }) else {
            throw ExitCode(1)
        }
        let verb = check || dryRun ? "would " : ""
        let cwd = FileManager.default.currentDirectoryPath + "/"
        func shown(_ path: String) -> String { path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path }
        // The history first: machine files generated below include the migration it records.
        var recordsMigration = false
        for migrations in result.migrations where recordMigrations {
            guard let history = migrations.updatedHistory, let path = migrations.historyPath else { continue }
            recordsMigration = true
            if records {
                do {
                    // Not regenerable (it is the record), so written with Foundation's synced atomic write,
                    // through a symbolic link rather than over it.
                    try Data(history.encoded().utf8).write(
                        to: URL(fileURLWithPath: path).resolvingSymlinksInPath(), options: .atomic)
                } catch {
                    printError("error: cannot record the migration in \(path): \(error.localizedDescription)")
                    throw ExitCode(2)
                }
            }
            print("\(verb)record migration \(history.migrations.last?.name ?? "") in \(shown(path))")
        }
        guard let output, !migrationsOnly else {
            if check, recordsMigration { throw ExitCode(1) }
            return
        }

        let writer = OutputWriter(
            machineFolder: URL(fileURLWithPath: output), humanFolder: humanOutput.map { URL(fileURLWithPath: $0) })
        let plan: OutputWriter.Plan
        do {
            plan = try writer.write(
                machine: generator.machineFiles(), human: generator.humanFiles(), apply: !(check || dryRun))
        } catch {
            printError("error: cannot write output: \(error.localizedDescription)")
            throw ExitCode(2)
        }
        for path in plan.created { print("\(verb)create \(shown(path))") }
        for path in plan.updated { print("\(verb)update \(shown(path))") }
        for path in plan.removed { print("\(verb)remove \(shown(path))") }
        for path in plan.humanCreated { print("\(verb)create \(shown(path)) (human file)") }
        for path in plan.orphanedHuman {
            printError("warning: \(shown(path)) belongs to an entity that no longer exists; it was kept")
        }
        if check, plan.changesFiles || recordsMigration { throw ExitCode(1) }
    }

    /// Rewrites `path` with the pending migration's warning (a new modification date on every run), or
    /// empties it when there is none (once: an empty file is left alone).
    private func writeNote(_ pending: [Diagnostic], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        do {
            if !pending.isEmpty {
                try Data(DiagnosticReporter.text.render(pending).utf8).write(to: url, options: .atomic)
            } else if (try? Data(contentsOf: url))?.isEmpty != true {
                try Data().write(to: url, options: .atomic)
            }
        } catch {
            printError("error: cannot write the unrecorded-migration note \(path): \(error.localizedDescription)")
            throw ExitCode(2)
        }
    }
}
