/// Prints an entity's PostgreSQL importer conformance: the table's fixed SQL (``TablePlan`` columns,
/// identity and absent bits), `save(in:)`, which stages embedded targets and then the row as COPY text,
/// and the keys a delete action and an instance name.
struct PostgresEntityRenderer {
    let spelling: Spelling
    private var access: String { spelling.access }

    func render(_ plan: TablePlan, into printer: inout CodePrinter) {
        let postgres = Spelling.postgres
        let runtime = Spelling.runtime
        printer.block("extension \(plan.typeName): \(postgres).PostgresTableEntity {") { printer in
            printer.documentation(
                "The table's fixed SQL: COPY into a staging table and one set-based upsert by identity, built once.")
            let absent = plan.columns.compactMap { column in
                column.absentBit.map { "\(SwiftLiteral.string(column.name)): \($0)" }
            }
            let absentBits = absent.isEmpty ? "" : ", absentBits: [\(absent.joined(separator: ", "))]"
            let references =
                plan.references.isEmpty
                ? "" : ", references: [\(plan.references.map(Self.reference).joined(separator: ", "))]"
            printer.line(
                "\(access)static let postgresTable = \(postgres).PostgresTable(entity: \(SwiftLiteral.string(plan.schemaName)), name: \(SwiftLiteral.string(plan.tableName)), columns: \(Spelling.list(plan.columns.map(\.name))), identity: \(Spelling.list(plan.identity))\(absentBits)\(references))"
            )
            printer.line()
            renderSave(plan, into: &printer)
            printer.line()
            printer.documentation(
                "The stored row a delete action's payload names (only the identification attributes are read).")
            printer.block(
                "\(access)static func \(GeneratedNames.postgresRowKey)(from json: \(runtime).JSONValue, context: inout \(runtime).MappingContext) throws(\(runtime).MappingError) -> \(postgres).PostgresRowKey {"
            ) { printer in
                DeleteKeyRenderer.renderBody(plan, spelling, into: &printer) {
                    "\(postgres).PostgresRowKey(Self.postgresTable, [\($0.joined(separator: ", "))])"
                }
            }
            printer.line()
            printer.documentation("This instance's identification.")
            let key =
                plan.identity.isEmpty
                ? "nil"
                : "\(postgres).PostgresRowKey(Self.postgresTable, [\(plan.identityProperties.map { "self.\($0.identifier)" }.joined(separator: ", "))])"
            printer.line("\(access)var \(GeneratedNames.postgresKey): \(postgres).PostgresRowKey? { \(key) }")
        }
    }

    private func renderSave(_ plan: TablePlan, into printer: inout CodePrinter) {
        let postgres = Spelling.postgres
        printer.documentation("Stages this instance: embedded targets first, then the row (an upsert by identity).")
        printer.block("\(access)func save(in session: inout \(postgres).PostgresSession) {") { printer in
            for save in plan.embeddedSaves {
                printer.line(EmbeddedSaveRenderer.statement(save, tryKeyword: ""))
            }
            let absent =
                plan.columns.contains { $0.absentBit != nil }
                ? "self.\(MapperRenderer.absentFields)" : "\(Spelling.runtime).AbsentFields()"
            printer.block(
                "session.save(Self.postgresTable, key: self.\(GeneratedNames.postgresKey), absent: \(absent)) { _row in"
            ) { printer in
                for column in plan.columns { printer.line(append(column.source)) }
            }
        }
    }

    /// A reference relationship's description, checked at the end of each page.
    private static func reference(_ check: TablePlan.ReferenceCheck) -> String {
        "\(Spelling.postgres).PostgresReference(relationship: \(SwiftLiteral.string(check.relationship)), columns: \(Spelling.list(check.columns)), targetTable: \(SwiftLiteral.string(check.targetTable)), targetColumns: \(Spelling.list(check.targetColumns)), failsWhenMissing: \(check.failsWhenMissing))"
    }

    /// The statement appending a column's value to the staged row `_row`.
    private func append(_ source: TablePlan.ColumnSource) -> String {
        switch source {
        case let .property(identifier):
            return "_row.append(self.\(identifier))"
        case let .json(property):
            return "_row.appendJSON(self.\(property.identifier), \(property.storageTransformerReference(spelling)))"
        case let .embeddedMember(identifier, member, optional):
            return optional ? "_row.append(self.\(identifier)?.\(member))" : "_row.append(self.\(identifier).\(member))"
        case let .ownedRowID(local):
            // Refused by the backend's limitations (owned rows have no identity); never printed.
            return "_row.append(\(local))"
        case let .collectionCount(identifier):
            return "_row.append(self.\(identifier).map { Swift.Int64($0.count) })"
        }
    }
}
