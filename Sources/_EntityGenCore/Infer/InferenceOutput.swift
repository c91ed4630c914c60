import Foundation

/// Writes what `entitygen infer` decided into a folder: the schema file, and a project config turning
/// persistence on when the folder has none. An inferred schema becomes the user's own file, so an
/// existing one is replaced only when asked (`--force`), and a file is written only when its bytes change.
public enum InferenceOutput {
    /// The config written beside a new schema when the folder has none.
    public static let configText = """
        # Written by `entitygen infer`: models, JSON mappers and persistence (SQLite through GRDB).
        outputs: [models, mappers, persistence]

        """

    /// Writes the files; returns each path with what happened to it (`wrote`, `unchanged`, `kept`).
    public static func write(
        _ schema: InferredSchema, to folder: String, replacing: Bool, writesConfig: Bool
    ) throws -> [(path: String, outcome: String)] {
        try FileSystem.createFolder(folder)
        var outcomes: [(String, String)] = []
        let schemaPath = (folder as NSString).appendingPathComponent(schema.fileName)
        let bytes = Array(InferredSchemaPrinter.yaml(schema).utf8)
        if let existing = FileSystem.contents(of: schemaPath) {
            if existing == bytes {
                outcomes.append((schemaPath, "unchanged"))
            } else if replacing {
                try FileSystem.replace(schemaPath, with: bytes)
                outcomes.append((schemaPath, "replaced"))
            } else {
                throw InferenceOutputError(
                    "\(schemaPath) exists and differs: infer does not overwrite a schema that may hold your edits (give --force to replace it, or --output another folder)"
                )
            }
        } else {
            try FileSystem.replace(schemaPath, with: bytes)
            outcomes.append((schemaPath, "wrote"))
        }
        if writesConfig {
            let configPath = (folder as NSString).appendingPathComponent("entitygen-config.yaml")
            if FileManager.default.fileExists(atPath: configPath) {
                outcomes.append((configPath, "kept"))
            } else {
                try FileSystem.createExclusively(configPath, with: Array(configText.utf8))
                outcomes.append((configPath, "wrote"))
            }
        }
        return outcomes
    }
}

/// A file `entitygen infer` will not write.
public struct InferenceOutputError: Error, CustomStringConvertible {
    /// What was refused, and what to do.
    public var description: String
    init(_ description: String) { self.description = description }
}
