/// The project config file (`entitygen-config.yaml`) as written. Everything is optional; the resolved
/// ``ProjectConfig`` fills defaults.
public struct ProjectConfigDeclaration: Hashable, Sendable {
    /// The file's path.
    public var path: String
    /// Access level of generated declarations.
    public var accessLevel: Located<AccessLevel>?
    /// Which outputs to generate.
    public var outputs: [Located<OutputKind>]?
    /// The storage backends persistence code is generated for.
    public var backends: [Located<StorageBackendKind>]?
    /// Project-wide key convention.
    public var keyConvention: Located<KeyConvention>?
    /// Extra modules generated files import (e.g. the module with custom transformer types).
    public var imports: [Located<String>] = []
    /// `codable: false` leaves out the `Codable` conformances.
    public var codable: Located<Bool>?
    /// Removed entities whose tables the next migration may drop with their rows.
    public var discardStoredData: [Located<String>] = []

    /// Creates an empty declaration.
    public init(path: String) {
        self.path = path
    }
}
