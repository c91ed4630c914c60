import Foundation
import PackagePlugin

/// The build-tool plugin: on every build, generates one machine file per schema file of the target into
/// the plugin's work folder. Outputs are declared from input file names alone; the tool rewrites a file
/// only when its bytes change, so a no-op build runs nothing and an edited schema recompiles only its
/// own output. Schema errors are printed in the swiftc format and fail the build at the schema's line.
///
/// One function serves SwiftPM targets and, where Xcode's `XcodeProjectPlugin` exists, Xcode project
/// targets, as swift-openapi-generator's plugin is written.
@main
struct EntityGenPlugin {
    /// The command for a target's `files`; `dependsOn` says whether the target depends on a module
    /// (`nil` where the host does not say: Xcode targets).
    func createBuildCommands(
        workDirectory: URL, tool: (String) throws -> URL, files: [URL], packageDirectory: URL, targetName: String,
        dependsOn: ((String) -> Bool)?
    ) throws -> [Command] {
        let (schemas, config) = PluginUtilities.inputs(among: files)
        guard !schemas.isEmpty else { return [] }
        let output = workDirectory.appendingPathComponent("Generated")
        // A build must not write into the package: migrations are generated but recorded by
        // `entitygen generate` or the generate-entities command.
        // An input the tool rewrites on every run while a migration is pending (and leaves alone
        // otherwise): the changed input runs the command again on the next build, which repeats the
        // unrecorded-migration warning on builds that would otherwise run nothing.
        let note = workDirectory.appendingPathComponent("unrecorded-migration.txt")
        if !FileManager.default.fileExists(atPath: note.path) {
            _ = FileManager.default.createFile(atPath: note.path, contents: Data())
        }
        var arguments =
            ["generate"] + schemas.map(\.path) + [
                "--output", output.path, "--relative-to", packageDirectory.path, "--no-record-migrations",
                "--unrecorded-migration-note", note.path,
            ]
        var inputs = schemas + [note]
        if let config, let persistence = PluginUtilities.persistenceOutput(inConfig: config),
            let dependsOn, let module = persistence.modules.first(where: { !dependsOn($0) })
        {
            // Otherwise the build fails later with "no such module" inside a generated file.
            let extra = module == "EntityGenPersistence" ? " (and GRDB for its own queries)" : ""
            Diagnostics.error(
                "\(config.path):\(persistence.line): outputs include 'persistence', so target '\(targetName)' needs the '\(module)' product\(extra): add .product(name: \"\(module)\", package: \"EntityGen\") to its dependencies, or remove 'persistence' from outputs",
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
                displayName: "Generating entities for \(targetName)",
                executable: try tool("entitygen-tool"),
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

extension EntityGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try createBuildCommands(
            workDirectory: context.pluginWorkDirectoryURL, tool: { try context.tool(named: $0).url },
            files: target.sourceFiles.map(\.url), packageDirectory: context.package.directoryURL,
            targetName: target.name, dependsOn: { PluginUtilities.dependsOn($0, target) })
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    // Not built on Linux (no XcodeProjectPlugin there): written to swift-openapi-generator's pattern.
    extension EntityGenPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            try createBuildCommands(
                workDirectory: context.pluginWorkDirectoryURL, tool: { try context.tool(named: $0).url },
                files: target.inputFiles.map(\.url), packageDirectory: context.xcodeProject.directoryURL,
                targetName: target.displayName, dependsOn: nil)
        }
    }
#endif
