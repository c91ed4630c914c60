import ArgumentParser
import Foundation

/// `entitygen`: the command-line front end of the engine.
///
/// Exit codes are part of the interface: 0 clean, 1 findings (or changes, for `generate --check`),
/// 2 usage or I/O error. ArgumentParser's own usage errors are mapped to 2 in ``main()``.
@main
struct EntityGenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "entitygen",
        abstract: "Generates Swift models, JSON mappers and persistence glue from YAML entity schemas.",
        version: EntityGenVersion.current,
        subcommands: [GenerateCommand.self, LintCommand.self, CheckCommand.self, InferCommand.self]
    )

    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }
}

/// The tool's version, printed by `--version`.
enum EntityGenVersion {
    static let current = "0.1.0"
}
