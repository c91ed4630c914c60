/// What a database backend decides at translation time: how the neutral ``TablePlan``s become its
/// recorded schema (the ``SchemaSnapshot`` each migration is diffed against), and the steps that move
/// a database from one recorded schema to the next. Its printing half is its ``PersistenceEmitter``.
protocol StorageBackend: Sendable {
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
    /// applied, for the history to record.
    func migrationSteps(
        from old: SchemaSnapshot, to new: SchemaSnapshot, intents: MigrationHistory.Intents,
        locations: [String: SourceLocation], fallback: SourceLocation
    ) -> (steps: [MigrationStep], problems: [MigrationProblem], intents: MigrationHistory.Intents)
}

/// A change a backend cannot migrate automatically, located at the schema declaration responsible.
struct MigrationProblem: Hashable, Sendable {
    var message: String
    var location: SourceLocation
}

extension StorageBackendKind {
    /// The backend's translation half.
    var storage: any StorageBackend {
        switch self {
        case .sqlite: return SQLiteBackend()
        case .postgres: return PostgresBackend()
        }
    }
}

extension TablePlan {
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

extension TablePlan.ForeignKey {
    /// The foreign key as a snapshot records it.
    var snapshot: ForeignKeySnapshot {
        ForeignKeySnapshot(
            columns: columns, table: table, targetColumns: targetColumns, onDelete: onDelete.rawValue,
            onUpdateCascade: onUpdateCascade, deferred: deferred)
    }
}
