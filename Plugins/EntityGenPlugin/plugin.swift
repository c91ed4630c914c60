import Foundation
import PackagePlugin

/// The build-tool plugin: on every build, generates one machine file per schema file of the target into
/// the plugin's work folder. Outputs are declared from input file names alone; the tool rewrites a file
/// only when its bytes change, so a no-op build runs nothing and an edited schema recompiles only its
/// own output. Schema errors are printed in the swiftc format and fail the build at the schema's line.
@main
struct EntityGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let (schemas, config) = PluginUtilities.inputs(of: target)
        guard !schemas.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Generated")
        // A build must not write into the package: migrations are generated but recorded by
        // `entitygen generate` or the generate-entities command.
        // An input the tool rewrites on every run while a migration is pending (and leaves alone
        // otherwise): the changed input runs the command again on the next build, which repeats the
        // unrecorded-migration warning on builds that would otherwise run nothing.
        let note = context.pluginWorkDirectoryURL.appendingPathComponent("unrecorded-migration.txt")
        if !FileManager.default.fileExists(atPath: note.path) {
            _ = FileManager.default.createFile(atPath: note.path, contents: Data())
        }
        var arguments =
            ["generate"] + schemas.map(\.path) + [
                "--output", output.path, "--relative-to", context.package.directoryURL.path, "--no-record-migrations",
                "--unrecorded-migration-note", note.path,
            ]
        var inputs = schemas + [note]
        if let config, let persistence = PluginUtilities.persistenceOutput(inConfig: config),
            let module = persistence.modules.first(where: { !PluginUtilities.dependsOn($0, target) })
        {
            // Otherwise the build fails later with "no such module" inside a generated file.
            let extra = module == "EntityGenPersistence" ? " (and GRDB for its own queries)" : ""
            Diagnostics.error(
                "\(config.path):\(persistence.line): outputs include 'persistence', so target '\(target.name)' needs the '\(module)' product\(extra): add .product(name: \"\(module)\", package: \"EntityGen\") to its dependencies, or remove 'persistence' from outputs",
                file: config.path, line: persistence.line)
            return []
        }
        if let config {
            arguments += ["--config", config.path]
            inputs.append(config)
            // The recorded migrations, when the project has them: editing them regenerates the database file.
            for name in PluginUtilities.migrationHistoryFileNames {
                let history = config.deletingLastPathComponent().appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: history.path) { inputs.append(history) }
            }
        }
        return [
            .buildCommand(
                displayName: "Generating entities for \(target.name)",
                executable: try context.tool(named: "entitygen-tool").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: schemas.map {
                    output.appendingPathComponent(PluginUtilities.machineFileName(forSchema: $0))
                }
                    + [output.appendingPathComponent(PluginUtilities.databaseFileName)]
            )
        ]
    }
}
