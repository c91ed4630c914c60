/// Prints one migration's steps as GRDB schema code (`db.alter(table:)`, `db.create(index:on:columns:)`,
/// ...), the form GRDB's guide recommends, so a reviewer reads the migration as if hand-written; tables
/// are created with the `CREATE TABLE` statement GRDB's DSL would run (``TableCreationSQL``), one column
/// per line, which compiles an order of magnitude faster at scale.
///
/// Each migration is a function of its own, registered by reference: one closure holding every table of a
/// large schema is one expression to the type checker, which took 43 s of a 64 s debug build for 200
/// entities (`-debug-time-function-bodies`); as statements of a function, each table checks on its own.
struct MigrationRenderer {
    /// `migrator.registerMigration("entitygen-v1", migrate: _migration1)`; `number` counts from 1.
    func renderRegistration(_ migration: MigrationSetPlan.Migration, number: Int, into printer: inout CodePrinter) {
        printer.line(
            "migrator.registerMigration(\(SwiftLiteral.string(migration.name)), migrate: \(Self.functionName(number)))")
    }

    /// The migration's function: its steps, in order.
    func renderFunction(_ migration: MigrationSetPlan.Migration, number: Int, into printer: inout CodePrinter) {
        printer.documentation("Migration `\(migration.name)`.")
        printer.block("private static func \(Self.functionName(number))(_ db: GRDB.Database) throws {") { printer in
            if migration.steps.contains(where: Self.createsDecimalColumn) {
                printer.line("db.add(collation: \(Self.decimalCollation))")
            }
            render(migration.steps, creatingTables: .statement, into: &printer)
            if migration.steps.isEmpty { printer.line("_ = db") }
        }
    }

    /// The collation decimal columns are created with, which SQLite needs to create (and compare) them.
    static let decimalCollation = "\(SQLiteBackend.module).DecimalCollation.collation"

    /// Whether a step creates a column of ``SnapshotColumnType/decimalText``.
    static func createsDecimalColumn(_ step: MigrationStep) -> Bool {
        let columns: [ColumnSnapshot]
        switch step {
        case let .createTable(table), let .rebuild(table, _, _, _): columns = table.columns
        case let .addColumns(_, added): columns = added
        case .dropTrigger, .dropIndex, .dropTable, .renameTable, .renameColumn, .createIndex, .createTrigger:
            columns = []
        }
        return columns.contains { $0.type == SnapshotColumnType.decimalText.rawValue }
    }

    /// The name of migration `number`'s function (`_migration1`): schema names cannot start with `_`.
    static func functionName(_ number: Int) -> String { "_migration\(number)" }

    /// How a step creating a table prints it.
    enum TableCreation {
        /// `try db.execute(sql: """ CREATE TABLE ... """)`: what generated migrations run.
        case statement
        /// `try db.create(table:) { t in ... }`: GRDB's schema DSL, as migrations were printed before; the
        /// canonical text of ``MigrationFingerprint``, which must never change.
        case schemaDSL
    }

    /// Prints `steps` in order.
    func render(_ steps: [MigrationStep], creatingTables form: TableCreation, into printer: inout CodePrinter) {
        for step in steps { render(step, creatingTables: form, into: &printer) }
    }

    private func render(_ step: MigrationStep, creatingTables form: TableCreation, into printer: inout CodePrinter) {
        switch step {
        case let .dropTrigger(name):
            printer.line(
                "try db.execute(sql: \(SwiftLiteral.string("DROP TRIGGER IF EXISTS \(SQL.identifier(name))")))")
        case let .dropIndex(name):
            printer.line("try db.drop(index: \(SwiftLiteral.string(name)))")
        case let .dropTable(name):
            printer.line("try db.drop(table: \(SwiftLiteral.string(name)))")
        case let .createTable(table):
            renderCreate(table, as: table.name, form, into: &printer)
            for index in table.indexes {
                renderIndex(index, on: table.name, into: &printer)
            }
        case let .addColumns(table, columns):
            printer.block("try db.alter(table: \(SwiftLiteral.string(table))) { t in") { printer in
                for column in columns {
                    var line = Self.definition("t.add(column: ", column)
                    if column.notNull { line += ".notNull()" }
                    if let defaultSQL = column.defaultSQL {
                        line += ".defaults(sql: \(SwiftLiteral.string(defaultSQL)))"
                    }
                    printer.line(line)
                }
            }
        case let .renameTable(from, to):
            printer.line("try db.rename(table: \(SwiftLiteral.string(from)), to: \(SwiftLiteral.string(to)))")
        case let .renameColumn(table, from, to):
            printer.block("try db.alter(table: \(SwiftLiteral.string(table))) { t in") { printer in
                printer.line("t.rename(column: \(SwiftLiteral.string(from)), to: \(SwiftLiteral.string(to)))")
            }
        case let .rebuild(table, copy, generatedIndexes, _):
            let temporary = "_entitygen_new_" + table.name
            printer.line(
                "// \(SwiftLiteral.commentLines(table.name).joined(separator: " ")): rebuilt (SQLite cannot alter these columns or keys in place); rows are copied, the app's own indexes, triggers and views kept."
            )
            printer.block("do {") { printer in
                printer.line(
                    "let _appObjects = try \(SQLiteBackend.module).AppSchemaObjects.save(db, table: \(SwiftLiteral.string(table.name)), generatedIndexes: \(Spelling.list(generatedIndexes)))"
                )
                renderCreate(table, as: temporary, form, into: &printer)
                for function in Set(copy.compactMap { Self.function(for: $0.source)?.member }).sorted() {
                    printer.line("db.add(function: \(SQLiteBackend.module).MigrationFunctions.\(function))")
                }
                let columns = copy.map { SQL.identifier($0.column) }.joined(separator: ", ")
                let values = copy.map { Self.sql($0.source) }.joined(separator: ", ")
                let sql =
                    "INSERT INTO \(SQL.identifier(temporary)) (\(columns)) SELECT \(values) FROM \(SQL.identifier(table.name))"
                renderExecute(sql, form, into: &printer)
                printer.line("try db.drop(table: \(SwiftLiteral.string(table.name)))")
                printer.line(
                    "try db.rename(table: \(SwiftLiteral.string(temporary)), to: \(SwiftLiteral.string(table.name)))")
                printer.line("try _appObjects.restore(db)")
            }
        case let .createIndex(table, index):
            renderIndex(index, on: table, into: &printer)
        case let .createTrigger(trigger):
            renderExecute(trigger.sql, form, into: &printer)
        }
    }

    /// `try db.execute(sql: ...)`: a multi-line literal when the line would be long, except in the
    /// canonical text of ``MigrationFingerprint``, which prints it on one line as it always did.
    private func renderExecute(_ sql: String, _ form: TableCreation, into printer: inout CodePrinter) {
        switch form {
        case .statement: printer.stringLiteral("try db.execute(sql: ", sql, ")")
        case .schemaDSL: printer.line("try db.execute(sql: \(SwiftLiteral.string(sql)))")
        }
    }

    private func renderCreate(
        _ table: TableSnapshot, as name: String, _ form: TableCreation, into printer: inout CodePrinter
    ) {
        switch form {
        case .statement:
            printer.line("try db.execute(sql: \"\"\"")
            printer.indent()
            let pieces = TableCreationSQL.pieces(table, as: name).flatMap { SwiftLiteral.pieces(of: $0, width: 100) }
            for line in SwiftLiteral.continuedLines(pieces) { printer.line(line) }
            printer.line("\"\"\")")
            printer.outdent()
        case .schemaDSL:
            renderSchemaDSL(table, as: name, into: &printer)
        }
    }

    private func renderSchemaDSL(_ table: TableSnapshot, as name: String, into printer: inout CodePrinter) {
        let options = table.withoutRowID ? ", options: .withoutRowID" : ""
        printer.block("try db.create(table: \(SwiftLiteral.string(name))\(options)) { t in") { printer in
            if table.hiddenRowID { printer.line("t.primaryKey(\"_id\", .integer)") }
            for column in table.columns {
                printer.line(Self.definition("t.column(", column) + (column.notNull ? ".notNull()" : ""))
            }
            if !table.primaryKey.isEmpty {
                printer.line("t.primaryKey(\(Spelling.list(table.primaryKey)))")
            }
            for key in table.foreignKeys {
                var text =
                    "t.foreignKey(\(Spelling.list(key.columns)), references: \(SwiftLiteral.string(key.table)), columns: \(Spelling.list(key.targetColumns)), onDelete: .\(key.onDelete)"
                if key.onUpdateCascade { text += ", onUpdate: .cascade" }
                if key.deferred { text += ", deferred: true" }
                printer.line(text + ")")
            }
        }
    }

    private func renderIndex(_ index: IndexSnapshot, on table: String, into printer: inout CodePrinter) {
        printer.line(
            "try db.create(index: \(SwiftLiteral.string(index.name)), on: \(SwiftLiteral.string(table)), columns: \(Spelling.list(index.columns)))"
        )
    }

    /// The type argument (`, .text`) a recorded column type is created with in GRDB's schema DSL; none
    /// for a decimal, whose column must have no affinity.
    private static func grdbType(_ type: String) -> String {
        TableCreationSQL.columnType(type).member.map { ", .\($0)" } ?? ""
    }

    /// A column's definition in GRDB's schema DSL after `call` (`t.column(` or `t.add(column: `): its name,
    /// type and, for a decimal, its collation.
    private static func definition(_ call: String, _ column: ColumnSnapshot) -> String {
        let collation = column.type == SnapshotColumnType.decimalText.rawValue ? ".collate(\(decimalCollation))" : ""
        return call + SwiftLiteral.string(column.name) + grdbType(column.type) + ")" + collation
    }

    /// The SQL function a copy source converts with: its member of `EntityGenPersistence.MigrationFunctions`,
    /// which the migration registers before the copy (the two must name it the same), and its name in SQL;
    /// `nil` for a source SQL converts on its own.
    static func function(for source: MigrationStep.CopySource) -> (member: String, sql: String)? {
        switch source {
        case .uuidTextAsBlob: return ("uuidBlob", "entitygen_uuid_blob")
        case .decimalAsText: return ("decimalText", "entitygen_decimal_text")
        case .column, .recordedDefault, .null, .epochSecondsAsDatetime, .unsignedTextAsInteger, .decimalTextAsNumber:
            return nil
        }
    }

    /// A rebuilt column's value in the copying `SELECT`.
    static func sql(_ source: MigrationStep.CopySource) -> String {
        switch source {
        case let .column(name): return SQL.identifier(name)
        case let .recordedDefault(literal): return literal
        case .null: return "NULL"
        case let .epochSecondsAsDatetime(name):
            // floor(seconds * 1000 + 0.5) without SQLite's optional math functions, then whole seconds
            // through strftime and the milliseconds padded to three digits.
            let column = SQL.identifier(name)
            let scaled = "\(column) * 1000 + 0.5"
            let milliseconds = "CAST(\(scaled) AS INTEGER) - (\(scaled) < CAST(\(scaled) AS INTEGER))"
            let text = "strftime('%Y-%m-%d %H:%M:%S', (m - r) / 1000, 'unixepoch') || '.' || substr('00' || r, -3)"
            let parts = "SELECT m, ((m % 1000) + 1000) % 1000 AS r FROM (SELECT \(milliseconds) AS m)"
            let converted = "(SELECT \(text) FROM (\(parts)))"
            return "CASE WHEN typeof(\(column)) IN ('integer', 'real') THEN \(converted) ELSE \(column) END"
        case let .unsignedTextAsInteger(name):
            // Digits only: up to 18 digits, or 19 not above Int64.max, become an integer; longer ones
            // their 20 digits (zero-padded) as a blob, as the runtime binds them. Other text stays.
            let column = SQL.identifier(name)
            let digits = "typeof(\(column)) = 'text' AND \(column) <> '' AND \(column) NOT GLOB '*[^0-9]*'"
            let fits =
                "length(ltrim(\(column), '0')) < 19 OR (length(ltrim(\(column), '0')) = 19 AND ltrim(\(column), '0') <= '9223372036854775807')"
            return
                "CASE WHEN \(digits) AND (\(fits)) THEN CAST(\(column) AS INTEGER) WHEN \(digits) AND length(ltrim(\(column), '0')) <= 20 THEN CAST(substr('00000000000000000000' || ltrim(\(column), '0'), -20, 20) AS BLOB) ELSE \(column) END"
        case let .decimalTextAsNumber(name):
            // Plain decimal text (an optional minus, digits, at most one point) of at most 15 significant
            // digits becomes a REAL, which reads back as the same decimal; other text stays.
            let column = SQL.identifier(name)
            let body = "ltrim(\(column), '-')"
            let plain =
                "typeof(\(column)) = 'text' AND \(body) GLOB '*[0-9]*' AND \(body) NOT GLOB '*[^0-9.]*' AND length(\(column)) - length(replace(\(column), '.', '')) <= 1 AND length(\(column)) - length(\(body)) <= 1"
            let significant = "length(trim(replace(\(body), '.', ''), '0'))"
            return "CASE WHEN \(plain) AND \(significant) <= 15 THEN CAST(\(column) AS REAL) ELSE \(column) END"
        case let .uuidTextAsBlob(name), let .decimalAsText(name):
            return "\(function(for: source)!.sql)(\(SQL.identifier(name)))"
        }
    }
}
