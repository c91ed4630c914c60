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
        let names = extractor.extractOption(named: "target")
        let migrationsOnly = extractor.extractFlag(named: "migrations-only") > 0
        let targets = try Self.selectedTargets(context.package, names: names)
        let tool = try context.tool(named: "entitygen-tool")
        var generated = 0
        for target in targets {
            let (schemas, config) = PluginUtilities.inputs(of: target)
            guard !schemas.isEmpty else {
                // Skipped quietly only when the target was not asked for by name.
                if names.contains(target.name) {
                    throw CommandError(
                        "target '\(target.name)' has no schema files: add .yaml schemas to \(target.directoryURL.path) (they must not be excluded from the target)"
                    )
                }
                continue
            }
            if !migrationsOnly, Self.usesBuildPlugin(target, manifest: context.package.directoryURL) {
                throw CommandError(
                    "target '\(target.name)' already generates its entities with the EntityGenPlugin build plugin; writing them into \(target.name)/Generated too would declare every type twice (\"multiple producers\"). Run with --migrations-only to record migrations, or remove the build plugin from the target to commit generated code"
                )
            }
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
                throw CommandError("entitygen generate failed for \(target.name) (status \(process.terminationStatus))")
            }
            generated += 1
        }
        if generated == 0 {
            throw CommandError(
                "no target of package '\(context.package.displayName)' has schema files (.yaml sources other than entitygen-config.yaml)"
            )
        }
    }

    /// The source targets named with `--target` (all of them when none is); an unknown name is an error
    /// listing the package's targets.
    static func selectedTargets(_ package: Package, names: [String]) throws -> [SourceModuleTarget] {
        let all = package.targets.compactMap { $0 as? SourceModuleTarget }
        if names.isEmpty { return all }
        let known = Set(all.map(\.name))
        if let unknown = names.first(where: { !known.contains($0) }) {
            throw CommandError(
                "no source target named '\(unknown)' in package '\(package.displayName)' (targets: \(all.map(\.name).sorted().joined(separator: ", ")))"
            )
        }
        return all.filter { names.contains($0.name) }
    }

    /// Whether the target's declaration in `Package.swift` names the build plugin. The plugin API does
    /// not tell a command plugin which build plugins a target uses (`pluginGeneratedSources` is empty
    /// here), so the manifest's text is read: from `.target(name: "<name>"` (or another target kind) to
    /// the next target declaration.
    static func usesBuildPlugin(_ target: SourceModuleTarget, manifest directory: URL) -> Bool {
        let url = directory.appendingPathComponent("Package.swift")
        guard let text = PluginUtilities.smallTextFile(url) else { return false }
        let kinds = ["target", "executableTarget", "testTarget", "macro", "plugin", "binaryTarget", "systemLibrary"]
        let openers = kinds.map { "." + $0 + "(" }
        var rest = Substring(text)
        while let opener = openers.compactMap({ rest.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) {
            rest = rest[opener.upperBound...]
            let head = rest.drop { $0.isWhitespace }
            guard head.hasPrefix("name:") else { continue }
            let name = head.dropFirst("name:".count).drop { $0.isWhitespace }
            guard name.hasPrefix("\"" + target.name + "\"") else { continue }
            let end =
                openers.compactMap { rest.range(of: $0) }.filter {
                    // `.plugin(name: "EntityGenPlugin", ...)` inside the target's own `plugins:` list is not
                    // the next declaration.
                    !rest[$0.upperBound...].drop { $0.isWhitespace }.hasPrefix("name: \"EntityGenPlugin\"")
                }.map(\.lowerBound).min() ?? rest.endIndex
            return rest[..<end].contains("\"EntityGenPlugin\"")
        }
        return false
    }
}

/// A command failure with its message (the command exits non-zero and prints it).
struct CommandError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
