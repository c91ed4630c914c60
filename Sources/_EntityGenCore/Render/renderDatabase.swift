/// Prints the project-wide persistence file: the migration creating every table, index and trigger
/// (GRDB's `DatabaseMigrator`, schema DSL), a database opener, and the feeds.
struct DatabaseRenderer {
    let access: String

    /// A feed ready to print.
    struct FeedPlan {
        var propertyName: String
        var entityType: String
        var documentation: String?
        var expression: String
    }

    func render(tables: [TablePlan], feeds: [FeedPlan], into printer: inout CodePrinter) {
        printer.documentation("The SQLite schema generated from the entity schemas, and their feeds.")
        printer.block("\(access)enum EntityGenDatabase {") { printer in
            printer.documentation("""
                Registers the migrations that create the tables; run them with `migrator.migrate(writer)`.
                A table's primary key is its entity's identification attributes (a hidden `_id` for entities
                without, whose rows belong to the object that embeds them), foreign keys for relationships (deferred, so a page may reference rows it creates later) and
                link tables for to-many relationships.
                """)
            printer.block("\(access)static func registerMigrations(in migrator: inout GRDB.DatabaseMigrator) {") { printer in
                printer.block("migrator.registerMigration(\"entitygen-v1\") { db in") { printer in
                    for table in tables {
                        renderTable(table, into: &printer)
                    }
                    for trigger in tables.flatMap(\.triggers) {
                        printer.line("try db.execute(sql: \(SwiftLiteral.string(trigger.sql)))")
                    }
                    if tables.isEmpty { printer.line("_ = db") }
                }
            }
            printer.line()
            printer.documentation("Opens (creating when needed) a database file in WAL mode, so readers read while the importer writes, and migrates it.")
            printer.block("\(access)static func openDatabase(atPath path: Swift.String, configuration: GRDB.Configuration = GRDB.Configuration()) throws -> GRDB.DatabasePool {") { printer in
                printer.line("let pool = try GRDB.DatabasePool(path: path, configuration: \(PersistenceTranslator.persistence).EntityGenConfiguration.prepared(configuration))")
                printer.line("var migrator = GRDB.DatabaseMigrator()")
                printer.line("registerMigrations(in: &migrator)")
                printer.line("try migrator.migrate(pool)")
                printer.line("return pool")
            }
            for feed in feeds {
                printer.line()
                printer.documentation(feed.documentation ?? "The feed delivering `\(feed.entityType)`.")
                printer.block("\(access)static var \(feed.propertyName): \(PersistenceTranslator.persistence).Feed<\(feed.entityType)> {") { printer in
                    printer.line(feed.expression)
                }
            }
        }
    }

    private func renderTable(_ table: TablePlan, into printer: inout CodePrinter) {
        printer.block("try db.create(table: \(SwiftLiteral.string(table.tableName))) { t in") { printer in
            if table.identity.isEmpty { printer.line("t.primaryKey(\"_id\", .integer)") }
            for column in table.columns {
                printer.line("t.column(\(SwiftLiteral.string(column.name)), \(column.sqlType))" + (column.notNull ? ".notNull()" : ""))
            }
            if !table.identity.isEmpty {
                printer.line("t.primaryKey(\(PersistenceTranslator.list(table.identity)))")
            }
            for key in table.foreignKeys {
                printer.line(foreignKey(key))
            }
        }
        for index in table.indexes {
            printer.line("try db.create(index: \(SwiftLiteral.string(index.name)), on: \(SwiftLiteral.string(table.tableName)), columns: \(PersistenceTranslator.list(index.columns)))")
        }
        for link in table.links {
            printer.block("try db.create(table: \(SwiftLiteral.string(link.table)), options: .withoutRowID) { t in") { printer in
                for owner in link.ownerColumns {
                    printer.line("t.column(\(SwiftLiteral.string(owner.name)), \(owner.sqlType)).notNull()")
                }
                printer.line("t.column(\"position\", .integer).notNull()")
                if link.isMap { printer.line("t.column(\"key\", .text).notNull()") }
                for target in link.targetColumns {
                    printer.line("t.column(\(SwiftLiteral.string(target.name)), \(target.sqlType)).notNull()")
                }
                printer.line("t.primaryKey(\(PersistenceTranslator.list(link.ownerColumns.map(\.name) + ["position"])))")
                for key in link.foreignKeys {
                    printer.line(foreignKey(key))
                }
            }
            printer.line("try db.create(index: \(SwiftLiteral.string(link.table + "_target")), on: \(SwiftLiteral.string(link.table)), columns: \(PersistenceTranslator.list(link.targetColumns.map(\.name))))")
        }
    }

    private func foreignKey(_ key: TablePlan.ForeignKey) -> String {
        var text = "t.foreignKey(\(PersistenceTranslator.list(key.columns)), references: \(SwiftLiteral.string(key.table)), columns: \(PersistenceTranslator.list(key.targetColumns)), onDelete: \(key.onDelete)"
        if key.onUpdateCascade { text += ", onUpdate: .cascade" }
        if key.deferred { text += ", deferred: true" }
        return text + ")"
    }
}
