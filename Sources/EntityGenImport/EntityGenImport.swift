/// The backend-neutral half of importing: feeds (``Feed``), pages mapped and checked before any
/// database is touched (``PreparedPage``), reports (``ImportReport``, ``ImportError``) and the streaming
/// array splitter. A storage backend's runtime (`EntityGenPersistence` for SQLite) writes prepared pages
/// in its own transactions and re-exports this module, so generated code names one module.
public enum EntityGenImportVersion {
    /// The import core's format version.
    public static let v1 = 1
}
