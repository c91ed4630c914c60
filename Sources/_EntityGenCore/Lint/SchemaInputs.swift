import Foundation

/// The input files of a run: schema files and at most one project config, found from the paths the
/// user named (files, or folders searched recursively for `.yaml` / `.yml`).
public struct SchemaInputs: Hashable, Sendable {
    /// File names recognized as the project config.
    public static let configFileNames: Set<String> = ["entitygen-config.yaml", "entitygen-config.yml"]

    /// Other tools' YAML inputs that live in a target beside the schemas and are no schemas:
    /// swift-openapi-generator's document and config. Folder searches and the plugins leave them out; a
    /// file named explicitly is read (an OpenAPI document is then told to go through `entitygen infer`).
    public static let neighbourFileNames: Set<String> = [
        "openapi.yaml", "openapi.yml", "openapi-generator-config.yaml", "openapi-generator-config.yml",
    ]

    /// Schema file paths, sorted.
    public var schemaPaths: [String]
    /// The config file path, if any.
    public var configPath: String?

    /// Creates inputs from known paths.
    public init(schemaPaths: [String], configPath: String?) {
        self.schemaPaths = schemaPaths
        self.configPath = configPath
    }

    /// Finds inputs. Folders are searched recursively, skipping hidden folders, `.build` and other tools'
    /// files (``neighbourFileNames``); files named explicitly are used whatever their extension. An explicit
    /// `configPath` wins over a config file found in the folders.
    /// - Throws: ``InputError`` for a missing path, or several config files without an explicit one.
    public static func discover(
        paths: [String], configPath explicitConfig: String? = nil
    ) throws(InputError) -> SchemaInputs {
        let fileManager = FileManager.default
        var schemas: Set<String> = []
        var configs: Set<String> = []
        // One file named two ways (`a.yaml` and `./a.yaml`, a folder and a file in it) is one input: the
        // first spelling is kept.
        var seen: Set<String> = []
        func isNew(_ path: String) -> Bool {
            seen.insert(URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path).inserted
        }
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError(path: path, message: "no such file or folder")
            }
            if !isDirectory.boolValue {
                guard isNew(path) else { continue }
                if configFileNames.contains((path as NSString).lastPathComponent) {
                    configs.insert(path)
                } else {
                    schemas.insert(path)
                }
                continue
            }
            // Foundation's enumerator skips a folder it cannot read without a word: check each first.
            try Self.checkReadableFolder(path)
            guard let enumerator = fileManager.enumerator(atPath: path) else {
                throw InputError(path: path, message: "cannot read folder")
            }
            while let relative = enumerator.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                let full = (path as NSString).appendingPathComponent(relative)
                var isFolder: ObjCBool = false
                _ = fileManager.fileExists(atPath: full, isDirectory: &isFolder)
                if isFolder.boolValue {
                    if name.hasPrefix(".") {
                        enumerator.skipDescendants()
                    } else {
                        try Self.checkReadableFolder(full)
                    }
                    continue
                }
                let pathExtension = (name as NSString).pathExtension
                guard pathExtension == "yaml" || pathExtension == "yml", !name.hasPrefix("."),
                    !neighbourFileNames.contains(name), isNew(full)
                else {
                    continue
                }
                if configFileNames.contains(name) { configs.insert(full) } else { schemas.insert(full) }
            }
        }
        if let explicitConfig {
            guard fileManager.fileExists(atPath: explicitConfig) else {
                throw InputError(path: explicitConfig, message: "config file does not exist")
            }
            return SchemaInputs(schemaPaths: schemas.sorted(), configPath: explicitConfig)
        }
        guard configs.count <= 1 else {
            throw InputError(
                path: configs.sorted()[0],
                message:
                    "found several config files (\(configs.sorted().joined(separator: ", "))); name one with --config")
        }
        return SchemaInputs(schemaPaths: schemas.sorted(), configPath: configs.first)
    }

    /// Throws when the folder cannot be listed (permissions), with the system's reason: opening it, and
    /// reading its first entries, can succeed where reading the rest fails.
    private static func checkReadableFolder(_ path: String) throws(InputError) {
        guard let folder = opendir(path) else {
            throw InputError(path: path, message: "cannot read folder: \(String(cString: strerror(errno)))")
        }
        errno = 0
        while readdir(folder) != nil {}
        let failure = errno
        closedir(folder)
        if failure != 0 {
            throw InputError(path: path, message: "cannot read folder: \(String(cString: strerror(failure)))")
        }
    }
}
