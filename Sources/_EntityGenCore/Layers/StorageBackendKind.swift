/// The storage backends persistence code can be generated for: the one table of them. Adding one is a
/// case here, its ``StorageBackend`` conformance (Translate), its ``PersistenceEmitter`` conformance
/// (Render) and its runtime module; nothing else in the engine changes. The config's `backends` key
/// selects them (default `sqlite`).
public enum StorageBackendKind: String, CaseIterable, Hashable, Sendable {
    /// SQLite through GRDB (`EntityGenPersistence`).
    case sqlite
}
