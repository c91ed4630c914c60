import Foundation
import PackagePlugin

/// Shared by both plugins (symlinked into each: plugins cannot import library targets).
enum PluginUtilities {
    /// File names recognized as the project config.
    static let configFileNames: Set<String> = ["entitygen-config.yaml", "entitygen-config.yml"]

    /// Other tools' YAML inputs in the same target, which are no schemas (swift-openapi-generator's
    /// document and config); held to `SchemaInputs.neighbourFileNames` by Test_PluginBackendList.
    static let neighbourFileNames: Set<String> = [
        "openapi.yaml", "openapi.yml", "openapi-generator-config.yaml", "openapi-generator-config.yml",
    ]

    /// The schema files and the config among a target's files.
    static func inputs(of target: SourceModuleTarget) -> (schemas: [URL], config: URL?) {
        inputs(among: target.sourceFiles.map(\.url))
    }

    /// The schema files and the config among `files` (a target's, or an Xcode target's input files).
    static func inputs(among files: [URL]) -> (schemas: [URL], config: URL?) {
        var schemas: [URL] = []
        var config: URL?
        for url in files {
            guard ["yaml", "yml"].contains(url.pathExtension), !neighbourFileNames.contains(url.lastPathComponent)
            else { continue }
            if configFileNames.contains(url.lastPathComponent) { config = url } else { schemas.append(url) }
        }
        return (schemas.sorted { $0.path < $1.path }, config)
    }

    /// The recorded migrations beside the config, one file per backend, in `StorageBackendKind`'s order
    /// (held to its `historyFileName` by Test_PluginBackendList: a plugin cannot link the engine).
    static let migrationHistoryFileNames = ["entitygen-migrations.json", "entitygen-migrations.postgres.json"]

    /// The project-wide persistence file, generated whatever the schemas; must agree with
    /// `GeneratedFile.databaseFileName`.
    static let databaseFileName = "EntityGenDatabase.generated.swift"

    /// The machine file a schema file generates; must agree with `GeneratedFile.machineFileName`.
    static func machineFileName(forSchema url: URL) -> String {
        url.deletingPathExtension().lastPathComponent + ".generated.swift"
    }
}

extension PluginUtilities {
    /// The module generated persistence code imports for each storage backend; a target whose config
    /// asks for `persistence` output must depend on the modules of its backends (default `sqlite`). Held to
    /// `StorageBackendKind.runtimeModule` by Test_PluginBackendList.
    static let persistenceModules = ["sqlite": "EntityGenPersistence", "postgres": "EntityGenPostgres"]

    /// The 1-based line of the config's `outputs:` key when its list names `persistence` (flow
    /// `[models, persistence]` or block `- persistence` style), and the runtime modules of the
    /// `backends:` it names; `nil` without persistence. A plain text scan: plugins cannot link the YAML
    /// parser, and the tool reports anything malformed itself.
    static func persistenceOutput(inConfig url: URL) -> (line: Int, modules: [String])? {
        guard let text = smallTextFile(url) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        }
        guard let outputs = words(of: "outputs", in: lines), outputs.words.contains("persistence") else { return nil }
        let backends = words(of: "backends", in: lines)?.words ?? ["sqlite"]
        return (outputs.line, backends.compactMap { persistenceModules[$0] })
    }

    /// A regular file's text when it is at most a megabyte: a config that is a link to a device
    /// (`/dev/zero`) or a FIFO is left to the tool, which reports it, instead of being read forever.
    static func smallTextFile(_ url: URL) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? NSNumber, size.intValue <= 1 << 20
        else { return nil }
        return try? String(contentsOf: url, encoding: .utf8)
    }

    /// The words of a top-level key's value (one word, a flow list or a block list) and its 1-based line.
    private static func words(of key: String, in lines: [String]) -> (line: Int, words: [String])? {
        guard let index = lines.firstIndex(where: { $0.hasPrefix(key + ":") }) else { return nil }
        var values = String(lines[index].dropFirst(key.count + 1))
        for line in lines[(index + 1)...] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix(" ") || line.hasPrefix("-") || trimmed.isEmpty else { break }
            values += " " + trimmed
        }
        return (index + 1, values.split(whereSeparator: { " ,[]-\t\"'".contains($0) }).map(String.init))
    }

    /// Whether a target depends, directly or through other targets and products, on a module.
    static func dependsOn(_ module: String, _ target: SourceModuleTarget) -> Bool {
        target.recursiveTargetDependencies.contains { $0.name == module }
    }
}
