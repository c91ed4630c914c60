import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-entities [--target NAME...] [--migrations-only]`:
/// writes machine files into `<target>/Generated/` and human files (once) into the target's folder, for
/// users who commit generated code, and records a change to the tables as the next migration in
/// `entitygen-migrations.json`. With `--migrations-only` it only records the migration (for projects that
/// generate with the build plugin). Targets without schema files are skipped.
@main
struct GenerateEntitiesCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = Set(extractor.extractOption(named: "target"))
        let migrationsOnly = extractor.extractFlag(named: "migrations-only") > 0
        let tool = try context.tool(named: "entitygen")
        for case let target as SourceModuleTarget in context.package.targets
        where names.isEmpty || names.contains(target.name) {
            let (schemas, config) = PluginUtilities.inputs(of: target)
            guard !schemas.isEmpty else { continue }
            var toolArguments =
                ["generate"] + schemas.map(\.path) + ["--relative-to", context.package.directoryURL.path]
            if migrationsOnly {
                toolArguments.append("--migrations-only")
            } else {
                toolArguments += [
                    "--output", target.directoryURL.appendingPathComponent("Generated").path,
                    "--human-output", target.directoryURL.path,
                ]
            }
            if let config { toolArguments += ["--config", config.path] }
            let process = Process()
            process.executableURL = tool.url
            process.arguments = toolArguments + extractor.remainingArguments
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 {
                Diagnostics.error("entitygen generate failed for \(target.name) (status \(process.terminationStatus))")
                return
            }
        }
    }
}
