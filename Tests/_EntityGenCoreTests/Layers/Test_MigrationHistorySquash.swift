@testable import _EntityGenCore
import Testing

/// Folding migrations keeps what they said that still matters between the schema before them and the
/// last one: renames followed through every migration, discards of columns that existed before; and
/// it refuses what it cannot fold, naming the migrations.
@Suite struct Test_MigrationHistorySquash {
    static func table(_ name: String, _ columns: [(String, String)]) -> TableSnapshot {
        TableSnapshot(
            name: name, hiddenRowID: false, withoutRowID: false,
            columns: [ColumnSnapshot(name: "id", type: "integer", notNull: true, defaultSQL: nil)]
                + columns.map { ColumnSnapshot(name: $0.0, type: $0.1, notNull: false, defaultSQL: nil) },
            primaryKey: ["id"], foreignKeys: [], indexes: [])
    }

    static func migration(
        _ number: Int, _ tables: [TableSnapshot], tableRenames: [MigrationHistory.TableRename] = [],
        renames: [MigrationHistory.ColumnRename] = [], discards: [MigrationHistory.ColumnDiscard] = []
    ) -> MigrationHistory.Migration {
        .init(
            name: "entitygen-v\(number)", schema: SchemaSnapshot(tables: tables, triggers: []),
            tableRenames: tableRenames, renames: renames, discards: discards)
    }

    /// v1 `author(name)`; v2 renames it `writer`; v3 renames `name` to `fullName` and changes `age`'s
    /// type, discarding its values; v4 adds `genre`, created in v4 and renamed in v5 to `kind`.
    static let history = MigrationHistory(migrations: [
        migration(1, [table("author", [("name", "text"), ("age", "text")])]),
        migration(
            2, [table("writer", [("name", "text"), ("age", "text")])],
            tableRenames: [.init(from: "author", to: "writer")]),
        migration(
            3, [table("writer", [("fullName", "text"), ("age", "integer")])],
            renames: [.init(table: "writer", from: "name", to: "fullName")],
            discards: [.init(table: "writer", column: "age")]),
        migration(
            4, [table("writer", [("fullName", "text"), ("age", "integer")]), table("genre", [("title", "text")])]),
        migration(
            5, [table("writer", [("fullName", "text"), ("age", "integer")]), table("kind", [("title", "text")])],
            tableRenames: [.init(from: "genre", to: "kind")]),
    ])

    @Test func renamesAreFollowedThroughEveryFoldedMigration() throws {
        let (squashed, folded) = try Self.history.squashed(from: "entitygen-v2", for: .sqlite)
        #expect(folded == ["entitygen-v2", "entitygen-v3", "entitygen-v4", "entitygen-v5"])
        #expect(squashed.migrations.map(\.name) == ["entitygen-v1", "entitygen-v2"])
        #expect(squashed.migrations[0] == Self.history.migrations[0])
        let kept = squashed.migrations[1]
        #expect(kept.schema == Self.history.migrations[4].schema)
        // `kind` was created within the folded migrations: no rename; `author` became `writer`.
        #expect(kept.tableRenames == [.init(from: "author", to: "writer")])
        #expect(kept.renames == [.init(table: "writer", from: "name", to: "fullName")])
        #expect(kept.discards == [.init(table: "writer", column: "age")])
        let (steps, problems, _) = SQLiteBackend().migrationSteps(
            from: Self.history.migrations[0].schema, to: kept.schema, intents: kept.intents, locations: [:],
            unstorableDefaults: [], fallback: .startOf("h.json"))
        #expect(problems.isEmpty)
        #expect(steps.contains { if case .renameTable("author", "writer") = $0 { return true } else { return false } })
        #expect(!steps.contains { if case .dropTable("author") = $0 { return true } else { return false } })
    }

    @Test func foldingFromTheFirstStartsFromNothing() throws {
        let (squashed, _) = try Self.history.squashed(from: "entitygen-v1", for: .sqlite)
        #expect(squashed.migrations.count == 1)
        #expect(squashed.migrations[0].tableRenames.isEmpty && squashed.migrations[0].renames.isEmpty)
        #expect(squashed.migrations[0].discards.isEmpty)
    }

    /// `x` and `y` trade names through `tmp` over three migrations: one migration cannot (a rename needs
    /// a free name), and folding them without the renames would leave each value under the other's name.
    @Test func namesSwappedThroughAThirdAreRefused() throws {
        let history = MigrationHistory(migrations: [
            Self.migration(1, [Self.table("a", [("x", "text"), ("y", "text")])]),
            Self.migration(
                2, [Self.table("a", [("tmp", "text"), ("y", "text")])],
                renames: [.init(table: "a", from: "x", to: "tmp")]),
            Self.migration(
                3, [Self.table("a", [("tmp", "text"), ("x", "text")])], renames: [.init(table: "a", from: "y", to: "x")]
            ),
            Self.migration(
                4, [Self.table("a", [("y", "text"), ("x", "text")])], renames: [.init(table: "a", from: "tmp", to: "y")]
            ),
        ])
        #expect(
            throws: MigrationHistory.SquashError(
                message:
                    "'entitygen-v2' ... 'entitygen-v4' (3 migrations) cannot be folded into one migration: one migration cannot rename column a.y -> x, column a.x -> y (the names are taken); fold fewer migrations"
            )
        ) {
            try history.squashed(from: "entitygen-v2", for: .sqlite)
        }
        // Nor can it rename into a name another rename of the same step frees (`tmp -> y` while `y -> x`).
        #expect(throws: MigrationHistory.SquashError.self) { try history.squashed(from: "entitygen-v3", for: .sqlite) }
    }

    @Test func whatCannotBeFoldedIsSaid() {
        #expect(
            throws: MigrationHistory.SquashError(
                message:
                    "no migration named 'entitygen-v9' is recorded (recorded: 'entitygen-v1' ... 'entitygen-v5' (5 migrations))"
            )
        ) {
            try Self.history.squashed(from: "entitygen-v9", for: .sqlite)
        }
        #expect(
            throws: MigrationHistory.SquashError(
                message: "'entitygen-v5' is the last recorded migration: there is nothing to fold into it")
        ) {
            try Self.history.squashed(from: "entitygen-v5", for: .sqlite)
        }
        #expect(
            throws: MigrationHistory.SquashError(
                message: "no migration named 'entitygen-v1' is recorded (none is recorded)")
        ) {
            try MigrationHistory(migrations: []).squashed(from: "entitygen-v1", for: .sqlite)
        }
    }
}
