/// Persistence on PostgreSQL through postgres-nio (`EntityGenPostgres`): importer conformances that
/// stage rows as COPY text, and the migrations as PostgreSQL statements.
struct PostgresPersistenceEmitter: PersistenceEmitter {
    var machineFileImports: [String] { [PostgresBackend.module] }
    var formatCheck: (alias: String, type: String) {
        ("_EntityGenPostgresVersionCheck", "\(PostgresBackend.module).EntityGenPostgresFormat4")
    }

    var databaseFileImports: [String] { [PostgresBackend.module] }

    func renderEnumStorage(_ plan: EnumPlan, spelling: Spelling, into printer: inout CodePrinter) {
        printer.documentation("Stored in PostgreSQL as its raw value.")
        printer.line("extension \(plan.typeName): \(PostgresBackend.module).PostgresCopyValue {}")
    }

    func renderEntity(_ table: TablePlan, spelling: Spelling, into printer: inout CodePrinter) {
        PostgresEntityRenderer(spelling: spelling).render(table, into: &printer)
    }

    func renderFamily(_ family: FamilyPlan, spelling: Spelling, into printer: inout CodePrinter) {
        EntityStoreRenderer.render(
            typeName: family.typeName, conformance: "PostgresEntity", store: PostgresNames.store,
            module: PostgresBackend.module, access: spelling.access,
            documentation: "How the importer stores `\(family.typeName)` in PostgreSQL: in its members' tables.",
            into: &printer
        ) { printer in Self.renderFamilyStore(family, spelling: spelling, into: &printer) }
    }

    /// A family's store: staging and row keys dispatch to the member's store.
    private static func renderFamilyStore(_ family: FamilyPlan, spelling: Spelling, into printer: inout CodePrinter) {
        let postgres = PostgresBackend.module
        let runtime = Spelling.runtime
        let access = spelling.access
        let store = PostgresNames.store
        let entity = Spelling.storedEntity
        printer.documentation("The members' tables.")
        printer.line(
            "\(access)static var tables: [\(postgres).PostgresTable] { [\(family.members.map { "\($0.typeName).\(store).table" }.joined(separator: ", "))] }"
        )
        printer.line()
        printer.documentation("Stages the member in its own table.")
        printer.line("@discardableResult")
        printer.block(
            "\(access)static func save(_ \(entity): \(family.typeName), absent: \(Spelling.runtime).AbsentTree, in session: inout \(postgres).PostgresSession) -> Swift.Int64 {"
        ) { printer in
            FamilyRenderer.switchOverMembers(family, on: entity, into: &printer) { member in
                "return \(member.typeName).\(store).save(member, absent: absent, in: &session)"
            }
        }
        printer.line()
        printer.documentation(
            "The stored row a delete action's payload names: the discriminator selects the member's table.")
        printer.block(
            "\(access)static func \(GeneratedNames.rowKey)(from json: \(runtime).JSONValue, context: inout \(runtime).MappingContext) throws(\(runtime).MappingError) -> \(postgres).PostgresRowKey {"
        ) { printer in
            printer.line(
                "try context.expectObject(json, entity: \(SwiftLiteral.string(family.typeName)), schema: \(spelling.location(family.location)))"
            )
            FamilyRenderer.dispatch(family, spelling, into: &printer) {
                "return try \($0.typeName).\(store).\(GeneratedNames.rowKey)(from: json, context: &context)"
            }
        }
        printer.line()
        printer.documentation("The member's identification.")
        printer.block(
            "\(access)static func \(GeneratedNames.rowKey)(of \(entity): \(family.typeName)) -> \(postgres).PostgresRowKey? {"
        ) { printer in
            FamilyRenderer.switchOverMembers(family, on: entity, into: &printer) { member in
                "return \(member.typeName).\(store).\(GeneratedNames.rowKey)(of: member)"
            }
        }
    }

    func renderDatabase(_ plan: GenerationPlan, spelling: Spelling, into printer: inout CodePrinter) {
        PostgresDatabaseRenderer(spelling: spelling).render(
            migrations: plan.migrations(for: .postgres).migrations, feeds: plan.feeds, into: &printer)
    }
}
