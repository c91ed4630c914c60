import ArgumentParser
import EntityGenCommands

/// `entitygen-tool`: what the build and command plugins run (`generate`, and `lint` and `check`), the
/// CLI without `infer`, so that a build using the plugin never compiles `infer`'s OpenAPI dependency.
@main
struct EntityGenToolCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "entitygen",
        abstract: "Generates Swift models, JSON mappers and persistence glue from YAML entity schemas.",
        version: EntityGenVersion.current,
        subcommands: [GenerateCommand.self, LintCommand.self, CheckCommand.self]
    )

    static func main() {
        EntityGenMain.run(Self.self)
    }
}
