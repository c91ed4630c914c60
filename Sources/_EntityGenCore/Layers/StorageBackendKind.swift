/// The storage backends persistence code can be generated for: the one table of them. Adding one is a
/// case here, its ``StorageBackend`` conformance (Translate), its ``PersistenceEmitter`` conformance
/// (Render) and its runtime module; nothing else in the engine changes.
enum StorageBackendKind: String, CaseIterable, Hashable, Sendable {
    /// SQLite through GRDB (`EntityGenPersistence`).
    case sqlite
}
