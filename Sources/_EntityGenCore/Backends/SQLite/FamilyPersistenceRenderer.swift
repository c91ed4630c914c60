/// Prints a polymorphic family's importer conformance and store: saving and delete keys dispatch to the
/// store of the member the discriminator names (each member has its own table).
struct FamilyPersistenceRenderer {
    let spelling: Spelling
    private var access: String { spelling.access }

    func render(_ plan: FamilyPlan, into printer: inout CodePrinter) {
        EntityStoreRenderer.render(
            typeName: plan.typeName, conformance: "ImportableEntity", store: SQLiteBackend.store,
            module: SQLiteBackend.module, access: access,
            documentation: "How the importer stores `\(plan.typeName)` in SQLite: in its members' tables.",
            into: &printer
        ) { printer in renderStore(plan, into: &printer) }
    }

    /// The store's members.
    private func renderStore(_ plan: FamilyPlan, into printer: inout CodePrinter) {
        let persistence = SQLiteBackend.module
        let runtime = Spelling.runtime
        let store = SQLiteBackend.store
        let entity = Spelling.storedEntity
        printer.documentation("The members' tables.")
        printer.line(
            "\(access)static var tables: [\(persistence).EntityTable] { [\(plan.members.map { "\($0.typeName).\(store).table" }.joined(separator: ", "))] }"
        )
        printer.line()
        printer.documentation("Saves the member in its own table.")
        printer.line("@discardableResult")
        printer.block(
            "\(access)static func save(_ \(entity): \(plan.typeName), absent: \(runtime).AbsentTree, in session: inout \(persistence).ImportSession) throws -> Swift.Int64 {"
        ) { printer in
            FamilyRenderer.switchOverMembers(plan, on: entity, into: &printer) { member in
                "return try \(member.typeName).\(store).save(member, absent: absent, in: &session)"
            }
        }
        printer.line()
        printer.documentation(
            "The stored row a delete action's payload names: the discriminator selects the member's table.")
        printer.block(
            "\(access)static func \(GeneratedNames.rowKey)(from json: \(runtime).JSONValue, context: inout \(runtime).MappingContext) throws(\(runtime).MappingError) -> \(persistence).RowKey {"
        ) { printer in
            printer.line(
                "try context.expectObject(json, entity: \(SwiftLiteral.string(plan.typeName)), schema: \(spelling.location(plan.location)))"
            )
            FamilyRenderer.dispatch(plan, spelling, into: &printer) {
                "return try \($0.typeName).\(store).\(GeneratedNames.rowKey)(from: json, context: &context)"
            }
        }
        printer.line()
        printer.documentation("The member's identification.")
        printer.block(
            "\(access)static func \(GeneratedNames.rowKey)(of \(entity): \(plan.typeName)) -> \(persistence).RowKey? {"
        ) { printer in
            FamilyRenderer.switchOverMembers(plan, on: entity, into: &printer) { member in
                "return \(member.typeName).\(store).\(GeneratedNames.rowKey)(of: member)"
            }
        }
    }
}
