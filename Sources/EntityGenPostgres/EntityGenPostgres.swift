@_exported import EntityGenImport

// EntityGenPostgres: what generated PostgreSQL persistence code imports, on vapor/postgres-nio. It writes
// the pages EntityGenImport prepares (the same feeds, reports and failure policies as the SQLite backend)
// through COPY into a staging table and one set-based upsert per table, in one transaction per page.
// SQLite-only apps never build it: only a target that depends on this product pulls in postgres-nio.

/// Generated PostgreSQL persistence code references this type (`private typealias
/// _EntityGenPostgresVersionCheck = EntityGenPostgres.EntityGenPostgresFormat4`), so code generated for
/// another format of this runtime fails to compile with a message naming the missing format instead of
/// misbehaving at run time. Format 4: the importer stages a model through its nested `Postgres` store
/// (`EntityStore`), passing the keys its JSON did not have beside it (`save(_:absent:in:)`); the model
/// itself has no member for either.
public enum EntityGenPostgresFormat4 {}
