/// Prints an entity's persistence conformance: table name, column constants, the fixed SQL, GRDB
/// associations, explicit row decoding, and `save(in:)`, which binds values straight into prepared
/// statements (no Codable, no SQL built per record).
struct PersistenceRenderer {
    let access: String
    static let persistence = PersistenceTranslator.persistence
    static let runtime = TypeTranslator.runtime

    func render(_ plan: TablePlan, into printer: inout CodePrinter) {
        let persistence = Self.persistence
        let runtime = Self.runtime
        printer.block("extension \(plan.typeName): \(persistence).PersistableEntity {") { printer in
            printer.documentation("The table of `\(plan.typeName)`.")
            printer.line("\(access)static var databaseTableName: Swift.String { \(SwiftLiteral.string(plan.tableName)) }")
            printer.line()
            printer.documentation("The columns, for queries: `\(plan.typeName).filter(\(plan.typeName).Columns.\(SwiftNaming.escaped(plan.columns.first?.name ?? "_id")) == value)`.")
            printer.block("\(access)enum Columns {") { printer in
                for column in plan.columns {
                    printer.line("\(access)static let \(SwiftNaming.escaped(column.name)) = GRDB.Column(\(SwiftLiteral.string(column.name)))")
                }
            }
            printer.line()
            printer.documentation("The table's fixed SQL, prepared once per transaction by the importer.")
            let columns = PersistenceTranslator.list(plan.columns.map(\.name))
            let references = plan.references.isEmpty ? "" : ", references: [\(plan.references.joined(separator: ", "))]"
            printer.line("\(access)static let entityTable = \(persistence).EntityTable(entity: \(SwiftLiteral.string(plan.schemaName)), name: \(SwiftLiteral.string(plan.tableName)), columns: \(columns), identity: \(PersistenceTranslator.list(plan.identity))\(references))")
            for link in plan.links {
                printer.line()
                printer.documentation("The link table of `\(link.relationship)`.")
                printer.line("\(access)static let \(link.staticName) = \(persistence).LinkTable(name: \(SwiftLiteral.string(link.table)), ownerColumns: \(PersistenceTranslator.list(link.ownerColumns.map(\.name))), targetColumns: \(PersistenceTranslator.list(link.targetColumns.map(\.name))), isMap: \(link.isMap))")
                if !link.isMap && !link.isReference {
                    printer.line()
                    printer.documentation("The link table as a GRDB record type, for the `\(link.relationship)` association.")
                    printer.block("\(access)enum \(link.linkType): GRDB.TableRecord {") { printer in
                        printer.line("\(access)static var databaseTableName: Swift.String { \(SwiftLiteral.string(link.table)) }")
                        printer.line("\(access)static let target = belongsTo(\(link.targetType).self, using: GRDB.ForeignKey(\(PersistenceTranslator.list(link.targetColumns.map(\.name))), to: \(PersistenceTranslator.list(link.targetKeyColumns))))")
                    }
                }
            }
            for association in plan.associations {
                printer.line()
                printer.documentation("The `\(association.key)` relationship, for `including` and `request(for:)`.")
                printer.line("\(access)static let \(association.name) = \(association.expression)")
            }
            printer.line()
            printer.documentation("All rows with their direct relationships included (one level).")
            printer.block("\(access)static func requestIncludingRelationships() -> GRDB.QueryInterfaceRequest<\(plan.typeName)> {") { printer in
                printer.line(plan.includes.reduce("all()") { "\($0).\($1.method) \($1.association))" })
            }
            printer.line()
            printer.documentation("Decodes a row; relationships are filled when the request includes them.")
            printer.block("\(access)init(row: GRDB.Row) throws {") { printer in
                printer.line("self.init(")
                printer.indent()
                for (offset, argument) in plan.rowArguments.enumerated() {
                    printer.line("\(argument.label): \(argument.expression)" + (offset < plan.rowArguments.count - 1 ? "," : ""))
                }
                printer.outdent()
                printer.line(")")
            }
            printer.line()
            renderSave(plan, into: &printer)
            printer.line()
            printer.documentation("The stored row a delete action's payload names (only the identification attributes are read).")
            printer.block("\(access)static func rowKey(from json: \(runtime).JSONValue, context: inout \(runtime).MappingContext) throws(\(runtime).MappingError) -> \(persistence).RowKey {") { printer in
                if plan.identity.isEmpty {
                    printer.line("throw \(runtime).MappingError.notIdentifiable(\(SwiftLiteral.string(plan.schemaName)), schema: \(plan.schemaLocation))")
                } else {
                    printer.line("try context.expectObject(json, entity: \(SwiftLiteral.string(plan.typeName)), schema: \(plan.schemaLocation))")
                    for read in plan.identityReads {
                        printer.line("let \(read.local) = try context.required(json, \(read.field), \(read.transformer))")
                    }
                    printer.line("return \(persistence).RowKey(Self.entityTable, [\(plan.identityReads.map(\.local).joined(separator: ", "))])")
                }
            }
            printer.line()
            printer.documentation("This instance's identification.")
            printer.line("\(access)var rowKey: \(persistence).RowKey { \(persistence).RowKey(Self.entityTable, [\(plan.identityReads.map(\.property).joined(separator: ", "))]) }")
        }
    }

    private func renderSave(_ plan: TablePlan, into printer: inout CodePrinter) {
        printer.documentation("Saves this instance: embedded targets first, then the row (an upsert by identity), then links.")
        printer.line("@discardableResult")
        printer.block("\(access)func save(in session: inout \(Self.persistence).ImportSession) throws -> Swift.Int64 {") { printer in
            for save in plan.embeddedSaves {
                if save.isCollection {
                    let loop = save.isMap ? "for _element in \(save.property).values" : "for _element in \(save.property)"
                    printer.line("\(loop) { try _element.save(in: &session) }")
                } else if let local = save.rowIDLocal {
                    printer.line(save.isOptional
                        ? "let \(local) = try \(save.property).map { try $0.save(in: &session) }"
                        : "let \(local) = try \(save.property).save(in: &session)")
                } else {
                    printer.line(save.isOptional
                        ? "if let _target = \(save.property) { try _target.save(in: &session) }"
                        : "try \(save.property).save(in: &session)")
                }
            }
            printer.line("let _row = try session.prepare(Self.entityTable)")
            if !plan.columns.isEmpty { printer.line("let _statement = _row.statement") }
            for (offset, column) in plan.columns.enumerated() {
                printer.line(column.bind.replacingOccurrences(of: "%i", with: String(offset + 1)))
            }
            printer.line("let _rowID = try session.save(_row)")
            for link in plan.links {
                printer.line("let \(link.staticName)Statements = try session.linkStatements(Self.\(link.staticName))")
                for (offset, owner) in link.ownerColumns.enumerated() {
                    printer.line("\(owner.value).bindValue(to: \(link.staticName)Statements.delete, at: \(offset + 1))")
                }
                printer.line("try session.execute(\(link.staticName)Statements.delete)")
                let loop = link.isMap
                    ? "for (_position, (_key, _element)) in \(link.property).sorted(by: { $0.key < $1.key }).enumerated() {"
                    : "for (_position, _element) in \(link.property).enumerated() {"
                printer.block(loop) { printer in
                    let insert = "\(link.staticName)Statements.insert"
                    if !link.isReference {
                        printer.line(link.ownsTargets ? "let _target = try _element.save(in: &session)" : "try _element.save(in: &session)")
                    }
                    var index = 1
                    for owner in link.ownerColumns {
                        printer.line("\(owner.value).bindValue(to: \(insert), at: \(index))")
                        index += 1
                    }
                    printer.line("Swift.Int64(_position).bindValue(to: \(insert), at: \(index))")
                    index += 1
                    if link.isMap {
                        printer.line("_key.bindValue(to: \(insert), at: \(index))")
                        index += 1
                    }
                    for target in link.targetColumns {
                        printer.line("\(target.value).bindValue(to: \(insert), at: \(index))")
                        index += 1
                    }
                    printer.line("try session.execute(\(insert))")
                }
            }
            printer.line("return _rowID")
        }
    }
}
