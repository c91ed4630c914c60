/// Turns the table plans of the current schemas into a ``SchemaSnapshot`` (what the tables are) and
/// remembers which schema declaration each table and column comes from (where a diagnostic about
/// migrating it points).
struct SnapshotTranslator {
    /// The snapshot of the current tables.
    var snapshot: SchemaSnapshot
    /// Declaration of each table (key: table name) and column (key: `table.column`).
    var locations: [String: SourceLocation]

    init(tables: [TablePlan]) {
        var snapshots: [TableSnapshot] = []
        var triggers: [TriggerSnapshot] = []
        var locations: [String: SourceLocation] = [:]
        for table in tables {
            locations[table.tableName] = table.location
            for column in table.columns { locations["\(table.tableName).\(column.name)"] = column.location }
            snapshots.append(TableSnapshot(
                name: table.tableName,
                hiddenRowID: table.identity.isEmpty,
                withoutRowID: false,
                columns: table.columns.map { ColumnSnapshot(name: $0.name, type: Self.typeName($0.sqlType), notNull: $0.notNull, defaultSQL: $0.defaultSQL) },
                primaryKey: table.identity,
                foreignKeys: table.foreignKeys.map(Self.foreignKey),
                indexes: table.indexes.map { IndexSnapshot(name: $0.name, columns: $0.columns) }
            ))
            triggers += table.triggers.map { TriggerSnapshot(name: $0.name, sql: $0.sql) }
            for link in table.links {
                locations[link.table] = link.location
                var columns = link.ownerColumns.map { ColumnSnapshot(name: $0.name, type: Self.typeName($0.sqlType), notNull: true, defaultSQL: nil) }
                columns.append(ColumnSnapshot(name: "position", type: "integer", notNull: true, defaultSQL: nil))
                if link.isMap { columns.append(ColumnSnapshot(name: "key", type: "text", notNull: true, defaultSQL: nil)) }
                columns += link.targetColumns.map { ColumnSnapshot(name: $0.name, type: Self.typeName($0.sqlType), notNull: true, defaultSQL: nil) }
                for column in columns { locations["\(link.table).\(column.name)"] = link.location }
                snapshots.append(TableSnapshot(
                    name: link.table,
                    hiddenRowID: false,
                    withoutRowID: true,
                    columns: columns,
                    primaryKey: link.ownerColumns.map(\.name) + ["position"],
                    foreignKeys: link.foreignKeys.map(Self.foreignKey),
                    indexes: [IndexSnapshot(name: link.table + "_target", columns: link.targetColumns.map(\.name))]
                ))
            }
        }
        snapshot = SchemaSnapshot(tables: snapshots, triggers: triggers)
        self.locations = locations
    }

    /// `.text` -> `text`.
    static func typeName(_ sqlType: String) -> String {
        sqlType.hasPrefix(".") ? String(sqlType.dropFirst()) : sqlType
    }

    private static func foreignKey(_ key: TablePlan.ForeignKey) -> ForeignKeySnapshot {
        ForeignKeySnapshot(columns: key.columns, table: key.table, targetColumns: key.targetColumns,
                           onDelete: typeName(key.onDelete), onUpdateCascade: key.onUpdateCascade, deferred: key.deferred)
    }
}
