/// The storage backends persistence code can be generated for: the one table of them. Adding one is a
/// case here, its ``StorageBackend`` conformance (Translate), its ``PersistenceEmitter`` conformance
/// (Render) and its runtime module; nothing else in the engine changes. The config's `backends` key
/// selects them (default `sqlite`); several may be on at once, each with its own recorded migrations.
public enum StorageBackendKind: String, CaseIterable, Hashable, Sendable {
    /// SQLite through GRDB (`EntityGenPersistence`).
    case sqlite
    /// PostgreSQL through postgres-nio (`EntityGenPostgres`).
    case postgres

    /// The file beside the config that records the backend's migrations.
    public var historyFileName: String {
        switch self {
        case .sqlite: return "entitygen-migrations.json"
        case .postgres: return "entitygen-migrations.postgres.json"
        }
    }

    /// The runtime module the backend's generated code imports, and a target asking for it must depend
    /// on (the build plugin's list is held to these by a test: plugins cannot link the engine).
    public var runtimeModule: String {
        switch self {
        case .sqlite: return "EntityGenPersistence"
        case .postgres: return "EntityGenPostgres"
        }
    }

    /// Where the backend's history is, or will be, recorded: beside the config file.
    public func historyPath(besideConfig configPath: String) -> String {
        guard let slash = configPath.lastIndex(of: "/") else { return historyFileName }
        return String(configPath[...slash]) + historyFileName
    }
}
