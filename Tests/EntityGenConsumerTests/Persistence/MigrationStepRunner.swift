@testable import _EntityGenCore
import EntityGenPersistence
import GRDB

/// Runs planned migrations with the GRDB calls the generated `registerMigrations(in:)` makes
/// (`MigrationRenderer` prints them), registered in a `DatabaseMigrator` as the generated code registers
/// them, so a test can migrate a database through many schemas without compiling each one.
/// `Test_MigrationStepRunner` checks it against the compiled migrations of the consumer schemas.
///
/// Tables are created as `form` says: with the `CREATE TABLE` statements generated migrations run
/// (`.statement`), or through GRDB's schema DSL (`.schemaDSL`), as migrations were printed before, which
/// stands for a database an earlier version of EntityGen created.
enum MigrationStepRunner {
    /// A migrator with `migrations` registered in order, each running its steps.
    static func migrator(
        _ migrations: [MigrationSetPlan.Migration], creatingTables form: MigrationRenderer.TableCreation = .statement
    ) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in migrations {
            let steps = migration.steps
            migrator.registerMigration(migration.name) { db in
                for step in steps { try run(step, creatingTables: form, in: db) }
            }
        }
        return migrator
    }

    /// Runs one step as the generated code does.
    static func run(
        _ step: MigrationStep, creatingTables form: MigrationRenderer.TableCreation = .statement, in db: Database
    ) throws {
        if MigrationRenderer.createsDecimalColumn(step) { db.add(collation: DecimalCollation.collation) }
        switch step {
        case let .dropTrigger(name):
            try db.execute(sql: "DROP TRIGGER IF EXISTS \(SQL.identifier(name))")
        case let .dropIndex(name):
            try db.drop(index: name)
        case let .dropTable(name):
            try db.drop(table: name)
        case let .createTable(table):
            try create(table, as: table.name, form, in: db)
            for index in table.indexes {
                try db.create(index: index.name, on: table.name, columns: index.columns)
            }
        case let .addColumns(table, columns):
            try db.alter(table: table) { t in
                for column in columns {
                    let definition = t.add(column: column.name, type(column.type))
                    if isDecimalText(column) { definition.collate(DecimalCollation.collation) }
                    if column.notNull { definition.notNull() }
                    if let defaultSQL = column.defaultSQL { definition.defaults(sql: defaultSQL) }
                }
            }
        case let .renameTable(from, to):
            try db.rename(table: from, to: to)
        case let .renameColumn(table, from, to):
            try db.alter(table: table) { t in t.rename(column: from, to: to) }
        case let .rebuild(table, copy, generatedIndexes, _):
            db.add(function: MigrationFunctions.uuidBlob)
            db.add(function: MigrationFunctions.decimalText)
            let temporary = "_entitygen_new_" + table.name
            let appObjects = try AppSchemaObjects.save(db, table: table.name, generatedIndexes: generatedIndexes)
            try create(table, as: temporary, form, in: db)
            let columns = copy.map { SQL.identifier($0.column) }.joined(separator: ", ")
            let values = copy.map { MigrationRenderer.sql($0.source) }.joined(separator: ", ")
            try db.execute(
                sql:
                    "INSERT INTO \(SQL.identifier(temporary)) (\(columns)) SELECT \(values) FROM \(SQL.identifier(table.name))"
            )
            try db.drop(table: table.name)
            try db.rename(table: temporary, to: table.name)
            try appObjects.restore(db)
        case let .createIndex(table, index):
            try db.create(index: index.name, on: table, columns: index.columns)
        case let .createTrigger(trigger):
            try db.execute(sql: trigger.sql)
        }
    }

    /// Creates `table` named `name` as `form` says.
    static func create(
        _ table: TableSnapshot, as name: String, _ form: MigrationRenderer.TableCreation, in db: Database
    ) throws {
        switch form {
        case .statement: try db.execute(sql: TableCreationSQL.statement(table, as: name))
        case .schemaDSL: try createThroughSchemaDSL(table, as: name, in: db)
        }
    }

    private static func createThroughSchemaDSL(_ table: TableSnapshot, as name: String, in db: Database) throws {
        try db.create(table: name, options: table.withoutRowID ? .withoutRowID : []) { t in
            if table.hiddenRowID { t.primaryKey("_id", .integer) }
            for column in table.columns {
                let definition = t.column(column.name, type(column.type))
                if isDecimalText(column) { definition.collate(DecimalCollation.collation) }
                if column.notNull { definition.notNull() }
            }
            if !table.primaryKey.isEmpty { t.primaryKey(table.primaryKey) }
            for key in table.foreignKeys {
                t.foreignKey(
                    key.columns, references: key.table, columns: key.targetColumns, onDelete: action(key.onDelete),
                    onUpdate: key.onUpdateCascade ? .cascade : nil, deferred: key.deferred)
            }
        }
    }

    /// The GRDB column type a snapshot names.
    private static func type(_ name: String) -> Database.ColumnType? {
        switch SnapshotColumnType(rawValue: name) {
        case .text, .decimalText: return .text
        case .integer, .unsigned: return .integer
        case .uuid: return .blob
        case .decimal: return nil
        case .double: return .double
        case .blob: return .blob
        case .datetime: return .datetime
        case nil: preconditionFailure("a snapshot column type the history reader rejects: \(name)")
        }
    }

    private static func isDecimalText(_ column: ColumnSnapshot) -> Bool {
        column.type == SnapshotColumnType.decimalText.rawValue
    }

    /// The GRDB action a snapshot names.
    private static func action(_ name: String) -> Database.ForeignKeyAction {
        switch name {
        case "cascade": return .cascade
        case "restrict": return .restrict
        case "setNull": return .setNull
        case "setDefault": return .setDefault
        default: preconditionFailure("an ON DELETE action the history reader rejects: \(name)")
        }
    }
}
