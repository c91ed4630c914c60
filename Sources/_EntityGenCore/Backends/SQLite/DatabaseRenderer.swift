/// Prints the project-wide persistence file: the migration creating every table, index and trigger
/// (GRDB's `DatabaseMigrator` and schema methods; tables created by ``TableCreationSQL``'s statements), a
/// database opener, and the feeds.
struct DatabaseRenderer {
    let spelling: Spelling
    private var access: String { spelling.access }

    func render(migrations: [MigrationSetPlan.Migration], feeds: [FeedPlan], into printer: inout CodePrinter) {
        printer.documentation("The SQLite schema generated from the entity schemas, and their feeds.")
        printer.block("\(access)enum \(GeneratedNames.database) {") { printer in
            printer.documentation(
                """
                Registers the migrations that create and evolve the tables; run them with `migrator.migrate(writer)`.
                A table's primary key is its entity's identification attributes (a hidden `_id` for entities
                without, whose rows belong to the object that embeds them), foreign keys for relationships (deferred,
                so a page may reference rows it creates later) and link tables for to-many relationships. Migrations
                recorded in entitygen-migrations.json never change; the last one may be pending until recorded.
                """)
            printer.block("\(access)static func registerMigrations(in migrator: inout GRDB.DatabaseMigrator) {") {
                printer in
                for (offset, migration) in migrations.enumerated() {
                    MigrationRenderer().renderRegistration(migration, number: offset + 1, into: &printer)
                }
                if migrations.isEmpty { printer.line("_ = migrator") }
            }
            for (offset, migration) in migrations.enumerated() {
                printer.line()
                MigrationRenderer().renderFunction(migration, number: offset + 1, into: &printer)
            }
            printer.line()
            printer.documentation(
                "Each migration's fingerprint (of what it does, not of how it is printed): a database remembers those of the migrations it ran, so a development database that ran a pending migration which has changed since is refused when opened (`EntityGenPersistence.ChangedPendingMigrationError`) instead of failing later. Recording a migration does not change its fingerprint."
            )
            let fingerprints = migrations.map {
                "\(SwiftLiteral.string($0.name)): \(SwiftLiteral.string(MigrationFingerprint.of($0)))"
            }
            printer.line(
                "\(access)static let migrationFingerprints: [Swift.String: Swift.String] = [\(fingerprints.isEmpty ? ":" : fingerprints.joined(separator: ", "))]"
            )
            printer.line()
            printer.documentation(
                "Opens (creating when needed) a database file in WAL mode, so readers read while the importer writes, and migrates it; a database a newer version of the app migrated is refused (`EntityGenPersistence.UnknownMigrationsError`); SQLite's errors (a file that is not a database, a lock held past the busy timeout) name the file (`EntityGenPersistence.DatabaseFileError`). `migrations` registers the app's own migrations, after the generated ones: GRDB runs the pending ones in registration order, so on an existing database a generated migration added in a later version runs after the app's that already ran. `checksIntegrity` first checks the whole file's structure (SQLite's `quick_check`, in time proportional to its size): a damaged file is `EntityGenPersistence.DatabaseIntegrityError` instead of an import that succeeds while other rows are unreadable. `eraseDatabaseOnSchemaChange` (GRDB's option, for debug builds only) erases and re-creates the database when a migration it ran has changed, such as an unrecorded one edited since."
            )
            printer.block(
                "\(access)static func openDatabase(atPath path: Swift.String, configuration: GRDB.Configuration = GRDB.Configuration(), checksIntegrity: Swift.Bool = false, eraseDatabaseOnSchemaChange: Swift.Bool = false, migrations: (inout GRDB.DatabaseMigrator) -> Swift.Void = { _ in }) throws -> GRDB.DatabasePool {"
            ) { printer in
                printer.block("try \(SQLiteBackend.module).DatabaseFileError.naming(path) {") { printer in
                    printer.line(
                        "let pool = try GRDB.DatabasePool(path: path, configuration: \(SQLiteBackend.module).EntityGenConfiguration.prepared(configuration))"
                    )
                    printer.line("var migrator = GRDB.DatabaseMigrator()")
                    printer.line("migrator.eraseDatabaseOnSchemaChange = eraseDatabaseOnSchemaChange")
                    printer.line("registerMigrations(in: &migrator)")
                    printer.line("migrations(&migrator)")
                    printer.line(
                        "try \(SQLiteBackend.module).EntityGenConfiguration.migrate(pool, with: migrator, fingerprints: migrationFingerprints, checksIntegrity: checksIntegrity)"
                    )
                    printer.line("return pool")
                }
            }
            for feed in feeds {
                printer.line()
                printer.documentation(feed.documentation ?? "The feed delivering `\(feed.entityType)`.")
                printer.block(
                    "\(access)static var \(feed.propertyName): \(SQLiteBackend.module).Feed<\(feed.entityType)> {"
                ) { printer in
                    printer.line(Self.feedExpression(feed, module: SQLiteBackend.module))
                }
            }
        }
    }

    /// The `Feed` construction of a feed plan, qualified by a runtime module that re-exports
    /// `EntityGenImport`.
    static func feedExpression(_ feed: FeedPlan, module: String) -> String {
        var arguments = ["name: \(SwiftLiteral.string(feed.name))"]
        if let items = feed.items { arguments.append("items: \(Spelling.list(items))") }
        switch feed.records {
        case .array: break
        case .object: arguments.append("records: .object")
        case .arrayOrObject: arguments.append("records: .arrayOrObject")
        }
        switch feed.pagination {
        case let .pageNumber(pageCount, parameter, firstPage)?:
            arguments.append(
                "pagination: .pageNumber(pageCount: \(Spelling.list(pageCount)), parameter: \(SwiftLiteral.string(parameter)), firstPage: \(firstPage))"
            )
        case let .nextURL(path)?:
            arguments.append("pagination: .nextURL(\(Spelling.list(path)))")
        case let .linkHeader(relation)?:
            arguments.append("pagination: .linkHeader(relation: \(SwiftLiteral.string(relation)))")
        case nil: break
        }
        if let actions = feed.actions {
            let names = [("add", actions.add), ("update", actions.update), ("delete", actions.delete)].map {
                "\($0.0): \(SwiftLiteral.string($0.1))"
            }
            arguments.append(
                "actions: .init(typeKey: \(Spelling.list(actions.typeKey)), payloadKey: \(Spelling.list(actions.payloadKey)), \(names.joined(separator: ", ")))"
            )
        }
        if feed.deleteOrphans { arguments.append("deleteOrphans: true") }
        return "\(module).Feed(\(arguments.joined(separator: ", ")))"
    }
}
