/// Persistence on SQLite through GRDB (`EntityGenPersistence`): record conformances, migrations in
/// GRDB's schema DSL, and feeds.
struct SQLitePersistenceEmitter: PersistenceEmitter {
    var machineFileImports: [String] { [Spelling.persistence, "GRDB"] }
    var formatCheck: (alias: String, type: String) {
        ("_EntityGenPersistenceVersionCheck", "\(Spelling.persistence).EntityGenPersistenceFormat2")
    }

    var databaseFileImports: [String] { [Spelling.persistence, "Foundation", "GRDB"] }

    func renderEnumStorage(_ plan: EnumPlan, into printer: inout CodePrinter) {
        printer.documentation(
            "Stored as its raw value; GRDB's requests bind it the same way, so a filter compares a column with a `\(plan.typeName)`."
        )
        printer.line(
            "extension \(plan.typeName): \(Spelling.persistence).ColumnValue, GRDB.DatabaseValueConvertible {}")
    }

    func renderEntity(_ table: TablePlan, spelling: Spelling, into printer: inout CodePrinter) {
        PersistenceRenderer(spelling: spelling).render(table, into: &printer)
        printer.line()
        RecordRenderer(spelling: spelling).render(table, into: &printer)
    }

    func renderFamily(_ family: FamilyPlan, spelling: Spelling, into printer: inout CodePrinter) {
        FamilyPersistenceRenderer(spelling: spelling).render(family, into: &printer)
    }

    func renderDatabase(_ plan: GenerationPlan, spelling: Spelling, into printer: inout CodePrinter) {
        DatabaseRenderer(spelling: spelling).render(
            migrations: plan.migrations(for: .sqlite).migrations, feeds: plan.feeds, into: &printer)
    }
}
