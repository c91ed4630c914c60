/// The project configuration with defaults filled in. Precedence: command-line flag > config file >
/// default.
public struct ProjectConfig: Hashable, Sendable {
    /// Access level of generated declarations (default `internal`).
    public var accessLevel: AccessLevel
    /// Outputs to generate (default models and mappers).
    public var outputs: Set<OutputKind>
    /// Storage backends of persistence code (default `sqlite`).
    public var backends: [StorageBackendKind]
    /// Project-wide key convention (default `verbatim`).
    public var keyConvention: KeyConvention
    /// Extra imports for generated files, sorted.
    public var imports: [String]
    /// Whether models, families and enums conform to `Codable`, through the schema's mapping (default
    /// `true`).
    public var codable = true
    /// Removed entities whose stored rows the next migration may discard (`discardStoredData:`).
    public var discardStoredData: Set<String> = []

    /// The defaults.
    public static let `default` = ProjectConfig(
        accessLevel: .internal, outputs: [.models, .mappers], backends: StorageBackendKind.defaultSelection,
        keyConvention: .verbatim, imports: []
    )

    /// Creates a config.
    public init(
        accessLevel: AccessLevel, outputs: Set<OutputKind>, backends: [StorageBackendKind],
        keyConvention: KeyConvention, imports: [String]
    ) {
        self.accessLevel = accessLevel
        self.outputs = outputs
        self.backends = backends
        self.keyConvention = keyConvention
        self.imports = imports
    }

    /// Whether persistence code is generated (it needs models and mappers too).
    public var generatesPersistence: Bool {
        [.models, .mappers, .persistence].allSatisfy(outputs.contains)
    }

    /// Resolves a config file's declaration over the defaults.
    public init(_ declaration: ProjectConfigDeclaration?) {
        self = .default
        guard let declaration else { return }
        if let accessLevel = declaration.accessLevel { self.accessLevel = accessLevel.value }
        if let outputs = declaration.outputs { self.outputs = Set(outputs.map(\.value)) }
        if let backends = declaration.backends, !backends.isEmpty {
            self.backends = backends.map(\.value).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        }
        if let keyConvention = declaration.keyConvention { self.keyConvention = keyConvention.value }
        imports = Array(Set(declaration.imports.map(\.value))).sorted()
        if let codable = declaration.codable { self.codable = codable.value }
        discardStoredData = Set(declaration.discardStoredData.map(\.value))
    }
}
