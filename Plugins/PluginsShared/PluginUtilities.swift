import Foundation
import PackagePlugin

/// Shared by both plugins (symlinked into each: plugins cannot import library targets).
enum PluginUtilities {
    /// File names recognized as the project config.
    static let configFileNames: Set<String> = ["entitygen-config.yaml", "entitygen-config.yml"]

    /// The schema files and the config among a target's files.
    static func inputs(of target: SourceModuleTarget) -> (schemas: [URL], config: URL?) {
        var schemas: [URL] = []
        var config: URL?
        for file in target.sourceFiles {
            let url = file.url
            guard ["yaml", "yml"].contains(url.pathExtension) else { continue }
            if configFileNames.contains(url.lastPathComponent) { config = url } else { schemas.append(url) }
        }
        return (schemas.sorted { $0.path < $1.path }, config)
    }

    /// The recorded migrations beside the config; must agree with `MigrationHistory.fileName`.
    static let migrationHistoryFileName = "entitygen-migrations.json"

    /// The project-wide persistence file, generated whatever the schemas; must agree with
    /// `GeneratedFile.databaseFileName`.
    static let databaseFileName = "EntityGenDatabase.generated.swift"

    /// The machine file a schema file generates; must agree with `GeneratedFile.machineFileName`.
    static func machineFileName(forSchema url: URL) -> String {
        url.deletingPathExtension().lastPathComponent + ".generated.swift"
    }
}
