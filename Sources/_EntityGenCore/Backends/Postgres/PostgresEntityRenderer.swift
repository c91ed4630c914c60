/// Prints an entity's PostgreSQL importer conformance and its store, `Model.Postgres`: the table's fixed
/// SQL (``TablePlan`` columns, identity and absent bits), `save`, which stages embedded targets and then
/// the row as COPY text, and the keys a delete action and an instance name.
struct PostgresEntityRenderer {
    let spelling: Spelling
    private var access: String { spelling.access }

    func render(_ plan: TablePlan, into printer: inout CodePrinter) {
        EntityStoreRenderer.render(
            typeName: plan.typeName, conformance: "PostgresEntity", store: PostgresNames.store,
            module: PostgresBackend.module, access: access,
            documentation:
                "How the importer stores `\(plan.typeName)` in PostgreSQL: the table's fixed SQL, and saves that stage rows as COPY text.",
            into: &printer
        ) { printer in renderStore(plan, into: &printer) }
    }

    /// The store's members.
    private func renderStore(_ plan: TablePlan, into printer: inout CodePrinter) {
        let postgres = PostgresBackend.module
        let store = PostgresNames.store
        printer.documentation(
            "The table's fixed SQL: COPY into a staging table and one set-based upsert by identity, built once.")
        let absentBits = Spelling.absentBitsArgument(plan.columns)
        var references =
            plan.references.isEmpty
            ? "" : ", references: [\(plan.references.map(Self.reference).joined(separator: ", "))]"
        let owned = plan.columns.compactMap { column -> String? in
            guard case let .ownedRowID(_, targetTable) = column.source else { return nil }
            return "\(SwiftLiteral.string(column.name)): \(SwiftLiteral.string(targetTable))"
        }
        if !owned.isEmpty { references += ", ownedRows: [\(owned.joined(separator: ", "))]" }
        printer.line(
            "\(access)static let table = \(postgres).PostgresTable(entity: \(SwiftLiteral.string(plan.schemaName)), name: \(SwiftLiteral.string(plan.tableName)), columns: \(Spelling.list(plan.columns.map(\.name))), identity: \(Spelling.list(plan.identity))\(absentBits)\(references))"
        )
        for link in plan.links {
            printer.line()
            printer.documentation("The link table of `\(link.relationship)`.")
            let ownerRows = plan.identity.isEmpty ? ", ownerRows: table" : ""
            let targetRows = link.ownsTargets ? ", targetRows: \(link.targetType).\(store).table" : ""
            let reference =
                link.isReference
                ? ", reference: \(postgres).PostgresReference(relationship: \(SwiftLiteral.string(link.relationship)), columns: \(Spelling.list(link.targetColumns.map(\.name))), targetTable: \(SwiftLiteral.string(link.targetTable)), targetColumns: \(Spelling.list(link.targetKeyColumns)), failsWhenMissing: \(link.failsWhenMissing))"
                : ""
            printer.line(
                "fileprivate static let \(link.staticName) = \(postgres).PostgresLinkTable(entity: \(SwiftLiteral.string(plan.schemaName)), name: \(SwiftLiteral.string(link.table)), ownerColumns: \(Spelling.list(link.ownerColumns.map(\.name))), targetColumns: \(Spelling.list(link.targetColumns.map(\.name))), isMap: \(link.isMap)\(ownerRows)\(targetRows)\(reference))"
            )
        }
        printer.line()
        printer.documentation("The table.")
        printer.line("\(access)static var tables: [\(postgres).PostgresTable] { [table] }")
        printer.line()
        renderSave(plan, into: &printer)
        printer.line()
        DeleteKeyRenderer.renderStoreKeys(plan, spelling, keyType: "\(postgres).PostgresRowKey", into: &printer)
    }

    private func renderSave(_ plan: TablePlan, into printer: inout CodePrinter) {
        let postgres = PostgresBackend.module
        let entity = Spelling.storedEntity
        printer.documentation(
            "Stages an instance: embedded targets first, then the row (an upsert by identity)\(plan.links.isEmpty ? "" : ", then links"); returns the row's local id."
        )
        printer.line("@discardableResult")
        printer.block(
            "\(access)static func save(_ \(entity): \(plan.typeName), absent: \(Spelling.runtime).AbsentTree, in session: inout \(postgres).PostgresSession) -> Swift.Int64 {"
        ) { printer in
            for save in plan.embeddedSaves {
                printer.line(EmbeddedSaveRenderer.statement(save, store: PostgresNames.store, tryKeyword: ""))
            }
            let absent =
                plan.columns.contains { $0.absentBit != nil } ? "absent.fields" : "\(Spelling.runtime).AbsentFields()"
            let saved = plan.links.isEmpty ? "return" : "let _rowID ="
            printer.block(
                "\(saved) session.save(table, key: \(GeneratedNames.rowKey)(of: \(entity)), absent: \(absent)) { _row in"
            ) { printer in
                for column in plan.columns { printer.line(append(column.source)) }
            }
            guard !plan.links.isEmpty else { return }
            for link in plan.links {
                guard let bit = link.absentBit else {
                    renderLinks(link, ownerHasIdentity: !plan.identity.isEmpty, into: &printer)
                    continue
                }
                // An absent key keeps the stored links.
                printer.block("if !absent.fields.contains(\(bit)) {") { printer in
                    renderLinks(link, ownerHasIdentity: !plan.identity.isEmpty, into: &printer)
                }
            }
            printer.line("return _rowID")
        }
    }

    /// Stages the owner's links of one to-many relationship: the owner's stored links are replaced (an
    /// owned owner's, saved in a slot, too), each element saved before its link.
    private func renderLinks(_ link: TablePlan.Link, ownerHasIdentity: Bool, into printer: inout CodePrinter) {
        let table = link.staticName
        let saving = "\(link.targetType).\(PostgresNames.store).save"
        if ownerHasIdentity {
            printer.block("session.replaceLinks(\(table), owner: _rowID) { _row in") { printer in
                for owner in link.ownerColumns { printer.line("_row.append(\(owner.value.saveExpression))") }
            }
        } else {
            printer.line("session.replaceLinks(\(table), owner: _rowID) { _ in }")
        }
        printer.block(link.elementLoop) { printer in
            let absent = "absent: \(link.absentChild)"
            if link.isExpandable {
                printer.line(
                    "if case let .expanded(_target) = _element { \(saving)(_target, \(absent), in: &session) }")
            } else if link.ownsTargets {
                // An owned target left out (U+0000) has local id 0, which the link's insert matches to
                // no row: the link goes with it.
                printer.line("let _target = \(saving)(_element, \(absent), in: &session)")
            } else if !link.isReference {
                // A target left out (U+0000) is not linked (its foreign key would fail the page).
                printer.line("guard \(saving)(_element, \(absent), in: &session) > 0 else { continue }")
            }
            printer.block("session.link(\(table), owner: _rowID) { _row in") { printer in
                for owner in link.ownerColumns { printer.line("_row.append(\(owner.value.saveExpression))") }
                printer.line("_row.append(Swift.Int64(_position))")
                if link.isMap { printer.line("_row.append(_key)") }
                for target in link.targetColumns { printer.line("_row.append(\(target.value.saveExpression))") }
            }
        }
    }

    /// A reference relationship's description, checked at the end of each page.
    private static func reference(_ check: TablePlan.ReferenceCheck) -> String {
        "\(PostgresBackend.module).PostgresReference(relationship: \(SwiftLiteral.string(check.relationship)), columns: \(Spelling.list(check.columns)), targetTable: \(SwiftLiteral.string(check.targetTable)), targetColumns: \(Spelling.list(check.targetColumns)), failsWhenMissing: \(check.failsWhenMissing))"
    }

    /// The statement appending a column's value to the staged row `_row`.
    private func append(_ source: TablePlan.ColumnSource) -> String {
        switch source {
        case let .property(identifier):
            return "_row.append(\(Spelling.storedEntity).\(identifier))"
        case let .json(property):
            return
                "_row.appendJSON(\(Spelling.storedEntity).\(property.identifier), \(property.storageTransformerReference(spelling)))"
        case let .embeddedMember(identifier, member, optional):
            return optional
                ? "_row.append(\(Spelling.storedEntity).\(identifier)?.\(member))"
                : "_row.append(\(Spelling.storedEntity).\(identifier).\(member))"
        case let .ownedRowID(local, _):
            // The target's local id in the page; the merge maps it to the `_id` the target got.
            return "_row.append(\(local))"
        case let .collectionCount(identifier):
            return "_row.append(\(Spelling.storedEntity).\(identifier).map { Swift.Int64($0.count) })"
        }
    }
}
