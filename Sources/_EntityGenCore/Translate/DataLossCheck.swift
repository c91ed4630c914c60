/// Finds what the next migration would discard: the values of a removed attribute or to-one relationship
/// (a dropped column), the links of a removed to-many relationship (a dropped link table), the rows of a
/// removed entity (a dropped table). Each is an error unless the schema acknowledges it:
/// `discardStoredData: [name]` on the entity for its attributes and relationships, in the config for
/// entities. Renamed tables and columns (`renamedFrom:`) lose nothing.
struct DataLossCheck {
    /// The current tables, by name.
    let tables: [String: TablePlan]
    /// The config's acknowledged entities.
    let discardedEntities: Set<String>
    /// The entities' acknowledged members, by table name.
    let discardedMembers: [String: Set<String>]

    init(schema: ResolvedSchema, tables: [TablePlan]) {
        self.tables = Dictionary(tables.map { ($0.tableName, $0) }, uniquingKeysWith: { first, _ in first })
        discardedEntities = schema.config.discardStoredData
        var members: [String: Set<String>] = [:]
        for table in tables {
            guard let entity = schema.entity(named: table.schemaName) else { continue }
            members[table.tableName] = Set(entity.declaration.discardStoredData.map(\.value))
        }
        discardedMembers = members
    }

    /// The unacknowledged losses from `old` to `new`, each with the declaration to report it at.
    func losses(
        from old: SchemaSnapshot, to new: SchemaSnapshot, intents: MigrationHistory.Intents,
        configLocation: SourceLocation
    ) -> [MigrationProblem] {
        var problems: [MigrationProblem] = []
        for table in old.tables {
            let name = intents.newName(ofTable: table.name)
            guard let current = new.table(named: name) else {
                problems += droppedTable(table, in: old, intents: intents, configLocation: configLocation)
                continue
            }
            guard let plan = tables[name] else { continue }
            for column in table.columns where current.column(named: column.name) == nil {
                let renamed = intents.columnRenames.contains { $0.table == name && $0.from == column.name }
                guard !renamed, !acknowledges(name, column: column.name) else { continue }
                problems.append(
                    MigrationProblem(
                        message:
                            "the next migration would discard every stored value of '\(name).\(column.name)', which \(plan.schemaName) no longer declares; add 'discardStoredData: [\(column.name)]' to \(plan.schemaName) to accept the loss, or 'renamedFrom: \(column.name)' to the member that replaces it",
                        location: plan.location))
            }
        }
        return problems
    }

    /// A table that is gone: an entity's (acknowledged in the config) or a to-many relationship's link
    /// table (acknowledged on its owner, which may be gone too).
    private func droppedTable(
        _ table: TableSnapshot, in old: SchemaSnapshot, intents: MigrationHistory.Intents,
        configLocation: SourceLocation
    ) -> [MigrationProblem] {
        if let separator = table.name.firstIndex(of: "_"), table.column(named: TablePlan.Link.positionColumn) != nil,
            old.table(named: String(table.name[..<separator])) != nil
        {
            let owner = intents.newName(ofTable: String(table.name[..<separator]))
            let relationship = String(table.name[table.name.index(after: separator)...])
            guard let plan = tables[owner] else { return entityDropped(owner, configLocation) }
            if discardedMembers[owner]?.contains(where: { SwiftNaming.memberName($0) == relationship }) == true {
                return []
            }
            return [
                MigrationProblem(
                    message:
                        "the next migration would drop link table '\(table.name)' and every link of \(plan.schemaName).\(relationship), which \(plan.schemaName) no longer declares; add 'discardStoredData: [\(relationship)]' to \(plan.schemaName) to accept the loss",
                    location: plan.location)
            ]
        }
        return entityDropped(table.name, configLocation)
    }

    private func entityDropped(_ table: String, _ configLocation: SourceLocation) -> [MigrationProblem] {
        if discardedEntities.contains(where: { PersistenceTranslator.tableName(entityNamed: $0) == table }) {
            return []
        }
        return [
            MigrationProblem(
                message:
                    "the next migration would drop table '\(table)' and every row in it: its entity was removed; add its name to 'discardStoredData:' in the config to accept the loss",
                location: configLocation)
        ]
    }

    /// Whether the table's entity acknowledges losing a column.
    private func acknowledges(_ table: String, column: String) -> Bool {
        guard let names = discardedMembers[table] else { return false }
        return Self.isColumn(column, ofAnyMember: names)
    }

    /// Whether `column` stores one of the members named: an attribute of that name, or a to-one
    /// relationship whose key column it is (`owner` for `ownerId`).
    static func isColumn(_ column: String, ofAnyMember names: some Sequence<String>) -> Bool {
        names.contains { name in
            let member = SwiftNaming.memberName(name)
            guard column.hasPrefix(member) else { return false }
            return column == member || column.dropFirst(member.count).first?.isUppercase == true
        }
    }
}
