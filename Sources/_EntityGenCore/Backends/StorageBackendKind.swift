/// The storage backends persistence code can be generated for: the one table of them. Adding one is a
/// case here, one line in ``backend``, its room (`Backends/<Name>/`: its ``StorageBackend``, which
/// translates, and its ``PersistenceEmitter``, which prints) and its runtime module; nothing else in the
/// engine changes, and a test fails when an engine file outside a room names a backend. The config's
/// `backends` key selects them (default ``defaultSelection``); several may be on at once, each with its
/// own recorded migrations.
public enum StorageBackendKind: String, CaseIterable, Hashable, Sendable {
    /// SQLite through GRDB (`EntityGenPersistence`).
    case sqlite
    /// PostgreSQL through postgres-nio (`EntityGenPostgres`).
    case postgres

    /// The backend of a config that names none, whose history is the one a project without a config
    /// records (`entitygen-migrations.json`).
    public static let primary: StorageBackendKind = .sqlite

    /// The backends a config that names none generates for.
    public static let defaultSelection: [StorageBackendKind] = [primary]

    /// The backend's room: the only switch over the backends in the engine.
    var backend: any StorageBackend {
        switch self {
        case .sqlite: return SQLiteBackend()
        case .postgres: return PostgresBackend()
        }
    }

    /// The file beside the config that records the backend's migrations.
    public var historyFileName: String { backend.historyFileName }

    /// The runtime module the backend's generated code imports, and a target asking for it must depend
    /// on (the build plugin's list is held to these by a test: plugins cannot link the engine).
    public var runtimeModule: String { backend.runtimeModule }

    /// Where the backend's history is, or will be, recorded: beside the config file.
    public func historyPath(besideConfig configPath: String) -> String {
        guard let slash = configPath.lastIndex(of: "/") else { return historyFileName }
        return String(configPath[...slash]) + historyFileName
    }
}
