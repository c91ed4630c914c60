@_exported import EntityGenImport
import EntityGenRuntime
import GRDB

/// Persistence support for generated code on SQLite through GRDB: batched upserts and feed importers.
/// It lives apart from ``EntityGenRuntime`` so that users who only want mappers do not link GRDB, and
/// builds on the backend-neutral `EntityGenImport` (feeds, prepared pages, reports), which it re-exports.
public enum EntityGenPersistenceVersion {
    /// The persistence runtime's version. Generated code checks the format, ``EntityGenPersistenceFormat6``.
    public static let v1 = EntityGenRuntimeVersion.v1
}

/// Generated persistence code references this type (`private typealias _EntityGenPersistenceVersionCheck =
/// EntityGenPersistence.EntityGenPersistenceFormat6`), so code generated for another format of this runtime
/// fails to compile with a message naming the missing format instead of misbehaving at run time. Format 6:
/// generated `init(row:)` reads its columns through ``RowColumns`` (one `try` at the end instead of one per
/// column), and a schema enum stored in a column gives its ``ColumnValue/columnPlaceholder``. Format 5:
/// generated `init(row:)` passes each column's position in the table with its name
/// (`row.column("name", at: 3)`). Format 4: the importer saves a model through its nested `SQLite` store
/// (`EntityStore`), passing the keys its JSON did not have beside it (`save(_:absent:in:)`).
public enum EntityGenPersistenceFormat6 {}
