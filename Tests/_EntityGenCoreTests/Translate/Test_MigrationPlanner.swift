@testable import _EntityGenCore
import Testing

/// The difference between two table snapshots: which changes become which steps, and which are refused.
@Suite struct Test_MigrationPlanner {
    static let here = SourceLocation(file: "Shop.yaml", line: 1, column: 1)

    static func table(
        _ name: String = "order", columns: [ColumnSnapshot], primaryKey: [String] = ["number"],
        foreignKeys: [ForeignKeySnapshot] = [], indexes: [IndexSnapshot] = [], hiddenRowID: Bool = false
    ) -> TableSnapshot {
        TableSnapshot(
            name: name, hiddenRowID: hiddenRowID, withoutRowID: false, columns: columns,
            primaryKey: hiddenRowID ? [] : primaryKey, foreignKeys: foreignKeys, indexes: indexes)
    }

    static func column(
        _ name: String, _ type: String = "text", notNull: Bool = false, default defaultSQL: String? = nil
    ) -> ColumnSnapshot {
        ColumnSnapshot(name: name, type: type, notNull: notNull, defaultSQL: defaultSQL)
    }

    static let number = column("number", notNull: true)

    static func plan(
        _ old: [TableSnapshot], _ new: [TableSnapshot], oldTriggers: [TriggerSnapshot] = [],
        newTriggers: [TriggerSnapshot] = [], renames: [MigrationHistory.ColumnRename] = [],
        tableRenames: [MigrationHistory.TableRename] = []
    ) -> (steps: [String], problems: [String]) {
        let (steps, problems, _) = MigrationPlanner.plan(
            from: SchemaSnapshot(tables: old, triggers: oldTriggers),
            to: SchemaSnapshot(tables: new, triggers: newTriggers),
            intents: .init(tableRenames: tableRenames, columnRenames: renames), locations: [:], fallback: here)
        return (steps.map(describe), problems.map(\.message))
    }

    /// A copy source as the SQL the rebuild's `SELECT` reads.
    static func sql(_ source: MigrationStep.CopySource) -> String {
        switch source {
        case let .column(name): return SQL.identifier(name)
        case let .recordedDefault(literal): return literal
        case .null: return "NULL"
        case let .epochSecondsAsDatetime(name): return "datetime(\(name))"
        case let .unsignedTextAsInteger(name): return "unsigned(\(name))"
        case let .decimalTextAsNumber(name): return "decimal(\(name))"
        case let .decimalAsText(name): return "decimalText(\(name))"
        case let .uuidTextAsBlob(name): return "uuid(\(name))"
        }
    }

    static func describe(_ step: MigrationStep) -> String {
        switch step {
        case let .dropTrigger(name): return "drop trigger \(name)"
        case let .dropIndex(name): return "drop index \(name)"
        case let .dropTable(name): return "drop table \(name)"
        case let .createTable(table): return "create table \(table.name)"
        case let .addColumns(table, columns):
            return "add \(table) "
                + columns.map {
                    "\($0.name)\($0.notNull ? " not null" : "")\($0.defaultSQL.map { " default \($0)" } ?? "")"
                }.joined(separator: ", ")
        case let .rebuild(table, copy, _, _):
            return "rebuild \(table.name) copying "
                + copy.map { "\($0.column)=\(sql($0.source))" }.joined(separator: ", ")
        case let .renameTable(from, to): return "rename table \(from) to \(to)"
        case let .renameColumn(table, from, to): return "rename \(table).\(from) to \(to)"
        case let .createIndex(table, index): return "create index \(index.name) on \(table)"
        case let .createTrigger(trigger): return "create trigger \(trigger.name)"
        }
    }

    /// `renamedFrom:` renames in place: no drop and add, no rebuild, even beside other changes; a rename
    /// whose former column is gone (already recorded) does nothing.
    @Test func renamesKeepTheColumnInPlace() {
        let old = [
            Self.table(columns: [Self.number, Self.column("stargazersCount", "integer", notNull: true, default: "0")])
        ]
        let renamed = Self.column("stars", "integer", notNull: true, default: "0")
        let rename = MigrationHistory.ColumnRename(table: "order", from: "stargazersCount", to: "stars")
        #expect(
            Self.plan(old, [Self.table(columns: [Self.number, renamed])], renames: [rename]).steps == [
                "rename order.stargazersCount to stars"
            ])
        // Without the rename, the same edit would lose the values.
        #expect(
            Self.plan(old, [Self.table(columns: [Self.number, renamed])]).steps.first?.hasPrefix("rebuild order")
                == true)
        // Beside an added column: renamed first, then added.
        #expect(
            Self.plan(old, [Self.table(columns: [Self.number, renamed, Self.column("note")])], renames: [rename]).steps
                == ["rename order.stargazersCount to stars", "add order note"])
        // Already applied: nothing to do.
        let current = [Self.table(columns: [Self.number, renamed])]
        #expect(Self.plan(current, current, renames: [rename]).steps.isEmpty)
    }

    /// An entity's `renamedFrom:` renames its table in place: the rows stay, foreign keys of other tables
    /// that reference it follow (no rebuild), its generated index takes its new name, and a column rename
    /// inside the renamed table names the table by its new name.
    @Test func renamedTablesKeepTheirRowsAndTheirReferences() {
        let key = ForeignKeySnapshot(
            columns: ["ownerId"], table: "client", targetColumns: ["id"], onDelete: "setNull", onUpdateCascade: true,
            deferred: true)
        let referencing = { (target: String) in
            Self.table(
                columns: [Self.number, Self.column("ownerId", "integer")],
                foreignKeys: [
                    {
                        var key = key; key.table = target; return key
                    }()
                ],
                indexes: [IndexSnapshot(name: "order_owner", columns: ["ownerId"])])
        }
        let old = [
            Self.table(
                "client", columns: [Self.column("id", "integer", notNull: true), Self.column("nick")],
                primaryKey: ["id"], indexes: [IndexSnapshot(name: "client_nick", columns: ["nick"])]),
            referencing("client"),
        ]
        let new = [
            Self.table(
                "customer", columns: [Self.column("id", "integer", notNull: true), Self.column("nickname")],
                primaryKey: ["id"], indexes: [IndexSnapshot(name: "customer_nickname", columns: ["nickname"])]),
            referencing("customer"),
        ]
        let renamed = Self.plan(
            old, new, renames: [.init(table: "customer", from: "nick", to: "nickname")],
            tableRenames: [.init(from: "client", to: "customer")])
        #expect(renamed.problems == [])
        #expect(
            renamed.steps == [
                "rename table client to customer", "rename customer.nick to nickname", "drop index client_nick",
                "create index customer_nickname on customer",
            ])
        // Without the rename, the same edit drops the table with its rows and rebuilds the referencing one.
        let unrenamed = Self.plan(old, new).steps
        #expect(unrenamed.contains("drop table client"))
        #expect(unrenamed.contains { $0.hasPrefix("rebuild order") })
        // Already applied (recorded), or its new name taken in the recorded tables: nothing renamed.
        #expect(Self.plan(new, new, tableRenames: [.init(from: "client", to: "customer")]).steps.isEmpty)
        #expect(
            !Self.plan(old + [new[0]], new, tableRenames: [.init(from: "client", to: "customer")]).steps.contains(
                "rename table client to customer"))
    }

    @Test func identicalSnapshotsNeedNothing() {
        let tables = [Self.table(columns: [Self.number])]
        #expect(Self.plan(tables, tables).steps.isEmpty)
    }

    @Test func optionalAndDefaultedColumnsAreAddedInPlace() {
        let old = [Self.table(columns: [Self.number])]
        let new = [
            Self.table(columns: [
                Self.number, Self.column("note"), Self.column("count", "integer", notNull: true, default: "0"),
            ])
        ]
        let plan = Self.plan(old, new)
        #expect(plan.problems.isEmpty)
        #expect(plan.steps == ["add order note, count not null default 0"])
    }

    @Test func aChangedDefaultAloneNeedsNoMigration() {
        let old = [Self.table(columns: [Self.number, Self.column("count", "integer", notNull: true, default: "0")])]
        let new = [Self.table(columns: [Self.number, Self.column("count", "integer", notNull: true, default: "5")])]
        #expect(Self.plan(old, new).steps.isEmpty)
    }

    @Test func removedColumnsAndNewForeignKeysRebuildTheTableKeepingTheRowID() {
        let key = ForeignKeySnapshot(
            columns: ["addressId"], table: "address", targetColumns: ["id"], onDelete: "setNull", onUpdateCascade: true,
            deferred: true)
        let old = [Self.table(columns: [Self.column("total", "double"), Self.column("legacy")], hiddenRowID: true)]
        let new = [
            Self.table(
                columns: [Self.column("total", "double"), Self.column("addressId", "integer")], foreignKeys: [key],
                indexes: [IndexSnapshot(name: "order_address", columns: ["addressId"])], hiddenRowID: true)
        ]
        let plan = Self.plan(old, new)
        #expect(plan.problems.isEmpty)
        #expect(
            plan.steps == [
                "rebuild order copying _id=\"_id\", total=\"total\", addressId=NULL",
                "create index order_address on order",
            ])
    }

    @Test func datesStoredAsSecondsAreConvertedToGRDBDateTextInARebuild() {
        let old = [Self.table(columns: [Self.number, Self.column("placedAt", "double")])]
        let new = [Self.table(columns: [Self.number, Self.column("placedAt", "datetime")])]
        let plan = Self.plan(old, new)
        #expect(plan.problems.isEmpty)
        #expect(plan.steps == ["rebuild order copying number=\"number\", placedAt=datetime(placedAt)"])
    }

    /// Decimals recorded as text (before entitygen-v10) or without affinity (`decimal`) convert to the
    /// collated text column; the reverse is a schema change, refused.
    @Test func decimalsConvertToCollatedText() {
        for before in ["text", "decimal"] {
            let plan = Self.plan(
                [Self.table(columns: [Self.number, Self.column("price", before)])],
                [Self.table(columns: [Self.number, Self.column("price", "decimalText")])])
            #expect(plan.problems.isEmpty)
            #expect(plan.steps == ["rebuild order copying number=\"number\", price=decimalText(price)"])
        }
        let back = Self.plan(
            [Self.table(columns: [Self.number, Self.column("price", "decimalText")])],
            [Self.table(columns: [Self.number, Self.column("price", "decimal")])])
        #expect(back.steps.isEmpty)
        #expect(back.problems.count == 1)
    }

    @Test func otherTypeChangesStayRefused() {
        for (before, after) in [("datetime", "double"), ("text", "datetime"), ("integer", "double")] {
            let plan = Self.plan(
                [Self.table(columns: [Self.number, Self.column("placedAt", before)])],
                [Self.table(columns: [Self.number, Self.column("placedAt", after)])])
            #expect(plan.steps.isEmpty)
            #expect(
                plan.problems == [
                    "column 'order.placedAt' changes type from \(before) to \(after); stored values cannot be converted automatically; to discard them (rows get NULL, or the default), list the member in its entity's 'discardStoredData:'"
                ])
        }
    }

    /// `discardStoredData:` on a retyped member: the table is rebuilt with the column filled as a new
    /// column would be (NULL, or the default); still refused when it is required without a default.
    @Test func discardedValuesLetTheTypeChange() {
        let discard = MigrationHistory.ColumnDiscard(table: "order", column: "total")
        let old = [Self.table(columns: [Self.number, Self.column("total", "double", notNull: true)])]
        func plan(
            _ column: ColumnSnapshot
        ) -> (steps: [String], problems: [String], applied: [MigrationHistory.ColumnDiscard]) {
            let (steps, problems, applied) = MigrationPlanner.plan(
                from: SchemaSnapshot(tables: old, triggers: []),
                to: SchemaSnapshot(tables: [Self.table(columns: [Self.number, column])], triggers: []),
                intents: .init(discards: [discard]), locations: [:], fallback: Self.here)
            return (steps.map(Self.describe), problems.map(\.message), applied.discards)
        }
        let optional = plan(Self.column("total", "text"))
        #expect(optional.steps == ["rebuild order copying number=\"number\", total=NULL"])
        #expect(optional.applied == [discard])
        #expect(
            plan(Self.column("total", "integer", notNull: true, default: "0")).steps == [
                "rebuild order copying number=\"number\", total=0"
            ])
        let required = plan(Self.column("total", "text", notNull: true))
        #expect(required.steps.isEmpty)
        #expect(required.problems.first?.contains("required without a default") == true)
        // The same type: nothing to discard, nothing recorded.
        let same = plan(Self.column("total", "double", notNull: true))
        #expect(same.steps.isEmpty && same.applied.isEmpty)
    }

    @Test func rebuildsAndDropsReplaceEveryTriggerAroundThem() {
        let trigger = TriggerSnapshot(name: "t1", sql: "CREATE TRIGGER t1 ...")
        let old = [
            Self.table(columns: [Self.number, Self.column("legacy")]),
            Self.table("coupon", columns: [Self.column("code", notNull: true)], primaryKey: ["code"]),
        ]
        let new = [Self.table(columns: [Self.number])]
        let plan = Self.plan(old, new, oldTriggers: [trigger], newTriggers: [trigger])
        #expect(
            plan.steps == [
                "drop trigger t1", "drop table coupon", "rebuild order copying number=\"number\"", "create trigger t1",
            ])
    }

    @Test func onlyChangedTriggersAndIndexesChangeOtherwise() {
        let kept = TriggerSnapshot(name: "kept", sql: "CREATE TRIGGER kept ...")
        let old = [
            Self.table(columns: [Self.number, Self.column("a")], indexes: [IndexSnapshot(name: "i", columns: ["a"])])
        ]
        let new = [
            Self.table(
                columns: [Self.number, Self.column("a")], indexes: [IndexSnapshot(name: "i", columns: ["a", "number"])])
        ]
        let plan = Self.plan(
            old, new, oldTriggers: [kept, TriggerSnapshot(name: "gone", sql: "x")],
            newTriggers: [kept, TriggerSnapshot(name: "new", sql: "y")])
        #expect(plan.steps == ["drop trigger gone", "drop index i", "create index i on order", "create trigger new"])
    }

    @Test func changesWithoutACorrectValueForStoredRowsAreRefused() {
        let old = [Self.table(columns: [Self.number, Self.column("total", "double"), Self.column("note")])]
        let new = [
            Self.table(columns: [
                Self.number, Self.column("total", "text"), Self.column("note", notNull: true),
                Self.column("rank", "integer", notNull: true),
            ])
        ]
        let plan = Self.plan(old, new)
        #expect(plan.steps.isEmpty)
        #expect(
            plan.problems == [
                "column 'order.total' changes type from double to text; stored values cannot be converted automatically; to discard them (rows get NULL, or the default), list the member in its entity's 'discardStoredData:'",
                "column 'order.note' becomes required; rows already stored may hold NULL",
                "new required column 'order.rank' has no default for the rows already stored; make it optional or give it a default",
            ])
        let rekeyed = Self.plan(old, [Self.table(columns: old[0].columns, primaryKey: ["number", "total"])])
        #expect(
            rekeyed.problems == [
                "table 'order' changes its primary key from (number) to (number, total); existing rows cannot be re-keyed automatically"
            ])
    }
}
