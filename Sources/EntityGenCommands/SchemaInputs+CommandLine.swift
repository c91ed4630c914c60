import _EntityGenCore
import ArgumentParser

extension SchemaInputs {
    /// The inputs of a command: exit 2 with the reason when a path is missing or no schema is found.
    package static func forCommand(paths: [String], config: String?) throws -> SchemaInputs {
        let inputs: SchemaInputs
        do {
            inputs = try SchemaInputs.discover(paths: paths.isEmpty ? ["."] : paths, configPath: config)
        } catch {
            printError(error.description)
            throw ExitCode(2)
        }
        guard !inputs.schemaPaths.isEmpty else {
            printError(
                "error: no schema files (.yaml, .yml) found in \(paths.isEmpty ? "." : paths.joined(separator: ", "))")
            throw ExitCode(2)
        }
        return inputs
    }
}
