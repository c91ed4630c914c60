/// A database backend's room, as the engine sees it: what it decides at translation time (how the
/// neutral ``TablePlan``s become its recorded schema, the ``SchemaSnapshot`` each migration is diffed
/// against; the steps that move a database from one recorded schema to the next; its own record shapes)
/// and its printing half, the ``PersistenceEmitter`` loaded with those plans. Registered in one place,
/// ``StorageBackendKind/backend``.
protocol StorageBackend: Sendable {
    /// The file beside the config that records the backend's migrations.
    var historyFileName: String { get }
    /// The runtime module its generated code imports.
    var runtimeModule: String { get }
    /// Every module its generated code qualifies names with (the runtime module among them): a schema
    /// type of such a name would shadow it.
    var qualifyingModules: [String] { get }
    /// Type names its generated code declares at the top level of the user's module (reserved for
    /// every project: a schema is lint-clean for every backend alike).
    var reservedTypeNames: Set<String> { get }
    /// Its lint rules (what its database refuses), in the rule catalogue with every other rule.
    var rules: [RuleDescription] { get }

    /// The column types its snapshots hold (what a recorded history may name).
    var columnTypes: Set<String> { get }

    /// What the backend cannot store of `tables` (and names its database would refuse), located at the
    /// declarations responsible.
    func limitations(of tables: [TablePlan]) -> [Diagnostic]

    /// The backend's record of the current tables, and the declaration of each table (key: table
    /// name) and column (key: `table.column`), where diagnostics about migrating it point.
    func snapshot(of tables: [TablePlan]) -> (snapshot: SchemaSnapshot, locations: [String: SourceLocation])

    /// The steps from `old` to `new`, or the problems that prevent them (no steps then).
    /// `intents` say what the schema says about the change (renames, discarded values); the result says which
    /// applied, for the history to record. `unstorableDefaults` names the columns (`table.column`)
    /// whose schema `default:` no column can hold, for a clear problem when a migration would need it.
    func migrationSteps(
        from old: SchemaSnapshot, to new: SchemaSnapshot, intents: MigrationHistory.Intents,
        locations: [String: SourceLocation], unstorableDefaults: Set<String>, fallback: SourceLocation
    ) -> (steps: [MigrationStep], problems: [MigrationProblem], intents: MigrationHistory.Intents)

    /// Its printing half, holding the backend's own plans of `tables` (whose models are `models`, by
    /// schema name), decided here.
    func emitter(tables: [TablePlan], models: [String: EntityPlan]) -> any PersistenceEmitter
}

extension StorageBackend {
    /// The shared planner (``MigrationPlanner``), which both backends' snapshots fit: tables, columns,
    /// keys, indexes and triggers compared by name, renames and discards as the intents say.
    func migrationSteps(
        from old: SchemaSnapshot, to new: SchemaSnapshot, intents: MigrationHistory.Intents,
        locations: [String: SourceLocation], unstorableDefaults: Set<String>, fallback: SourceLocation
    ) -> (steps: [MigrationStep], problems: [MigrationProblem], intents: MigrationHistory.Intents) {
        MigrationPlanner.plan(
            from: old, to: new, intents: intents, locations: locations, unstorableDefaults: unstorableDefaults,
            fallback: fallback)
    }
}

/// A change a backend cannot migrate automatically, located at the schema declaration responsible.
struct MigrationProblem: Hashable, Sendable {
    var message: String
    var location: SourceLocation
}

extension TablePlan {
    /// The snapshot of `tables` with a backend's column types, default literals and trigger statements:
    /// each entity table, its link tables and its triggers; and where each table and column is
    /// declared (keys: table name and `table.column`).
    static func snapshot(
        of tables: [TablePlan], columnType: (StoredValue) -> String, literal: (ColumnDefault) -> String,
        trigger: (TriggerPlan) -> String
    ) -> (snapshot: SchemaSnapshot, locations: [String: SourceLocation]) {
        var snapshots: [TableSnapshot] = []
        var triggers: [TriggerSnapshot] = []
        var locations: [String: SourceLocation] = [:]
        for table in tables {
            snapshots.append(table.snapshot(columnType: columnType, literal: literal, locations: &locations))
            triggers += table.triggers.map { TriggerSnapshot(name: $0.name, sql: trigger($0)) }
            snapshots += table.links.map { $0.snapshot(columnType: columnType, locations: &locations) }
        }
        return (SchemaSnapshot(tables: snapshots, triggers: triggers), locations)
    }

    /// The entity table as a snapshot records it, with the backend's column types and default literals;
    /// notes where the table and each column are declared in `locations` (keys: table name and
    /// `table.column`), for diagnostics about migrating them.
    func snapshot(
        columnType: (StoredValue) -> String, literal: (ColumnDefault) -> String,
        locations: inout [String: SourceLocation]
    ) -> TableSnapshot {
        locations[tableName] = location
        for column in columns { locations["\(tableName).\(column.name)"] = column.location }
        return TableSnapshot(
            name: tableName,
            hiddenRowID: identity.isEmpty,
            withoutRowID: false,
            columns: columns.map {
                ColumnSnapshot(
                    name: $0.name, type: columnType($0.value), notNull: $0.notNull,
                    defaultSQL: $0.defaultValue.map(literal))
            },
            primaryKey: identity,
            foreignKeys: foreignKeys.map(\.snapshot),
            indexes: indexes.map { IndexSnapshot(name: $0.name, columns: $0.columns) }
        )
    }
}

extension TablePlan.Link {
    /// The link table as a snapshot records it (owner key, `position`, the map `key`, target key; primary
    /// key owner and position; an index by target), with the backend's column types (`position` and
    /// `key` take the types of an `Int64` and a `String`); notes its declaration in `locations`.
    func snapshot(columnType: (StoredValue) -> String, locations: inout [String: SourceLocation]) -> TableSnapshot {
        locations[table] = location
        var columns = ownerColumns.map {
            ColumnSnapshot(name: $0.name, type: columnType($0.stored), notNull: true, defaultSQL: nil)
        }
        columns.append(
            ColumnSnapshot(
                name: Self.positionColumn, type: columnType(.scalar(.int64)), notNull: true, defaultSQL: nil))
        if isMap {
            columns.append(
                ColumnSnapshot(name: "key", type: columnType(.scalar(.string)), notNull: true, defaultSQL: nil))
        }
        columns += targetColumns.map {
            ColumnSnapshot(name: $0.name, type: columnType($0.stored), notNull: true, defaultSQL: nil)
        }
        for column in columns { locations["\(table).\(column.name)"] = location }
        return TableSnapshot(
            name: table,
            hiddenRowID: false,
            withoutRowID: true,
            columns: columns,
            primaryKey: primaryKey,
            foreignKeys: foreignKeys.map(\.snapshot),
            indexes: [IndexSnapshot(name: table + "_target", columns: targetColumns.map(\.name))]
        )
    }
}

extension TablePlan.ForeignKey {
    /// The foreign key as a snapshot records it.
    var snapshot: ForeignKeySnapshot {
        ForeignKeySnapshot(
            columns: columns, table: table, targetColumns: targetColumns, onDelete: onDelete.rawValue,
            onUpdateCascade: onUpdateCascade, deferred: deferred)
    }
}
