/// Computes the migration from one ``SchemaSnapshot`` to the next, or says why it cannot be done
/// automatically: the safety rules every backend shares (each prints the steps in its own dialect).
///
/// What migrates: new tables; dropped tables; new columns that are optional or have a default SQL can
/// write (`ALTER TABLE ... ADD COLUMN`, cheap on any table size); removed columns, columns that become
/// optional, date columns stored as seconds since 1970 (converted to GRDB's date text), unsigned
/// integers and decimals stored as text (converted to numbers, see ``SnapshotColumnType``), and changed
/// foreign keys (the table is rebuilt: created anew, rows copied, old table
/// dropped, new one renamed, as SQLite's documentation prescribes); indexes and triggers. What does not:
/// a column whose type changes, a new required column without a default, a column that becomes required,
/// and a table whose primary key changes — existing rows have no correct value or identity to carry over.
enum MigrationPlanner {
    /// The steps from `old` to `new`, or the problems that prevent them (no steps then).
    /// `unstorableDefaults` names the columns (`table.column`) whose schema `default:` no column can hold.
    static func plan(
        from recorded: SchemaSnapshot, to new: SchemaSnapshot, intents: MigrationHistory.Intents,
        locations: [String: SourceLocation], unstorableDefaults: Set<String> = [], fallback: SourceLocation
    ) -> (steps: [MigrationStep], problems: [MigrationProblem], intents: MigrationHistory.Intents) {
        // Renames first: the old tables as if their columns had the new names, so the rest compares like
        // with like and keeps the values.
        let (old, applied) = applying(intents, to: recorded, toward: new)
        var problems: [MigrationProblem] = []
        var rebuilt: [(TableSnapshot, [(column: String, source: MigrationStep.CopySource)], [String], TableSnapshot)] =
            []
        var altered: [(String, [ColumnSnapshot])] = []
        var indexDrops: [String] = []
        var indexCreates: [(String, IndexSnapshot)] = []
        let created = new.tables.filter { old.table(named: $0.name) == nil }
        let dropped = old.tables.filter { new.table(named: $0.name) == nil }.map(\.name)

        for table in new.tables {
            guard let previous = old.table(named: table.name), previous != table else { continue }
            let location = { (column: String?) in
                column.flatMap { locations["\(table.name).\($0)"] } ?? locations[table.name] ?? fallback
            }
            if previous.primaryKey != table.primaryKey || previous.hiddenRowID != table.hiddenRowID
                || previous.withoutRowID != table.withoutRowID
            {
                problems.append(
                    MigrationProblem(
                        message:
                            "table '\(table.name)' changes its primary key from \(describe(previous)) to \(describe(table)); existing rows cannot be re-keyed automatically",
                        location: location(nil)))
                continue
            }
            var tableProblems: [MigrationProblem] = []
            var copy: [(column: String, source: MigrationStep.CopySource)] =
                table.hiddenRowID ? [("_id", .column("_id"))] : []
            var added: [ColumnSnapshot] = []
            let discarded = Set(applied.discards.filter { $0.table == table.name }.map(\.column))
            for column in table.columns {
                let before = previous.column(named: column.name)
                guard let before, !discarded.contains(column.name) else {
                    // A new column, or one whose values are discarded: filled from its default, or NULL.
                    if column.notNull && column.defaultSQL == nil {
                        let unstorable = unstorableDefaults.contains("\(table.name).\(column.name)")
                        let remedy =
                            unstorable
                            ? "its 'default:' (of a custom type, or a non-empty collection) is applied by the mapper only and cannot fill stored rows; make it optional, or give it a default a column holds (text, a number, a date, an empty collection)"
                            : "make it optional or give it a default"
                        let message =
                            before.map {
                                "column '\(table.name).\(column.name)' changes type from \($0.type) to \(column.type) and its stored values are discarded, but it is required without a default: rows already stored would have no value; \(remedy)"
                            }
                            ?? "new required column '\(table.name).\(column.name)' has no default for the rows already stored; \(remedy)"
                        tableProblems.append(MigrationProblem(message: message, location: location(column.name)))
                    }
                    if before == nil { added.append(column) }
                    copy.append((column.name, column.defaultSQL.map(MigrationStep.CopySource.recordedDefault) ?? .null))
                    continue
                }
                let conversion = Self.conversion(from: before, to: column)
                if before.type != column.type, conversion == nil {
                    tableProblems.append(
                        MigrationProblem(
                            message:
                                "column '\(table.name).\(column.name)' changes type from \(before.type) to \(column.type); stored values cannot be converted automatically; to discard them (rows get NULL, or the default), list the member in its entity's 'discardStoredData:'",
                            location: location(column.name)))
                } else if column.notNull && !before.notNull {
                    tableProblems.append(
                        MigrationProblem(
                            message:
                                "column '\(table.name).\(column.name)' becomes required; rows already stored may hold NULL",
                            location: location(column.name)))
                }
                copy.append((column.name, conversion ?? .column(column.name)))
            }
            problems += tableProblems
            guard tableProblems.isEmpty else { continue }
            let removedColumns = previous.columns.contains { table.column(named: $0.name) == nil }
            let keptColumnsChanged = previous.columns.contains { before in
                table.column(named: before.name).map { !$0.isStoredLike(before) } ?? false
            }
            let addedReferences = table.foreignKeys.contains { key in
                key.columns.contains { name in added.contains { $0.name == name } }
            }
            if removedColumns || keptColumnsChanged || previous.foreignKeys != table.foreignKeys || addedReferences {
                rebuilt.append((table, copy, previous.indexes.map(\.name), previous))
                indexCreates += table.indexes.map { (table.name, $0) }
                continue
            }
            if !added.isEmpty { altered.append((table.name, added)) }
            for index in previous.indexes where !table.indexes.contains(index) { indexDrops.append(index.name) }
            for index in table.indexes where !previous.indexes.contains(index) {
                indexCreates.append((table.name, index))
            }
        }
        guard problems.isEmpty else { return ([], problems, .init()) }

        // Triggers hold no data: when tables are rebuilt or dropped, all of them are dropped first and
        // re-created last, so no trigger ever refers to a table in the middle of being replaced.
        let replaceAllTriggers = !rebuilt.isEmpty || !dropped.isEmpty
        let triggerDrops = old.triggers.filter { replaceAllTriggers || !new.triggers.contains($0) }.map(\.name)
        let triggerCreates = new.triggers.filter { replaceAllTriggers || !old.triggers.contains($0) }

        var steps: [MigrationStep] = triggerDrops.map(MigrationStep.dropTrigger)
        steps += applied.tableRenames.map { MigrationStep.renameTable(from: $0.from, to: $0.to) }
        steps += applied.columnRenames.map { MigrationStep.renameColumn(table: $0.table, from: $0.from, to: $0.to) }
        steps += indexDrops.map(MigrationStep.dropIndex)
        steps += dropped.map(MigrationStep.dropTable)
        steps += created.map(MigrationStep.createTable)
        steps += altered.map { MigrationStep.addColumns(table: $0.0, columns: $0.1) }
        steps += rebuilt.map { MigrationStep.rebuild($0.0, copy: $0.1, generatedIndexes: $0.2, previous: $0.3) }
        steps += indexCreates.map { MigrationStep.createIndex(table: $0.0, $0.1) }
        steps += triggerCreates.map(MigrationStep.createTrigger)
        return (steps, [], applied)
    }

    /// The intents that apply, and the recorded tables with the renames applied. A table rename applies when
    /// the recorded tables have the former name and not the new one and the new tables the reverse;
    /// foreign keys that reference it follow (as SQLite's `ALTER TABLE ... RENAME` rewrites them). A column
    /// rename applies likewise within its (renamed) table: columns, primary and foreign keys and indexes
    /// renamed. A discard applies when the column, in both, changes type.
    static func applying(
        _ intents: MigrationHistory.Intents, to old: SchemaSnapshot, toward new: SchemaSnapshot
    ) -> (SchemaSnapshot, MigrationHistory.Intents) {
        var tables = old.tables
        var applied = MigrationHistory.Intents()
        for rename in intents.tableRenames {
            guard let index = tables.firstIndex(where: { $0.name == rename.from }),
                !tables.contains(where: { $0.name == rename.to }),
                new.table(named: rename.to) != nil, new.table(named: rename.from) == nil
            else { continue }
            tables[index].name = rename.to
            for table in tables.indices {
                for key in tables[table].foreignKeys.indices where tables[table].foreignKeys[key].table == rename.from {
                    tables[table].foreignKeys[key].table = rename.to
                }
            }
            applied.tableRenames.append(rename)
        }
        for rename in intents.columnRenames {
            guard let index = tables.firstIndex(where: { $0.name == rename.table }),
                let target = new.table(named: rename.table),
                tables[index].column(named: rename.from) != nil, tables[index].column(named: rename.to) == nil,
                target.column(named: rename.to) != nil, target.column(named: rename.from) == nil
            else { continue }
            let renamed = { (name: String) in name == rename.from ? rename.to : name }
            var table = tables[index]
            for column in table.columns.indices { table.columns[column].name = renamed(table.columns[column].name) }
            table.primaryKey = table.primaryKey.map(renamed)
            for key in table.foreignKeys.indices {
                table.foreignKeys[key].columns = table.foreignKeys[key].columns.map(renamed)
            }
            for index in table.indexes.indices {
                table.indexes[index].columns = table.indexes[index].columns.map(renamed)
            }
            tables[index] = table
            applied.columnRenames.append(rename)
        }
        applied.discards = intents.discards.filter { discard in
            guard let before = tables.first(where: { $0.name == discard.table })?.column(named: discard.column),
                let after = new.table(named: discard.table)?.column(named: discard.column)
            else { return false }
            return before.type != after.type
        }
        return (SchemaSnapshot(tables: tables, triggers: old.triggers), applied)
    }

    /// How a column's stored values convert when its recorded type changes the way EntityGen's own
    /// storage of a value changed (dates from seconds since 1970 to GRDB's date text; unsigned integers,
    /// decimals and UUIDs from text, see ``SnapshotColumnType``): the one kind of type change whose
    /// values convert exactly. `nil` for any other change, which is the user's and needs
    /// `discardStoredData:`.
    static func conversion(from old: ColumnSnapshot, to new: ColumnSnapshot) -> MigrationStep.CopySource? {
        switch (SnapshotColumnType(rawValue: old.type), SnapshotColumnType(rawValue: new.type)) {
        case (.double?, .datetime?): return .epochSecondsAsDatetime(new.name)
        case (.text?, .unsigned?): return .unsignedTextAsInteger(new.name)
        case (.text?, .decimal?): return .decimalTextAsNumber(new.name)
        case (.text?, .decimalText?), (.decimal?, .decimalText?): return .decimalAsText(new.name)
        case (.text?, .uuid?): return .uuidTextAsBlob(new.name)
        // Every other pair (PostgreSQL's types have no case here) is a change of the schema, not of storage.
        default: return nil
        }
    }

    private static func describe(_ table: TableSnapshot) -> String {
        if table.hiddenRowID { return "a hidden row id" }
        return "(" + table.primaryKey.joined(separator: ", ") + ")"
    }
}
