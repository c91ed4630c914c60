@testable import _EntityGenCore
import EntityGenPersistence
import GRDB
import Testing

/// Generated migrations create tables with `TableCreationSQL`'s statements; earlier versions printed
/// GRDB's schema DSL. SQLite keeps the statement in `sqlite_master` (GRDB's `eraseDatabaseOnSchemaChange`
/// compares it), so for every table shape the statement must be, byte for byte, what GRDB's DSL runs.
@Suite struct Test_TableCreationSQL {
    /// Every column type, required and optional, under a composite primary key, a hidden row id or
    /// `WITHOUT ROWID`; every foreign key action with and without `ON UPDATE CASCADE` and deferral; names
    /// SQLite and Swift treat specially.
    static func shapes() -> [TableSnapshot] {
        let columns = SnapshotColumnType.allCases.flatMap { type in
            [true, false].map {
                ColumnSnapshot(
                    name: "\(type)\($0 ? "Required" : "")", type: type.rawValue, notNull: $0, defaultSQL: nil)
            }
        }
        let keys = RecordedDeleteAction.allCases.flatMap { action in
            [(false, false), (true, false), (false, true), (true, true)].map { cascade, deferred in
                ForeignKeySnapshot(
                    columns: ["integerRequired", "textRequired"], table: "target", targetColumns: ["a", "b"],
                    onDelete: action.rawValue, onUpdateCascade: cascade, deferred: deferred)
            }
        }
        let key = ["integerRequired", "textRequired"]
        let hostile = ["order", "select", "with space", "café", "back\\slash", "tab\there"]
        return [
            TableSnapshot(
                name: "plain", hiddenRowID: false, withoutRowID: false, columns: columns, primaryKey: key,
                foreignKeys: [], indexes: []),
            TableSnapshot(
                name: "owned", hiddenRowID: true, withoutRowID: false, columns: columns, primaryKey: [],
                foreignKeys: keys, indexes: []),
            TableSnapshot(
                name: "link", hiddenRowID: false, withoutRowID: true, columns: columns, primaryKey: key,
                foreignKeys: keys, indexes: []),
            TableSnapshot(
                name: "single", hiddenRowID: false, withoutRowID: false, columns: [columns[0]],
                primaryKey: [columns[0].name], foreignKeys: [], indexes: []),
        ]
            + hostile.map(Self.namedEverywhere)
    }

    /// A table whose name, only column, primary key and foreign key (to itself) are all `name`.
    static func namedEverywhere(_ name: String) -> TableSnapshot {
        TableSnapshot(
            name: name, hiddenRowID: false, withoutRowID: false,
            columns: [ColumnSnapshot(name: name, type: "text", notNull: true, defaultSQL: nil)], primaryKey: [name],
            foreignKeys: [
                ForeignKeySnapshot(
                    columns: [name], table: name, targetColumns: [name], onDelete: "cascade", onUpdateCascade: true,
                    deferred: true)
            ],
            indexes: [])
    }

    /// Every table the consumer schemas' recorded history creates or rebuilds.
    static func historyTables() throws -> [TableSnapshot] {
        try Test_MigrationStepRunner.plannedMigrations().flatMap(\.steps).compactMap { step in
            switch step {
            case let .createTable(table), let .rebuild(table, _, _, _): return table
            case .dropTrigger, .dropIndex, .dropTable, .renameTable, .renameColumn, .addColumns, .createIndex,
                .createTrigger:
                return nil
            }
        }
    }

    /// The statement SQLite keeps for `table` when created as `form` says.
    static func stored(_ table: TableSnapshot, _ form: MigrationRenderer.TableCreation) throws -> String? {
        let queue = try DatabaseQueue()
        return try queue.write { db in
            db.add(collation: DecimalCollation.collation)
            try MigrationStepRunner.create(table, as: table.name, form, in: db)
            return try String.fetchOne(
                db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table.name])
        }
    }

    @Test(arguments: shapes())
    func isWhatGRDBsSchemaDSLRuns(_ table: TableSnapshot) throws {
        let dsl = try #require(try Self.stored(table, .schemaDSL))
        #expect(TableCreationSQL.statement(table, as: table.name) == dsl)
        #expect(try Self.stored(table, .statement) == dsl)
    }

    @Test func isWhatGRDBsSchemaDSLRunsForEveryTableOfTheConsumerHistory() throws {
        let tables = try Self.historyTables()
        #expect(tables.count > 20)
        for table in tables {
            #expect(
                TableCreationSQL.statement(table, as: table.name) == (try Self.stored(table, .schemaDSL)),
                "\(table.name)")
        }
    }

    /// GRDB's DSL quotes a name without doubling the double quotes inside it, so a name holding one makes
    /// a statement SQLite refuses (the schema rules allow no such name); the statement doubles them.
    @Test func namesHoldingDoubleQuotesAreQuoted() throws {
        for name in ["we\"ird", "\"", "x\"\"\"y"] {
            let table = Self.namedEverywhere(name)
            #expect(throws: DatabaseError.self) { try Self.stored(table, .schemaDSL) }
            let queue = try DatabaseQueue()
            let columns = try queue.write { db in
                try db.execute(sql: TableCreationSQL.statement(table, as: name))
                // GRDB's `db.columns(in:)` does not double them either.
                return try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [name])
            }
            #expect(columns == [name])
        }
    }

    /// The collation name the statement spells is the runtime's.
    @Test func namesTheRuntimesDecimalCollation() {
        #expect(TableCreationSQL.decimalCollationName == DecimalCollation.name)
    }
}
