extension MigrationHistory {
    /// Why migrations cannot be squashed.
    public struct SquashError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong, and what to do.
        public var message: String
        /// The message.
        public var description: String { message }
    }

    /// The history with the recorded migrations from `first` through the last folded into one migration
    /// named `first`: the development migrations of a release that no shipped build ran, recorded as the
    /// single step from the schema before `first` to the last recorded schema. Earlier migrations stay as
    /// they are, byte for byte, so databases that ran them migrate on as before.
    ///
    /// The folded migration keeps what its parts said that still matters between its two schemas: a table
    /// or column renamed across them (renames chained through several migrations become one rename from
    /// the first name to the last; a table or column created within them needs none), and the columns
    /// whose stored values were discarded for a type change. It is planned with `kind`'s own planner, as
    /// `generate` regenerates every recorded migration; a change the planner cannot make in one step is an
    /// error, and nothing is folded.
    ///
    /// A database that ran any folded migration no longer matches the code: its remembered fingerprint of
    /// `first` differs, or it holds migrations the code no longer has, and it refuses to open
    /// (`ChangedPendingMigrationError`, `UnknownMigrationsError`) rather than being migrated wrongly.
    ///
    /// - Returns: the new history and the names of the folded migrations.
    public func squashed(
        from first: String, for kind: StorageBackendKind
    ) throws(SquashError) -> (history: MigrationHistory, folded: [String]) {
        guard let start = migrations.firstIndex(where: { $0.name == first }) else {
            let recorded = migrations.isEmpty ? "none is recorded" : "recorded: \(Self.range(migrations.map(\.name)))"
            throw SquashError(message: "no migration named '\(first)' is recorded (\(recorded))")
        }
        let folded = Array(migrations[start...])
        guard folded.count > 1 else {
            throw SquashError(message: "'\(first)' is the last recorded migration: there is nothing to fold into it")
        }
        let base = start == 0 ? SchemaSnapshot.empty : migrations[start - 1].schema
        let last = folded[folded.count - 1].schema
        let intents = Self.composedIntents(of: folded, from: base, to: last)
        let (_, problems, applied) = kind.backend.migrationSteps(
            from: base, to: last, intents: intents, locations: [:], unstorableDefaults: [],
            fallback: .startOf(kind.historyFileName))
        // A rename one migration cannot make (names swapped through a third) would leave the values
        // under the wrong names: refused, like every other change that cannot be one step.
        let unapplied =
            intents.tableRenames.filter { !applied.tableRenames.contains($0) }.map { "table \($0.from) -> \($0.to)" }
            + intents.columnRenames.filter { !applied.columnRenames.contains($0) }.map {
                "column \($0.table).\($0.from) -> \($0.to)"
            }
        let reasons =
            problems.map(\.message)
            + (unapplied.isEmpty
                ? [] : ["one migration cannot rename \(unapplied.joined(separator: ", ")) (the names are taken)"])
        guard reasons.isEmpty else {
            throw SquashError(
                message: "\(Self.range(folded.map(\.name))) cannot be folded into one migration: "
                    + reasons.joined(separator: "; ") + "; fold fewer migrations")
        }
        var squashed = self
        squashed.migrations = Array(migrations[..<start]) + [Migration(name: first, schema: last, intents: applied)]
        return (squashed, folded.map(\.name))
    }

    /// Migration names as a message shows them: `'v2' ... 'v9' (8 migrations)`; one or two names as
    /// they are.
    public static func range(_ names: [String]) -> String {
        guard let first = names.first, let last = names.last else { return "" }
        switch names.count {
        case 1: return "'\(first)'"
        case 2: return "'\(first)' and '\(last)'"
        default: return "'\(first)' ... '\(last)' (\(names.count) migrations)"
        }
    }

    /// What `migrations`, run in order from `base`, said that still holds between `base` and `last`:
    /// each table and column of `base` followed through every rename to its name in `last`, and the
    /// discards of columns that `base` already had, named as in `last`.
    static func composedIntents(
        of migrations: [Migration], from base: SchemaSnapshot, to last: SchemaSnapshot
    ) -> Intents {
        /// A column of `base`, by its current table and name: its table and name in `base`.
        struct Origin: Hashable {
            var table: String
            var column: String
        }
        var tables: [String: String] = [:]  // current table -> base table
        var columns: [String: [String: Origin]] = [:]  // current table -> current column -> origin
        for table in base.tables {
            tables[table.name] = table.name
            columns[table.name] = Dictionary(
                table.columns.map { ($0.name, Origin(table: table.name, column: $0.name)) },
                uniquingKeysWith: { first, _ in first })
        }
        var discarded: Set<Origin> = []
        for migration in migrations {
            // Renames within one migration happen at once (`a -> b` beside `b -> a`).
            let tableRenames = Dictionary(
                migration.tableRenames.map { ($0.from, $0.to) }, uniquingKeysWith: { first, _ in first })
            var renamedTables: [String: String] = [:]
            var renamedColumns: [String: [String: Origin]] = [:]
            for (current, origin) in tables {
                let new = tableRenames[current] ?? current
                renamedTables[new] = origin
                renamedColumns[new] = columns[current]
            }
            for (table, renames) in Dictionary(grouping: migration.renames, by: \.table) {
                guard let before = renamedColumns[table] else { continue }
                let map = Dictionary(renames.map { ($0.from, $0.to) }, uniquingKeysWith: { first, _ in first })
                renamedColumns[table] = Dictionary(
                    before.map { (map[$0.key] ?? $0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            }
            tables = renamedTables
            columns = renamedColumns
            for discard in migration.discards {
                if let origin = columns[discard.table]?[discard.column] { discarded.insert(origin) }
            }
        }
        var intents = Intents()
        let lastTables = Dictionary(last.tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for (current, origin) in tables.sorted(by: { $0.key < $1.key }) {
            guard let table = lastTables[current] else { continue }
            if origin != current { intents.tableRenames.append(.init(from: origin, to: current)) }
            let present = Set(table.columns.map(\.name))
            for (column, source) in (columns[current] ?? [:]).sorted(by: { $0.key < $1.key })
            where present.contains(column) {
                if source.column != column {
                    intents.columnRenames.append(.init(table: current, from: source.column, to: column))
                }
                if discarded.contains(source) { intents.discards.append(.init(table: current, column: column)) }
            }
        }
        return intents
    }
}
