@_exported import EntityGenImport
import EntityGenRuntime
import GRDB

/// Persistence support for generated code on SQLite through GRDB: batched upserts and feed importers.
/// It lives apart from ``EntityGenRuntime`` so that users who only want mappers do not link GRDB, and
/// builds on the backend-neutral `EntityGenImport` (feeds, prepared pages, reports), which it re-exports.
public enum EntityGenPersistenceVersion {
    /// The persistence runtime's format version. Generated code does not check it: it checks only the
    /// mapping runtime's format (`EntityGenRuntimeFormat3`); a check of the persistence runtimes is open.
    public static let v1 = EntityGenRuntimeVersion.v1
}
