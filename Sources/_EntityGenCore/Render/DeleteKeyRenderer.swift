/// Prints the body every backend's "row a delete action's payload names" function shares: the payload
/// checked to be an object, only the identification attributes read, and the backend's key built from
/// them (an entity without identification attributes cannot be named: the function throws).
enum DeleteKeyRenderer {
    /// The body; `key` turns the identity locals (in identity order) into the backend's key expression.
    static func renderBody(
        _ plan: TablePlan, _ spelling: Spelling, into printer: inout CodePrinter, key: ([String]) -> String
    ) {
        let runtime = Spelling.runtime
        guard !plan.identity.isEmpty else {
            printer.line(
                "throw \(runtime).MappingError.notIdentifiable(\(SwiftLiteral.string(plan.schemaName)), schema: \(spelling.location(plan.location)))"
            )
            return
        }
        printer.line(
            "try context.expectObject(json, entity: \(SwiftLiteral.string(plan.typeName)), schema: \(spelling.location(plan.location)))"
        )
        for property in plan.identityProperties {
            printer.line(
                "let \(property.local) = try context.required(json, \(property.fieldReference(spelling)), \(property.transformerReference(spelling)))"
            )
        }
        printer.line("return \(key(plan.identityProperties.map(\.local)))")
    }
}
