import _EntityGenCore
import ArgumentParser
import Foundation

/// `entitygen lint [paths...]`: checks schema files and prints `path:line:column: severity: message [rule]`.
package struct LintCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check entity schema files.",
        discussion: """
            Paths are schema files or folders (searched recursively for .yaml and .yml files). A file \
            named entitygen-config.yaml among them is the project config. Exit status: 0 clean \
            (warnings allowed unless --strict), 1 findings, 2 usage or I/O error.
            """
    )

    @Argument(help: "Schema files or folders to check. Default: the current folder.")
    var paths: [String] = []

    @Option(help: "The project config file (default: an entitygen-config.yaml found among the paths).")
    var config: String?

    @Option(help: "Output format: text (the swiftc format) or json.")
    var format: OutputFormat = .text

    @Flag(help: "Fail (exit 1) on warnings too.")
    var strict = false

    @Flag(help: "List the lint rules with their ids and exit.")
    var listRules = false

    package enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    /// Creates the command (ArgumentParser fills the options).
    package init() {}

    package func run() throws {
        if listRules {
            for rule in Rules.all {
                print("\(rule.id) (\(rule.severity.rawValue)): \(rule.summary)")
            }
            return
        }
        let inputs = try SchemaInputs.forCommand(paths: paths, config: config)
        let result = GeneratorPipeline.validate(inputs: inputs, for: .lint)
        let reporter: DiagnosticReporter = format == .json ? .json : .text
        print(reporter.render(result.diagnostics), terminator: "")
        let errors = result.diagnostics.filter { $0.severity == .error }.count
        let warnings = result.diagnostics.count - errors
        let files = inputs.schemaPaths.count + (inputs.configPath == nil ? 0 : 1)
        if format == .text {
            printError(
                "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s")"
            )
        }
        if errors > 0 || (strict && warnings > 0) {
            throw ExitCode(1)
        }
    }
}

/// Writes a line to standard error.
package func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
