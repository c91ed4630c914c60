/// Persistence on SQLite through GRDB (`EntityGenPersistence`): record conformances, migrations in
/// GRDB's schema DSL, and feeds.
struct SQLitePersistenceEmitter: PersistenceEmitter {
    /// Each table's record shape, by entity schema name (``SQLiteRecordTranslator``).
    let records: [String: SQLiteRecordPlan]

    var machineFileImports: [String] { [SQLiteBackend.module, "GRDB"] }
    var formatCheck: (alias: String, type: String) {
        ("_EntityGenPersistenceVersionCheck", "\(SQLiteBackend.module).EntityGenPersistenceFormat6")
    }

    var databaseFileImports: [String] { [SQLiteBackend.module, "Foundation", "GRDB"] }

    func renderEnumStorage(_ plan: EnumPlan, spelling: Spelling, into printer: inout CodePrinter) {
        printer.documentation(
            "Stored as its raw value; GRDB's requests bind it the same way, so a filter compares a column with a `\(plan.typeName)`."
        )
        printer.block(
            "extension \(plan.typeName): \(SQLiteBackend.module).ColumnValue, GRDB.DatabaseValueConvertible {"
        ) { printer in
            guard let first = plan.cases.first else {
                preconditionFailure("enum \(plan.typeName) has no cases: validation refuses it [invalid-enum]")
            }
            printer.documentation(
                "The value `init(row:)` holds for a stored value that is not a case, until it throws that column's error."
            )
            printer.line("\(spelling.access)static var columnPlaceholder: Self { .\(first.identifier) }")
        }
    }

    func renderEntity(_ table: TablePlan, spelling: Spelling, into printer: inout CodePrinter) {
        guard let record = records[table.schemaName] else {
            preconditionFailure("no record plan for table \(table.tableName): the backend translated other tables")
        }
        PersistenceRenderer(spelling: spelling, recordPlan: record).render(table, into: &printer)
        printer.line()
        RecordRenderer(spelling: spelling, recordPlan: record).render(table, into: &printer)
    }

    func renderFamily(_ family: FamilyPlan, spelling: Spelling, into printer: inout CodePrinter) {
        FamilyPersistenceRenderer(spelling: spelling).render(family, into: &printer)
    }

    func renderDatabase(_ plan: GenerationPlan, spelling: Spelling, into printer: inout CodePrinter) {
        DatabaseRenderer(spelling: spelling).render(
            migrations: plan.migrations(for: .sqlite).migrations, feeds: plan.feeds, into: &printer)
    }
}
