/// Prints the project-wide PostgreSQL type: the recorded migrations as statements, the migrator that
/// applies them, and the feeds.
struct PostgresDatabaseRenderer {
    let spelling: Spelling
    private var access: String { spelling.access }

    func render(migrations: [MigrationSetPlan.Migration], feeds: [FeedPlan], into printer: inout CodePrinter) {
        let postgres = PostgresBackend.module
        printer.documentation("The PostgreSQL schema generated from the entity schemas, and their feeds.")
        printer.block("\(access)enum \(PostgresNames.database) {") { printer in
            printer.documentation(
                """
                The migrations that create and evolve the tables, in PostgreSQL's dialect. A table's primary key is
                its entity's identification attributes, with foreign keys for relationships (deferred, so a page may
                reference rows it creates later). Migrations recorded in entitygen-migrations.postgres.json never
                change; the last one may be pending until recorded. Each carries a fingerprint of what it does: a
                database that ran a pending migration which has changed since is refused before anything runs.
                """)
            printer.line("\(access)static let migrations: [\(postgres).PostgresMigration] = [")
            printer.indent()
            for migration in migrations {
                printer.line("\(postgres).PostgresMigration(")
                printer.indent()
                printer.line("name: \(SwiftLiteral.string(migration.name)),")
                printer.line("fingerprint: \(SwiftLiteral.string(PostgresMigrationFingerprint.of(migration))),")
                printer.line("statements: [")
                printer.indent()
                for statement in PostgresMigrationRenderer().statements(migration) {
                    printer.stringLiteral("", statement, ",")
                }
                printer.outdent()
                printer.line("]")
                printer.outdent()
                printer.line("),")
            }
            printer.outdent()
            printer.line("]")
            printer.line()
            printer.documentation(
                "Applies the pending migrations: `try await EntityGenPostgresDatabase.migrator.migrate(client)` when the server app starts. Each runs in its own transaction and is recorded in `entitygen_migrations`; instances starting together migrate one after the other."
            )
            printer.line(
                "\(access)static var migrator: \(postgres).PostgresMigrator { \(postgres).PostgresMigrator(migrations) }"
            )
            for feed in feeds {
                printer.line()
                printer.documentation(feed.documentation ?? "The feed delivering `\(feed.entityType)`.")
                printer.block("\(access)static var \(feed.propertyName): \(postgres).Feed<\(feed.entityType)> {") {
                    printer in
                    printer.line(DatabaseRenderer.feedExpression(feed, module: postgres))
                }
            }
        }
    }
}
