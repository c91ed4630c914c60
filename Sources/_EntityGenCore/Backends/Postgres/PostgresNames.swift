/// The names PostgreSQL's generated code declares itself, in one place: its renderers print these
/// constants, and ``PostgresBackend/reservedTypeNames`` reserves the top-level one.
enum PostgresNames {
    /// The project-wide type holding the PostgreSQL migrations, `migrate` and the feeds.
    static let database = "EntityGenPostgresDatabase"
    /// The static function naming the PostgreSQL row a delete payload means.
    static let rowKeyFromPayload = "postgresRowKey"
    /// The static function naming a model's PostgreSQL row (`postgresKey(of:)`).
    static let key = "postgresKey"
    /// Appended to a link table's static name for its PostgreSQL description (`_subspecsLinksPostgres`).
    static let linkSuffix = "Postgres"
}
