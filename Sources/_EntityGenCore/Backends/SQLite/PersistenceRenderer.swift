/// Prints an entity's persistence: its conformance (column constants, the graph request, explicit row
/// decoding) and its store, `Model.SQLite`: the fixed SQL, and `save`, which binds values straight into
/// prepared statements (no Codable, no SQL built per record), and the row keys.
struct PersistenceRenderer {
    let spelling: Spelling
    /// The table's record shape.
    let recordPlan: SQLiteRecordPlan
    private var access: String { spelling.access }
    static let persistence = SQLiteBackend.module
    static let runtime = Spelling.runtime

    func render(_ plan: TablePlan, into printer: inout CodePrinter) {
        let persistence = Self.persistence
        let entityProtocol = plan.push == nil ? "PersistableEntity" : "PushableEntity"
        printer.block("extension \(plan.typeName): \(persistence).\(entityProtocol) {") { printer in
            switch recordPlan.kind {
            case .model: break  // `Columns` is the model's own (RecordRenderer).
            case .nested:
                printer.documentation(
                    "The columns of `\(plan.typeName).\(GeneratedNames.record)`, for queries: `\(plan.typeName).\(GeneratedNames.record).filter(\(plan.typeName).\(GeneratedNames.columns).\(SwiftNaming.escaped(plan.columns.first?.name ?? GeneratedNames.rowID)) == value)`."
                )
                printer.line(
                    "\(access)typealias \(GeneratedNames.columns) = \(GeneratedNames.record).\(GeneratedNames.columns)")
                printer.line()
            }
            printer.documentation(
                "Every row as the graph JSON maps to, its relationships included, and theirs, at any depth (a path stops before an entity it already went through). Filter and order it with `Columns`, like any GRDB request."
            )
            printer.block(
                "\(access)static func requestIncludingRelationships() -> GRDB.QueryInterfaceRequest<\(plan.typeName)> {"
            ) { printer in
                switch recordPlan.kind {
                case .model:
                    printer.line("all()")
                case .nested:
                    let record = GeneratedNames.record
                    let included = recordPlan.includes.reduce("\(record).all()") {
                        "\($0).\(Self.method($1.method)) \(Self.association($1, of: record)))"
                    }
                    printer.line("\(included).asRequest(of: \(plan.typeName).self)")
                }
            }
            printer.line()
            printer.documentation("Decodes a row; relationships are filled when the request includes them.")
            printer.block("\(access)init(row: GRDB.Row) throws {") { printer in
                renderRowInitializerBody(into: &printer)
            }
        }
        printer.line()
        EntityStoreRenderer.render(
            typeName: plan.typeName, conformance: nil, store: SQLiteBackend.store, module: persistence, access: access,
            documentation:
                "How the importer stores `\(plan.typeName)` in SQLite: the table's fixed SQL, prepared once per transaction, and saves that bind values straight into its statements.",
            storeProtocol: plan.push == nil ? "EntityStore" : "PushableStore", into: &printer
        ) { printer in renderStore(plan, into: &printer) }
    }

    /// The store's members.
    private func renderStore(_ plan: TablePlan, into printer: inout CodePrinter) {
        let persistence = Self.persistence
        printer.documentation("The table's fixed SQL, prepared once per transaction by the importer.")
        let columns = Spelling.list(plan.columns.map(\.name))
        var references =
            plan.references.isEmpty
            ? "" : ", references: [\(plan.references.map(Self.referenceColumns).joined(separator: ", "))]"
        references += Spelling.absentBitsArgument(plan.columns)
        printer.line(
            "\(access)static let table = \(persistence).EntityTable(entity: \(SwiftLiteral.string(plan.schemaName)), name: \(SwiftLiteral.string(plan.tableName)), columns: \(columns), identity: \(Spelling.list(plan.identity))\(references))"
        )
        for link in plan.links {
            printer.line()
            printer.documentation("The link table of `\(link.relationship)`.")
            let reference =
                link.isReference
                ? ", reference: .init(entity: \(SwiftLiteral.string(plan.schemaName)), relationship: \(SwiftLiteral.string(link.relationship)), targetTable: \(SwiftLiteral.string(link.targetTable)), targetKeyColumns: \(Spelling.list(link.targetKeyColumns)), failsWhenMissing: \(link.failsWhenMissing))"
                : ""
            printer.line(
                "fileprivate static let \(link.staticName) = \(persistence).LinkTable(name: \(SwiftLiteral.string(link.table)), ownerColumns: \(Spelling.list(link.ownerColumns.map(\.name))), targetColumns: \(Spelling.list(link.targetColumns.map(\.name))), isMap: \(link.isMap)\(reference)\(link.ownsTargets ? ", ownedTargetEntity: \(SwiftLiteral.string(link.targetEntity))" : ""))"
            )
        }
        printer.line()
        printer.documentation("The table.")
        printer.line("\(access)static var tables: [\(persistence).EntityTable] { [table] }")
        if let push = plan.push {
            printer.line()
            renderPushRoutes(push, plan, into: &printer)
        }
        printer.line()
        renderSave(plan, into: &printer)
        printer.line()
        DeleteKeyRenderer.renderStoreKeys(plan, spelling, keyType: "\(persistence).RowKey", into: &printer)
    }

    /// The requests `OutboxPusher` sends for local edits (`push:`).
    private func renderPushRoutes(_ push: PushPlan, _ plan: TablePlan, into printer: inout CodePrinter) {
        let persistence = Self.persistence
        printer.documentation("The requests that send local edits to the server (the schema's `push:`).")
        var arguments = [
            "entity: \(SwiftLiteral.string(plan.schemaName))", "table: \(SwiftLiteral.string(plan.tableName))",
            "identity: \(Spelling.list(plan.identity))",
        ]
        for operation in PushDeclaration.routeKeys {
            let route = push.routes.first { $0.operation == operation }.map {
                "\(persistence).PushRoute(method: \(SwiftLiteral.string($0.method)), path: \(SwiftLiteral.string($0.path)))"
            }
            arguments.append("\(operation.rawValue): \(route ?? "nil")")
        }
        let keys = push.jsonKeys.map { "\(SwiftLiteral.string($0.column)): \(SwiftLiteral.string($0.key))" }
        arguments.append("jsonKeys: [\(keys.isEmpty ? ":" : keys.joined(separator: ", "))]")
        if !push.uuidColumns.isEmpty { arguments.append("uuidColumns: \(Spelling.list(push.uuidColumns))") }
        printer.line(
            "\(access)static let pushRoutes = \(persistence).PushRoutes(\(arguments.joined(separator: ", ")))")
    }

    /// An included association, with what its target's rows need included in turn
    /// (`Record.comments.including(required: Comment.Record.author)`).
    static func association(_ include: SQLiteRecordPlan.Include, of record: String) -> String {
        let targetRecord = "\(include.targetType).\(GeneratedNames.record)"
        guard let through = include.through else {
            return include.nested.reduce("\(record).\(include.association)") {
                "\($0).\(method($1.method)) \(association($1, of: targetRecord)))"
            }
        }
        // A map: its link rows, each with its target (and the target's own includes).
        let target = include.nested.reduce("\(through).target") {
            "\($0).\(method($1.method)) \(association($1, of: targetRecord)))"
        }
        return "\(record).\(include.association).including(required: \(target))"
    }

    private func renderSave(_ plan: TablePlan, into printer: inout CodePrinter) {
        let parameters =
            "_ \(Spelling.storedEntity): \(plan.typeName), absent: \(Spelling.runtime).AbsentTree, in session: inout \(Self.persistence).ImportSession"
        let owned = plan.identity.isEmpty
        if owned {
            printer.documentation("Saves an instance in a new row (its owner's save passes the slot to reuse).")
            printer.line("@discardableResult")
            printer.block("\(access)static func save(\(parameters)) throws -> Swift.Int64 {") { printer in
                printer.line("try save(\(Spelling.storedEntity), absent: absent, in: &session, slot: nil)")
            }
            printer.line()
            printer.documentation(
                "Saves an instance in `slot`, the row id of the row at its place in the owner (`nil`: a new row), updated only where it differs: embedded targets first, then the row, then links."
            )
            printer.line("@discardableResult")
            printer.block("\(access)static func save(\(parameters), slot: Swift.Int64?) throws -> Swift.Int64 {") {
                printer in
                renderSaveBody(plan, into: &printer)
            }
        } else {
            printer.documentation(
                "Saves an instance: embedded targets first, then the row (an upsert by identity), then links.")
            printer.line("@discardableResult")
            printer.block("\(access)static func save(\(parameters)) throws -> Swift.Int64 {") { printer in
                renderSaveBody(plan, into: &printer)
            }
        }
    }

    /// The stored row's key for slot look-ups: its identity, or (owned) its own slot.
    private func storedKey(_ plan: TablePlan) -> String {
        plan.identity.isEmpty
            ? "slot.map { [$0.columnDatabaseValue] }"
            : "[\(plan.identityProperties.map { "\(Spelling.storedEntity).\($0.identifier).columnDatabaseValue" }.joined(separator: ", "))]"
    }

    private func renderSaveBody(_ plan: TablePlan, into printer: inout CodePrinter) {
        for save in plan.embeddedSaves {
            // Looked up before the save that takes `session` inout.
            let slot = save.slotLocal
            if let slot, let column = save.slotColumn {
                printer.line(
                    "let \(slot) = try session.storedRowID(table, column: \(SwiftLiteral.string(column)), key: \(storedKey(plan)))"
                )
            }
            printer.line(
                EmbeddedSaveRenderer.statement(save, store: SQLiteBackend.store, tryKeyword: "try ", slot: slot))
        }
        // With absent bits, the session binds them, or picks the statement that sets every column.
        printer.line(
            plan.columns.contains(where: { $0.absentBit != nil })
                ? "let _row = try session.prepare(table, absent: absent.fields)"
                : "let _row = try session.prepare(table)")
        for (offset, column) in plan.columns.enumerated() {
            printer.line(bindStatement(column.source, at: offset + 1))
        }
        printer.line(
            plan.identity.isEmpty
                ? "let _rowID = try session.save(_row, slot: slot)" : "let _rowID = try session.save(_row)")
        for link in plan.links {
            guard let bit = link.absentBit else {
                renderLinks(link, into: &printer)
                continue
            }
            // An absent key keeps the stored links.
            printer.block("if !absent.fields.contains(\(bit)) {") { printer in
                renderLinks(link, into: &printer)
            }
        }
        printer.line("return _rowID")
    }

    /// Replaces the owner's links of one to-many relationship: each current element's link upserted by
    /// position (an owned target saved in the row its position held), then the links past them removed.
    private func renderLinks(_ link: TablePlan.Link, into printer: inout CodePrinter) {
        let slots = "\(link.staticName)Slots"
        printer.line("let \(link.staticName)Statements = try session.linkStatements(\(link.staticName))")
        if link.ownsTargets {
            let owner = link.ownerColumns.map { "\($0.value.saveExpression).columnDatabaseValue" }
            printer.line(
                "let \(slots) = try session.linkedTargets(\(link.staticName), owner: [\(owner.joined(separator: ", "))])"
            )
        }
        printer.block(link.elementLoop) { printer in
            let insert = "\(link.staticName)Statements.insert"
            let saving = "try \(link.targetType).\(SQLiteBackend.store).save"
            let absent = "absent: \(link.absentChild)"
            if link.isExpandable {
                printer.line(
                    "if case let .expanded(_target) = _element { \(saving)(_target, \(absent), in: &session) }")
            } else if !link.isReference {
                printer.line(
                    link.ownsTargets
                        ? "let _target = \(saving)(_element, \(absent), in: &session, slot: _position < \(slots).count ? \(slots)[_position] : nil)"
                        : "\(saving)(_element, \(absent), in: &session)")
            }
            var index = 1
            for owner in link.ownerColumns {
                printer.line("\(owner.value.saveExpression).bindValue(to: \(insert), at: \(index))")
                index += 1
            }
            printer.line("Swift.Int64(_position).bindValue(to: \(insert), at: \(index))")
            index += 1
            if link.isMap {
                printer.line("_key.bindValue(to: \(insert), at: \(index))")
                index += 1
            }
            for target in link.targetColumns {
                printer.line("\(target.value.saveExpression).bindValue(to: \(insert), at: \(index))")
                index += 1
            }
            printer.line("try session.execute(\(insert))")
            if link.isReference {
                let owner = link.ownerColumns.map { "\($0.value.saveExpression).columnDatabaseValue" }
                printer.line(
                    "session.linkedReference(\(link.staticName), owner: [\(owner.joined(separator: ", "))], position: Swift.Int64(_position))"
                )
            }
        }
        for (offset, owner) in link.ownerColumns.enumerated() {
            printer.line(
                "\(owner.value.saveExpression).bindValue(to: \(link.staticName)Statements.delete, at: \(offset + 1))"
            )
        }
        printer.line(
            "Swift.Int64(\(link.collection).count).bindValue(to: \(link.staticName)Statements.delete, at: \(link.ownerColumns.count + 1))"
        )
        printer.line("try session.trimLinks(\(link.staticName), \(link.staticName)Statements.delete)")
    }

    /// The statement binding a column's value to parameter `index` of the save statement, through `_row`.
    private func bindStatement(_ source: TablePlan.ColumnSource, at index: Int) -> String {
        switch source {
        case let .property(identifier):
            return "_row.bind(\(Spelling.storedEntity).\(identifier), at: \(index))"
        case let .json(property):
            return
                "_row.bind(\(Spelling.storedEntity).\(property.identifier), json: \(property.storageTransformerReference(spelling)), at: \(index))"
        case let .embeddedMember(identifier, member, optional):
            return optional
                ? "_row.bind(\(Spelling.storedEntity).\(identifier)?.\(member), at: \(index))"
                : "_row.bind(\(Spelling.storedEntity).\(identifier).\(member), at: \(index))"
        case let .ownedRowID(local, _):
            return "_row.bind(\(local), at: \(index))"
        case let .collectionCount(identifier):
            return "_row.bind(\(Spelling.storedEntity).\(identifier).map { Swift.Int64($0.count) }, at: \(index))"
        }
    }

    /// `init(row:)`'s body: the JSON columns first, each into a local with its `try`, then one initializer
    /// call whose plain columns are read through `RowColumns` without one (relationships keep theirs), and
    /// the check that throws the first of those that did not convert (`RowColumns` says why).
    private func renderRowInitializerBody(into printer: inout CodePrinter) {
        var arguments: [String] = []
        var readsColumns = false
        for (label, read) in recordPlan.rowArguments {
            switch read {
            case let .column(name):
                readsColumns = true
                arguments.append("\(label): \(GeneratedNames.rowColumns).column(\(recordPlan.columnArguments(name)))")
            case .jsonColumn:
                // Before the others, so that its error paths have no other value to destroy (its type comes
                // from the transformer, so the local needs no annotation).
                let local = "\(GeneratedNames.rowRead)\(arguments.count)"
                printer.line("let \(local) = \(rowExpression(read))")
                arguments.append("\(label): \(local)")
            case .emptyCollection, .none, .included, .prefetched, .prefetchedMap, .prefetchedReferences,
                .optionalCollection:
                // In place, with their `try`: the relationship's type comes from the argument.
                arguments.append("\(label): \(rowExpression(read))")
            }
        }
        if readsColumns { printer.line("var \(GeneratedNames.rowColumns) = \(Self.persistence).RowColumns(row)") }
        // One line, which the wrapper fills into as many as it needs.
        printer.line("self.init(\(arguments.joined(separator: ", ")))")
        if readsColumns { printer.line("try \(GeneratedNames.rowColumns).check()") }
    }

    /// The expression `init(row:)` passes for one argument read with a `try` (``renderRowInitializerBody(into:)``
    /// reads plain columns itself).
    private func rowExpression(_ read: SQLiteRecordPlan.RowRead) -> String {
        switch read {
        case let .column(name): return "try row.column(\(recordPlan.columnArguments(name)))"
        case let .jsonColumn(name, property, optional):
            return
                "try row.\(optional ? "optionalJSONColumn" : "jsonColumn")(\(recordPlan.columnArguments(name)), \(property.storageTransformerReference(spelling)))"
        case let .included(key, required):
            return "try row.\(required ? "requiredIncluded" : "included")(\(SwiftLiteral.string(key)))"
        case let .prefetched(key): return "try row.prefetched(\(SwiftLiteral.string(key)))"
        case let .prefetchedMap(key): return "try row.prefetchedMap(\(SwiftLiteral.string(key)))"
        case let .prefetchedReferences(key, column, isMap):
            return
                "try row.\(isMap ? "prefetchedReferenceMap" : "prefetchedReferences")(\(SwiftLiteral.string(key)), column: \(SwiftLiteral.string(column)))"
        case let .emptyCollection(isMap): return isMap ? "[:]" : "[]"
        case .none: return "nil"
        case let .optionalCollection(countColumn, collection):
            return "try row.optionalCollection(\(SwiftLiteral.string(countColumn))) { \(rowExpression(collection)) }"
        }
    }

    /// The request method including an association.
    private static func method(_ method: SQLiteRecordPlan.Include.Method) -> String {
        switch method {
        case .optional: return "including(optional:"
        case .required: return "including(required:"
        case .all: return "including(all:"
        }
    }

    /// An `EntityGenPersistence.ReferenceColumns` construction.
    private static func referenceColumns(_ check: TablePlan.ReferenceCheck) -> String {
        "\(persistence).ReferenceColumns(relationship: \(SwiftLiteral.string(check.relationship)), columns: \(Spelling.list(check.columns)), targetTable: \(SwiftLiteral.string(check.targetTable)), failsWhenMissing: \(check.failsWhenMissing))"
    }
}
