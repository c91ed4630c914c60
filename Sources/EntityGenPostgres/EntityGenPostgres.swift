@_exported import EntityGenImport

// EntityGenPostgres: what generated PostgreSQL persistence code imports, on vapor/postgres-nio. It writes
// the pages EntityGenImport prepares (the same feeds, reports and failure policies as the SQLite backend)
// through COPY into a staging table and one set-based upsert per table, in one transaction per page.
// SQLite-only apps never build it: only a target that depends on this product pulls in postgres-nio.
