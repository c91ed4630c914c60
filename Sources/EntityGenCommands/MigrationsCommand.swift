import _EntityGenCore
import ArgumentParser
import Foundation

/// `entitygen migrations`: work on the recorded migration history itself.
package struct MigrationsCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "migrations",
        abstract: "Work on the recorded migration history (entitygen-migrations*.json beside the config).",
        subcommands: [SquashCommand.self]
    )

    /// Creates the command (ArgumentParser fills the options).
    package init() {}
}

/// `entitygen migrations squash --from <name>`: folds unreleased development migrations into one.
package struct SquashCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "squash",
        abstract: "Fold the recorded migrations from --from through the last into one migration named --from.",
        discussion: """
            For the migrations of a release in development that no shipped build ran: they become the single \
            step from the schema before --from to the last recorded one (renames chained through them become \
            one rename; discards of stored values are kept). Earlier migrations do not change. A database \
            that ran a folded migration refuses to open with the new code (its migrations differ): squash \
            only what no user's database ran, and delete development databases (or open them with GRDB's \
            eraseDatabaseOnSchemaChange). Each backend's history is squashed (--backend chooses); nothing is \
            written unless every one folds and the project still generates from the new histories. Exit \
            status: 0 done, 1 cannot fold, 2 usage or I/O error.
            """
    )

    @Argument(help: "Schema files or folders (the config among them records where the histories are).")
    var paths: [String] = []

    @Option(help: "The project config file (default: an entitygen-config.yaml found among the paths).")
    var config: String?

    @Option(help: "The first migration to fold; the folded migration keeps its name (e.g. entitygen-v4).")
    var from: String

    @Option(
        help: ArgumentHelp(
            "Only this backend's history (\(StorageBackendKind.allCases.map(\.rawValue).joined(separator: ", "))). Default: every recorded one.",
            valueName: "backend"))
    var backend: [String] = []

    @Flag(help: "Write nothing; say what would be folded.")
    var dryRun = false

    /// Creates the command (ArgumentParser fills the options).
    package init() {}

    package func validate() throws {
        if from.isEmpty { throw ValidationError("--from names no migration (an empty name)") }
        for name in backend where StorageBackendKind(rawValue: name) == nil {
            throw ValidationError(
                "--backend '\(name)' is not a backend (\(StorageBackendKind.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
    }

    package func run() throws {
        let inputs = try SchemaInputs.forCommand(paths: paths, config: config)
        let outcomes: [MigrationSquash.Outcome]
        do {
            outcomes = try MigrationSquash.run(
                inputs: inputs, from: from,
                backends: backend.isEmpty ? nil : backend.compactMap(StorageBackendKind.init))
        } catch {
            printError("error: \(error.message)")
            throw ExitCode(1)
        }
        let verb = dryRun ? "would fold" : "folded"
        for outcome in outcomes {
            if !dryRun {
                do {
                    // The record, not regenerable: Foundation's synced atomic write, through a symbolic link.
                    try Data(outcome.history.encoded().utf8).write(
                        to: URL(fileURLWithPath: outcome.path).resolvingSymlinksInPath(), options: .atomic)
                } catch {
                    printError("error: cannot write \(outcome.path): \(error.localizedDescription)")
                    throw ExitCode(2)
                }
            }
            print("\(verb) \(MigrationHistory.range(outcome.folded)) into '\(from)' in \(outcome.path)")
        }
        if !dryRun {
            printError(
                "note: a database that ran any folded migration now refuses to open; delete development databases")
        }
    }
}
