/// Prints a polymorphic family's importer conformance: saving and delete keys dispatch to the member
/// the discriminator names (each member has its own table).
struct FamilyPersistenceRenderer {
    let spelling: Spelling
    private var access: String { spelling.access }

    func render(_ plan: FamilyPlan, into printer: inout CodePrinter) {
        let persistence = SQLiteBackend.module
        let runtime = Spelling.runtime
        printer.block("extension \(plan.typeName): \(persistence).ImportableEntity {") { printer in
            printer.documentation("Saves the member in its own table.")
            printer.line("@discardableResult")
            printer.block("\(access)func save(in session: inout \(persistence).ImportSession) throws -> Swift.Int64 {")
            { printer in
                FamilyRenderer.switchOverMembers(plan, into: &printer) { _ in "return try member.save(in: &session)" }
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
                    "return try \($0.typeName).\(GeneratedNames.rowKey)(from: json, context: &context)"
                }
            }
            printer.line()
            printer.documentation("The members' tables.")
            printer.line(
                "\(access)static var entityTables: [\(persistence).EntityTable] { [\(plan.members.map { "\($0.typeName).entityTable" }.joined(separator: ", "))] }"
            )
            printer.line()
            printer.documentation("The member's identification.")
            printer.block(
                "\(access)static func \(GeneratedNames.rowKey)(of family: \(plan.typeName)) -> \(persistence).RowKey {"
            ) { printer in
                FamilyRenderer.switchOverMembers(plan, on: "family", into: &printer) { member in
                    "return \(member.typeName).\(GeneratedNames.rowKey)(of: member)"
                }
            }
        }
    }
}
