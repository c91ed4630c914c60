/// One file the generator produces.
public struct GeneratedFile: Hashable, Sendable {
    /// Machine files are regenerated every time; human files are created once and never overwritten.
    public enum Kind: String, Hashable, Sendable {
        case machine, human
    }

    /// File name, relative to its output folder.
    public var name: String
    /// The full contents (one trailing newline).
    public var contents: String
    /// Machine or human.
    public var kind: Kind

    /// Creates a file.
    public init(name: String, contents: String, kind: Kind) {
        self.name = name
        self.contents = contents
        self.kind = kind
    }

    /// The machine file name for a schema file: derivable from the input name alone, so the build
    /// plugin can declare its outputs before anything is parsed (`Pods.yaml` -> `Pods.generated.swift`).
    public static func machineFileName(forSchema path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let base =
            name.hasSuffix(".yaml")
            ? String(name.dropLast(5)) : name.hasSuffix(".yml") ? String(name.dropLast(4)) : name
        return base + ".generated.swift"
    }

    /// The project-wide persistence file (migrations, feeds), generated whatever the schema files.
    public static let databaseFileName = "EntityGenDatabase.generated.swift"

    /// The human file name for an entity (`Pod.swift`).
    public static func humanFileName(forType typeName: String) -> String {
        typeName + ".swift"
    }
}
