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

    /// A store's two row keys, the same for every backend but for the key type (`keyType`, built as
    /// `keyType(table, [values])`): `rowKey(from:context:)`, the row a delete action's payload names, and
    /// `rowKey(of:)`, an instance's (`nil` without identification attributes).
    static func renderStoreKeys(
        _ plan: TablePlan, _ spelling: Spelling, keyType: String, into printer: inout CodePrinter
    ) {
        let runtime = Spelling.runtime
        let access = spelling.access
        let entity = Spelling.storedEntity
        printer.documentation(
            "The stored row a delete action's payload names (only the identification attributes are read).")
        printer.block(
            "\(access)static func \(GeneratedNames.rowKey)(from json: \(runtime).JSONValue, context: inout \(runtime).MappingContext) throws(\(runtime).MappingError) -> \(keyType) {"
        ) { printer in
            renderBody(plan, spelling, into: &printer) { "\(keyType)(table, [\($0.joined(separator: ", "))])" }
        }
        printer.line()
        printer.documentation("An instance's identification (`nil`: the entity has none).")
        let key =
            plan.identity.isEmpty
            ? "nil"
            : "\(keyType)(table, [\(plan.identityProperties.map { "\(entity).\($0.identifier)" }.joined(separator: ", "))])"
        printer.line(
            "\(access)static func \(GeneratedNames.rowKey)(of \(entity): \(plan.typeName)) -> \(keyType)? { \(key) }")
    }
}
