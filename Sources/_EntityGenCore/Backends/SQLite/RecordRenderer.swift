/// Prints an entity's row-shaped `Record`: one stored property per column, as GRDB's record guide
/// shapes records (the model itself when it has no relationships, ``SQLiteRecordPlan/Kind``), so that every plain GRDB request works on it (`fetchAll`, `fetchOne(db, id:)`,
/// `filter`, `order`, `ValueObservation`) and local edits go through `PersistableRecord`. Relationships
/// are their key columns and associations (with the inverse of every association that reaches the
/// table); nothing on a record looks loaded that was not fetched.
struct RecordRenderer {
    let spelling: Spelling
    /// The table's record shape.
    let recordPlan: SQLiteRecordPlan
    private var access: String { spelling.access }

    func render(_ plan: TablePlan, into printer: inout CodePrinter) {
        switch recordPlan.kind {
        case .model: renderModelAsRecord(plan, into: &printer)
        case .nested: renderNestedRecord(plan, into: &printer)
        }
    }

    /// The model is the record: the table's GRDB conformance, columns and associations on the model.
    private func renderModelAsRecord(_ plan: TablePlan, into printer: inout CodePrinter) {
        let type = plan.typeName
        printer.block("extension \(type): GRDB.PersistableRecord {") { printer in
            printer.documentation(
                "One row of the `\(plan.tableName)` table: `\(type)` has no relationships, so it is its own record, the type plain GRDB requests fetch (`\(type).Record.filter(...).fetchAll(db)`, `fetchOne(db, id:)`, `ValueObservation`) and local edits save (`insert`, `update`, `upsert`, `delete`)."
            )
            printer.line("\(access)typealias \(GeneratedNames.record) = \(type)")
            printer.line()
            renderTableAndColumns(plan, into: &printer)
            printer.line()
            printer.documentation("Encodes the columns as the importer stores them.")
            printer.block("\(access)func encode(to container: inout GRDB.PersistenceContainer) throws {") { printer in
                for property in recordPlan.properties { printer.line(setting(property)) }
            }
            renderAssociations(plan, into: &printer)
        }
    }

    /// A nested row-shaped `Record`, for entities with relationships or a hidden row id.
    private func renderNestedRecord(_ plan: TablePlan, into printer: inout CodePrinter) {
        let type = plan.typeName
        let hasRowID = plan.identity.isEmpty
        let mutable = hasRowID ? "GRDB.MutablePersistableRecord" : "GRDB.PersistableRecord"
        let identifiable = hasIdentity(plan) ? ", Swift.Identifiable" : ""
        printer.block("extension \(type) {") { printer in
            printer.documentation(
                "One row of the `\(plan.tableName)` table: the type plain GRDB requests fetch (`\(type).Record.filter(...).fetchAll(db)`, `fetchOne(db, id:)`, `ValueObservation`) and local edits save (`insert`, `update`, `upsert`, `delete`). Relationships are their key columns and associations; `\(type)` is the graph JSON maps to (`\(type).requestIncludingRelationships()`)."
            )
            printer.block(
                "\(access)struct \(GeneratedNames.record): Swift.Sendable, Swift.Hashable\(identifiable), GRDB.FetchableRecord, \(mutable) {"
            ) { printer in
                renderTableAndColumns(plan, into: &printer)
                if hasRowID {
                    printer.line()
                    printer.documentation("The hidden row id (`_id`); `nil` until the record is inserted.")
                    printer.line("\(access)var \(GeneratedNames.rowID): Swift.Int64?")
                }
                for property in recordPlan.properties {
                    printer.line()
                    printer.line("\(access)var \(property.identifier): \(Spelling.type(property.type))")
                }
                renderIdentity(plan, into: &printer)
                printer.line()
                renderMemberwiseInitializer(plan, into: &printer)
                printer.documentation("Encodes the columns as the importer stores them.")
                printer.block("\(access)func encode(to container: inout GRDB.PersistenceContainer) throws {") {
                    printer in
                    if hasRowID { printer.line("container.setColumn(\"_id\", \(GeneratedNames.rowID))") }
                    for property in recordPlan.properties {
                        printer.line(setting(property))
                    }
                }
                if hasRowID {
                    printer.line()
                    printer.documentation("Keeps the row id of an inserted record.")
                    printer.block("\(access)mutating func didInsert(_ inserted: GRDB.InsertionSuccess) {") { printer in
                        printer.line("\(GeneratedNames.rowID) = inserted.rowID")
                    }
                }
                renderAssociations(plan, into: &printer)
            }
        }
        printer.line()
        // In an extension, so that an internal record keeps the memberwise initializer Swift synthesizes.
        printer.block("extension \(type).\(GeneratedNames.record) {") { printer in
            renderRowInitializer(plan, into: &printer)
        }
    }

    /// The table name and the `Columns` enum.
    private func renderTableAndColumns(_ plan: TablePlan, into printer: inout CodePrinter) {
        let type = plan.typeName
        printer.documentation("The table.")
        printer.line("\(access)static var databaseTableName: Swift.String { \(SwiftLiteral.string(plan.tableName)) }")
        printer.line()
        printer.documentation(
            "The columns, for queries: `\(type).\(GeneratedNames.record).filter { $0.\(SwiftNaming.escaped(plan.columns.first?.name ?? "rowID")) == value }`."
        )
        // Computed, not `static let` as GRDB's guide writes them: a column is a name, so building it on
        // each use costs nothing, while a stored static is a lazily initialized global, which cost a
        // debug compile 2.7 times a getter's work (Documentation/Benchmarks.md).
        printer.block("\(access)enum \(GeneratedNames.columns) {") { printer in
            if plan.identity.isEmpty {
                printer.line("\(access)static var \(GeneratedNames.rowID): GRDB.Column { \(Self.column("_id")) }")
            }
            for column in plan.columns {
                printer.line(
                    "\(access)static var \(SwiftNaming.escaped(column.name)): GRDB.Column { \(Self.column(column.name)) }"
                )
            }
        }
    }

    /// Whether the record is `Identifiable`: by its single identification attribute, or by its row id
    /// when it has none (unless a column is itself named `id`).
    private func hasIdentity(_ plan: TablePlan) -> Bool {
        if plan.identity.isEmpty { return !recordPlan.properties.contains { $0.identifier == "id" } }
        return recordPlan.identity != nil
    }

    private func renderIdentity(_ plan: TablePlan, into printer: inout CodePrinter) {
        guard hasIdentity(plan) else { return }
        if plan.identity.isEmpty {
            printer.line()
            printer.documentation("The identity: the row id.")
            printer.line("\(access)var id: Swift.Int64? { \(GeneratedNames.rowID) }")
        } else if let identity = recordPlan.identity, identity.identifier != "id" {
            printer.line()
            printer.documentation("The identity: `\(identity.identifier)`.")
            printer.line("\(access)var id: \(Spelling.type(identity.type)) { \(identity.identifier) }")
        }
    }

    /// The memberwise initializer of a public or package record, in its body (where it replaces the
    /// internal one Swift synthesizes); an internal record has the synthesized one, the same.
    private func renderMemberwiseInitializer(_ plan: TablePlan, into printer: inout CodePrinter) {
        guard !spelling.isInternal else { return }
        let hasRowID = plan.identity.isEmpty
        var parameters = recordPlan.properties.map { property -> String in
            let optional = if case .optional = property.type { " = nil" } else { "" }
            return "\(property.identifier): \(Spelling.type(property.type))\(optional)"
        }
        if hasRowID { parameters.insert("\(GeneratedNames.rowID): Swift.Int64? = nil", at: 0) }
        printer.documentation("Creates a record from its columns.")
        printer.block("\(access)init(\(parameters.joined(separator: ", "))) {") { printer in
            if hasRowID { printer.line("self.\(GeneratedNames.rowID) = \(GeneratedNames.rowID)") }
            for property in recordPlan.properties {
                printer.line("self.\(property.identifier) = \(property.identifier)")
            }
        }
        printer.line()
    }

    /// `init(row:)`, printed in an extension of the record so that Swift still synthesizes the memberwise one.
    private func renderRowInitializer(_ plan: TablePlan, into printer: inout CodePrinter) {
        printer.documentation("Decodes a row, naming the column of a value that does not convert.")
        printer.block("\(access)init(row: GRDB.Row) throws {") { printer in
            // As the model's `init(row:)`: the JSON columns (which keep their `try`) first, then the plain
            // columns through `RowColumns`, then the check that throws the first of those that failed.
            let columns = GeneratedNames.rowColumns
            for property in recordPlan.properties {
                guard let json = property.json else { continue }
                printer.line("self.\(property.identifier) = \(decoded(property, json: json))")
            }
            var plain = recordPlan.properties.filter { $0.json == nil }.map { ($0.identifier, $0.column) }
            if plan.identity.isEmpty { plain.insert((GeneratedNames.rowID, "_id"), at: 0) }
            guard !plain.isEmpty else { return }
            printer.line("var \(columns) = \(SQLiteBackend.module).RowColumns(row)")
            for (identifier, column) in plain {
                printer.line("self.\(identifier) = \(columns).column(\(recordPlan.columnArguments(column)))")
            }
            printer.line("try \(columns).check()")
        }
    }

    private func renderAssociations(_ plan: TablePlan, into printer: inout CodePrinter) {
        // A link table is a namespace of GRDB `Table<Row>` associations, internal however public the record
        // is: the public associations that reach link rows (a map's, a reference's) are declared with
        // `GRDB.Row` rows, so no generated type of ours appears in a public declaration.
        for link in plan.links {
            printer.line()
            printer.documentation("The link table of `\(link.relationship)`, for associations.")
            printer.block("internal enum \(link.linkType) {") { printer in
                let table = SwiftLiteral.string(link.table)
                printer.line("internal static let table = GRDB.Table<GRDB.Row>(\(table))")
                printer.line(
                    "internal static let target = table.belongsTo(\(link.targetType).\(GeneratedNames.record).self, key: \"target\", using: GRDB.ForeignKey(\(Spelling.list(link.targetColumns.map(\.name))), to: \(Spelling.list(link.targetKeyColumns))))"
                )
                printer.line(
                    "internal static let owner = table.belongsTo(\(plan.typeName).\(GeneratedNames.record).self, using: GRDB.ForeignKey(\(Spelling.list(link.ownerColumns.map(\.name))), to: \(Spelling.list(link.ownerTargetColumns))))"
                )
            }
        }
        for association in recordPlan.associations {
            printer.line()
            switch association.kind {
            case .belongsTo, .hasManyThrough, .linkRows, .referenceRows:
                printer.documentation("The `\(association.key)` relationship, for `including` and `request(for:)`.")
            case let .hasMany(owner, _, _), let .hasManyThroughInverse(owner, _, _, _):
                printer.documentation("The `\(owner)` records that reach this one: an inverse association.")
            }
            printer.line(
                "\(access)static let \(association.name)\(Self.declaredType(association)) = \(Self.expression(association))"
            )
        }
    }

    /// The statement of `encode(to:)` that sets a property's column (`container.setColumn("name", name)`):
    /// one non-overloaded method per kind of column, which type-checks faster than the subscripts.
    private func setting(_ property: SQLiteRecordPlan.Property) -> String {
        let column = SwiftLiteral.string(property.column)
        guard let json = property.json else { return "container.setColumn(\(column), \(property.identifier))" }
        return
            "container.\(Self.isOptional(property) ? "setOptionalJSONColumn" : "setJSONColumn")(\(column), \(property.identifier), \(json.storageTransformerReference(spelling)))"
    }

    /// Whether a property is optional: its JSON column is read and written by the optional variants.
    private static func isOptional(_ property: SQLiteRecordPlan.Property) -> Bool {
        if case .optional = property.type { true } else { false }
    }

    /// A JSON column's value decoded from `row` through the property's transformer.
    private func decoded(_ property: SQLiteRecordPlan.Property, json: EntityPlan.Property) -> String {
        let column = recordPlan.columnArguments(property.column)
        return
            "try row.\(Self.isOptional(property) ? "optionalJSONColumn" : "jsonColumn")(\(column), \(json.storageTransformerReference(spelling)))"
    }

    /// The type an association through a link table is declared with (`: GRDB.HasManyThroughAssociation<Self,
    /// Label.Record>`, or `GRDB.HasManyAssociation<Self, GRDB.Row>` for link rows), so that the link
    /// table's namespace, internal, does not appear in a public declaration's inferred type; empty for the
    /// others, whose inferred types name only public records.
    static func declaredType(_ association: SQLiteRecordPlan.Association) -> String {
        switch association.kind {
        case let .hasManyThrough(target, _, _, _, _), let .hasManyThroughInverse(target, _, _, _):
            ": GRDB.HasManyThroughAssociation<Self, \(target).\(GeneratedNames.record)>"
        case .linkRows, .referenceRows: ": GRDB.HasManyAssociation<Self, GRDB.Row>"
        case .belongsTo, .hasMany: ""
        }
    }

    /// A column as GRDB's query interface names it: `GRDB.Column("name")`.
    static func column(_ name: String) -> String { "GRDB.Column(\(SwiftLiteral.string(name)))" }

    /// The arguments of an association's `order(...)`: one ``column(_:)`` per column.
    static func ordering(_ columns: [String]) -> String { columns.map(column).joined(separator: ", ") }

    /// An association's declaration, as GRDB's guide writes it.
    static func expression(_ association: SQLiteRecordPlan.Association) -> String {
        let key = SwiftLiteral.string(association.key)
        let record = GeneratedNames.record
        switch association.kind {
        case let .belongsTo(target, columns, targetColumns):
            return
                "belongsTo(\(target).\(record).self, key: \(key), using: GRDB.ForeignKey(\(Spelling.list(columns)), to: \(Spelling.list(targetColumns))))"
        case let .hasManyThrough(target, linkType, ownerColumns, ownerTargetColumns, order):
            return
                "hasMany(\(target).\(record).self, through: hasMany(\(linkType).table, using: GRDB.ForeignKey(\(Spelling.list(ownerColumns)), to: \(Spelling.list(ownerTargetColumns)))).order(\(ordering(order))), using: \(linkType).target, key: \(key))"
        case let .linkRows(_, linkType, ownerColumns, ownerTargetColumns):
            return
                "hasMany(\(linkType).table, key: \(key), using: GRDB.ForeignKey(\(Spelling.list(ownerColumns)), to: \(Spelling.list(ownerTargetColumns))))"
        case let .referenceRows(linkType, ownerColumns, ownerTargetColumns, order):
            return
                "hasMany(\(linkType).table, key: \(key), using: GRDB.ForeignKey(\(Spelling.list(ownerColumns)), to: \(Spelling.list(ownerTargetColumns)))).order(\(ordering(order)))"
        case let .hasMany(owner, columns, targetColumns):
            return
                "hasMany(\(owner).\(record).self, key: \(key), using: GRDB.ForeignKey(\(Spelling.list(columns)), to: \(Spelling.list(targetColumns))))"
        case let .hasManyThroughInverse(owner, linkType, targetLinkColumns, targetKeyColumns):
            let link = "\(owner).\(record).\(linkType)"
            return
                "hasMany(\(owner).\(record).self, through: hasMany(\(link).table, using: GRDB.ForeignKey(\(Spelling.list(targetLinkColumns)), to: \(Spelling.list(targetKeyColumns)))), using: \(link).owner, key: \(key))"
        }
    }
}
