/// Decides a project's migrations: every recorded one, regenerated from the history (so its code never
/// changes), and the next one when the current tables differ from the last recorded snapshot.
enum MigrationTranslator {
    /// Plans the migrations of `schema`, whose current tables are `tables`, on `backend`.
    static func translate(
        _ schema: ResolvedSchema, tables: [TablePlan], backend: any StorageBackend
    ) -> MigrationSetPlan {
        let history = schema.migrationHistory
        let historyPath = schema.migrationHistoryPath ?? MigrationHistory.fileName
        let historyLocation = SourceLocation.startOf(historyPath)
        var diagnostics: [Diagnostic] = []
        var migrations: [MigrationSetPlan.Migration] = []
        var previous = SchemaSnapshot.empty
        for recorded in history.migrations {
            let (steps, problems, _) = backend.migrationSteps(
                from: previous, to: recorded.schema, renames: recorded.allRenames, locations: [:],
                fallback: historyLocation)
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
        let renames = Self.renames(in: tables)
        let (steps, problems, applied) = backend.migrationSteps(
            from: previous, to: current.snapshot, renames: renames, locations: current.locations,
            fallback: configLocation)
        let since = history.migrations.last.map { "since migration '\($0.name)', " } ?? ""
        let losses =
            problems.isEmpty
            ? DataLossCheck(schema: schema, tables: tables).losses(
                from: previous, to: current.snapshot, renames: applied, configLocation: configLocation) : []
        for problem in problems + losses {
            diagnostics.append(Diagnostic(Rules.unmigratableChange, since + problem.message, at: problem.location))
        }
        var updatedHistory: MigrationHistory?
        if problems.isEmpty, losses.isEmpty, !steps.isEmpty {
            let name = history.nextMigrationName
            migrations.append(.init(name: name, steps: steps))
            updatedHistory = MigrationHistory(
                migrations: history.migrations + [
                    .init(
                        name: name, schema: current.snapshot, tableRenames: applied.tables, renames: applied.columns)
                ])
            let change =
                history.migrations.last.map { "the tables changed since migration '\($0.name)'" }
                ?? "no migration is recorded yet"
            diagnostics.append(
                Diagnostic(
                    Rules.unrecordedMigration,
                    "\(change): migration '\(name)' is generated but not recorded in \(MigrationHistory.fileName) beside the config; record it with `entitygen generate` or `swift package --allow-writing-to-package-directory generate-entities --migrations-only` before shipping",
                    at: configLocation
                ))
        }
        return MigrationSetPlan(migrations: migrations, diagnostics: diagnostics, updatedHistory: updatedHistory)
    }

    /// What the schema says was renamed (`renamedFrom:`): entity tables and link tables, then columns,
    /// named by their tables' new names.
    static func renames(in tables: [TablePlan]) -> MigrationHistory.Renames {
        var renames = MigrationHistory.Renames()
        for table in tables {
            if let former = table.renamedFrom {
                renames.tables.append(.init(from: former, to: table.tableName))
            }
            for link in table.links {
                renames.tables += link.formerNames.map { .init(from: $0, to: link.table) }
            }
            for column in table.columns {
                if let former = column.renamedFrom {
                    renames.columns.append(.init(table: table.tableName, from: former, to: column.name))
                }
            }
        }
        return renames
    }
}
