/// The names PostgreSQL's generated code declares itself, in one place: its renderers print these
/// constants, and ``PostgresBackend/reservedTypeNames`` reserves them.
enum PostgresNames {
    /// The project-wide type holding the PostgreSQL migrations, `migrate` and the feeds.
    static let database = "EntityGenPostgresDatabase"
    /// The store nested in every persistent model (`Pod.Postgres`), which the importer stages it through.
    static let store = "Postgres"
}
