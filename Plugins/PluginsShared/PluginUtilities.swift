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

extension PluginUtilities {
    /// The module generated persistence code imports; a target whose config asks for `persistence`
    /// output must depend on it.
    static let persistenceModule = "EntityGenPersistence"

    /// The 1-based line of the config's `outputs:` key when its list names `persistence` (flow
    /// `[models, persistence]` or block `- persistence` style); `nil` otherwise. A plain text scan:
    /// plugins cannot link the YAML parser, and the tool reports anything malformed itself.
    static func persistenceOutputLine(inConfig url: URL) -> Int? {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        }
        guard let index = lines.firstIndex(where: { $0.hasPrefix("outputs:") }) else { return nil }
        var values = String(lines[index].dropFirst("outputs:".count))
        for line in lines[(index + 1)...] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix(" ") || line.hasPrefix("-") || trimmed.isEmpty else { break }
            values += " " + trimmed
        }
        let words = values.split(whereSeparator: { " ,[]-\t\"'".contains($0) })
        return words.contains("persistence") ? index + 1 : nil
    }

    /// Whether a target depends, directly or through other targets and products, on a module.
    static func dependsOn(_ module: String, _ target: SourceModuleTarget) -> Bool {
        target.recursiveTargetDependencies.contains { $0.name == module }
    }
}
