import ArgumentParser
import Foundation

/// How both executables run a command line: `entitygen` (every command) and `entitygen-tool` (what the
/// plugins run: generate, lint and check, without `infer`'s OpenAPI dependency).
///
/// Exit codes are part of the interface: 0 clean, 1 findings (or changes, for `generate --check`),
/// 2 usage or I/O error; ArgumentParser's own usage errors are mapped to 2.
package enum EntityGenMain {
    /// Parses the arguments with `Root` and runs the command, exiting with its status.
    package static func run<Root: ParsableCommand>(_ root: Root.Type) -> Never {
        do {
            var command = try Root.parseAsRoot()
            try command.run()
            exit(0)
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            let code = Root.exitCode(for: error)
            if code == .success {
                print(Root.fullMessage(for: error))
                Foundation.exit(0)
            }
            FileHandle.standardError.write(Data((Root.fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }
}

/// The tool's version, printed by `--version`.
package enum EntityGenVersion {
    /// The version.
    package static let current = "0.1.0"
}
