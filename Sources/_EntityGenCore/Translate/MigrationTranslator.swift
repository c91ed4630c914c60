/// Decides a project's migrations: every recorded one, regenerated from the history (so its code never
/// changes), and the next one when the current tables differ from the last recorded snapshot.
enum MigrationTranslator {
    /// Plans the migrations of `schema`, whose current tables are `tables`, on `kind`, from its own
    /// recorded history.
    static func translate(
        _ schema: ResolvedSchema, tables: [TablePlan], backend kind: StorageBackendKind
    ) -> MigrationSetPlan {
        let backend = kind.backend
        let history = schema.migrationHistory(for: kind)
        let historyPath = schema.migrationHistoryPath(for: kind) ?? kind.historyFileName
        let historyLocation = SourceLocation.startOf(historyPath)
        var diagnostics: [Diagnostic] = []
        var migrations: [MigrationSetPlan.Migration] = []
        var previous = SchemaSnapshot.empty
        for recorded in history.migrations {
            let (steps, problems, _) = backend.migrationSteps(
                from: previous, to: recorded.schema, intents: recorded.intents, locations: [:],
                unstorableDefaults: [], fallback: historyLocation)
            for problem in problems {
                diagnostics.append(
                    Diagnostic(
                        Rules.invalidMigrationHistory,
                        "recorded migration '\(recorded.name)' cannot be generated: \(problem.message)",
                        at: historyLocation))
            }
            migrations.append(.init(name: recorded.name, steps: steps))
            previous = recorded.schema
        }

        let current = backend.snapshot(of: tables)
        let configLocation = SourceLocation.startOf(schema.configPath ?? historyPath)
        let intents = Self.intents(in: tables, schema: schema)
        let unstorableDefaults = Set(
            tables.flatMap { table in
                table.columns.filter(\.hasUnstorableDefault).map { "\(table.tableName).\($0.name)" }
            })
        let (steps, problems, applied) = backend.migrationSteps(
            from: previous, to: current.snapshot, intents: intents, locations: current.locations,
            unstorableDefaults: unstorableDefaults, fallback: configLocation)
        let since = history.migrations.last.map { "since migration '\($0.name)', " } ?? ""
        let losses =
            problems.isEmpty
            ? DataLossCheck(schema: schema, tables: tables).losses(
                from: previous, to: current.snapshot, intents: applied, configLocation: configLocation) : []
        for problem in problems + losses {
            diagnostics.append(Diagnostic(Rules.unmigratableChange, since + problem.message, at: problem.location))
        }
        var updatedHistory: MigrationHistory?
        if problems.isEmpty, losses.isEmpty, !steps.isEmpty {
            let name = history.nextMigrationName
            migrations.append(.init(name: name, steps: steps))
            updatedHistory = MigrationHistory(
                migrations: history.migrations + [
                    .init(name: name, schema: current.snapshot, intents: applied)
                ])
            let change =
                history.migrations.last.map { "the tables changed since migration '\($0.name)'" }
                ?? "no migration is recorded yet"
            diagnostics.append(
                Diagnostic(
                    Rules.unrecordedMigration,
                    "\(change): migration '\(name)' is generated but not recorded in \(kind.historyFileName) beside the config; record it with `entitygen generate` or `swift package --allow-writing-to-package-directory generate-entities --migrations-only` before shipping",
                    at: configLocation
                ))
        }
        return MigrationSetPlan(migrations: migrations, diagnostics: diagnostics, updatedHistory: updatedHistory)
    }

    /// What the schema says about the change: what was renamed (`renamedFrom:`: entity tables and link
    /// tables, then columns, named by their tables' new names), and whose stored values may be discarded
    /// (`discardStoredData:`: the columns of the listed attributes and relationships).
    static func intents(in tables: [TablePlan], schema: ResolvedSchema) -> MigrationHistory.Intents {
        var intents = MigrationHistory.Intents()
        for table in tables {
            if let former = table.renamedFrom {
                intents.tableRenames.append(.init(from: former, to: table.tableName))
            }
            for link in table.links {
                intents.tableRenames += link.formerNames.map { .init(from: $0, to: link.table) }
            }
            let discarded = schema.entity(named: table.schemaName)?.declaration.discardStoredData.map(\.value) ?? []
            for column in table.columns {
                if let former = column.renamedFrom {
                    intents.columnRenames.append(.init(table: table.tableName, from: former, to: column.name))
                }
                if DataLossCheck.isColumn(column.name, ofAnyMember: discarded) {
                    intents.discards.append(.init(table: table.tableName, column: column.name))
                }
            }
        }
        return intents
    }
}
