import ArgumentParser
import EntityGenCommands

/// `entitygen`: the command-line front end of the engine (`infer`, `generate`, `lint`, `check`).
@main
struct EntityGenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "entitygen",
        abstract: "Generates Swift models, JSON mappers and persistence glue from YAML entity schemas.",
        version: EntityGenVersion.current,
        subcommands: [
            GenerateCommand.self, LintCommand.self, CheckCommand.self, InferCommand.self, MigrationsCommand.self,
        ]
    )

    static func main() {
        EntityGenMain.run(Self.self)
    }
}
