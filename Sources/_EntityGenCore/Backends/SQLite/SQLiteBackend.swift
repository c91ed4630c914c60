/// SQLite through GRDB: tables recorded as SQLite DDL facts (storage classes, `WITHOUT ROWID` link
/// tables, triggers as their `CREATE TRIGGER` statements), migrated by ``MigrationPlanner``.
struct SQLiteBackend: StorageBackend {
    var historyFileName: String { "entitygen-migrations.json" }
    /// The runtime module's qualifier in generated code.
    static let module = "EntityGenPersistence"
    var runtimeModule: String { Self.module }
    var qualifyingModules: [String] { [runtimeModule, "GRDB", "GRDBSQLite"] }
    /// The store nested in every persistent model (`Pod.SQLite`), which the importer saves it through.
    static let store = "SQLite"
    /// The store's name (``GeneratedNames/database``, which every project declares, is reserved there).
    var reservedTypeNames: Set<String> { [Self.store] }
    /// SQLite refuses no name the schema language accepts.
    var rules: [RuleDescription] { [] }

    func emitter(tables: [TablePlan], models: [String: EntityPlan]) -> any PersistenceEmitter {
        SQLitePersistenceEmitter(records: SQLiteRecordTranslator.records(of: tables, models: models))
    }

    var columnTypes: Set<String> { Set(SnapshotColumnType.allCases.map(\.rawValue)) }

    /// SQLite stores everything the schema language describes.
    func limitations(of tables: [TablePlan]) -> [Diagnostic] { [] }

    /// The tables' snapshot, with the outbox and its capture triggers when an entity declares `push:`
    /// (``OutboxCapture``).
    func snapshot(of tables: [TablePlan]) -> (snapshot: SchemaSnapshot, locations: [String: SourceLocation]) {
        var (snapshot, locations) = TablePlan.snapshot(
            of: tables, columnType: Self.columnType, literal: Self.literal, trigger: Self.statement)
        let outbox = OutboxCapture.objects(for: tables)
        guard !outbox.tables.isEmpty, let first = tables.first(where: { $0.push != nil }) else {
            return (snapshot, locations)
        }
        snapshot = SchemaSnapshot(
            tables: snapshot.tables + outbox.tables, triggers: snapshot.triggers + outbox.triggers)
        for table in outbox.tables { locations[table.name] = first.location }
        return (snapshot, locations)
    }

    /// The column type (as GRDB's `Database.ColumnType` names it) of a value: text for values an `Int64`
    /// cannot hold (URLs), `datetime` for dates, which hold GRDB's date text (see
    /// `EntityGenPersistence`'s `Date: ColumnValue`), `unsigned` for `UInt` and `UInt64`, `decimalText` for
    /// `Decimal` and `uuid` for `UUID` (see ``SnapshotColumnType``).
    static func columnType(_ value: StoredValue) -> String {
        let type: SnapshotColumnType
        switch value {
        case let .scalar(builtin):
            switch builtin {
            case .string, .url: type = .text
            case .uuid: type = .uuid
            case .decimal: type = .decimalText
            case .uint, .uint64: type = .unsigned
            case .double, .float: type = .double
            case .date: type = .datetime
            case .data: type = .blob
            case .anyJSON: type = .text  // stored as ``StoredValue/json``: never a scalar column
            case .bool, .int, .int8, .int16, .int32, .int64, .uint8, .uint16, .uint32: type = .integer
            }
        case let .enumeration(isInteger): type = isInteger ? .integer : .text
        case .json: type = .text
        case .rowID: type = .integer
        }
        return type.rawValue
    }

    /// A column default as an SQLite literal.
    static func literal(_ value: ColumnDefault) -> String {
        switch value {
        case let .text(text): return SQL.string(text)
        case let .number(text): return text
        case let .bool(flag): return flag ? "1" : "0"
        case let .unsigned(text):
            // As the runtime stores it: an integer while it fits Int64, else its 20 digits as a blob.
            guard let value = UInt64(text), value > UInt64(Int64.max) else { return text }
            return "X'" + ColumnDefault.hex(Array(String(format: "%020llu", value).utf8)) + "'"
        case let .decimal(text):
            // As the runtime stores it: its text, in the form `Decimal.description` writes.
            return SQL.string(text)
        case let .uuid(text):
            // As the runtime and GRDB store it: its 16 bytes in a blob (the hex digits in order).
            return "X'" + text.filter { $0 != "-" } + "'"
        case let .date(seconds):
            // As GRDB and the runtime store it: `yyyy-MM-dd HH:mm:ss.SSS` in UTC.
            return SQL.string(ColumnDefault.dateText(secondsSince1970: seconds, fractionDigits: 3))
        case let .data(bytes):
            return "X'" + ColumnDefault.hex(bytes) + "'"
        }
    }

    /// A trigger's `CREATE TRIGGER` statement.
    static func statement(_ trigger: TriggerPlan) -> String {
        let id = SQL.identifier
        switch trigger {
        case let .cascadeToOne(name, table, targetTable, match):
            let condition = match.map { "\(id($0.targetColumn)) = OLD.\(id($0.column))" }.joined(separator: " AND ")
            return
                "CREATE TRIGGER \(id(name)) AFTER DELETE ON \(id(table)) BEGIN DELETE FROM \(id(targetTable)) WHERE \(condition); END"
        case let .ownedReplaced(name, table, column, targetTable):
            let quoted = id(column)
            return
                "CREATE TRIGGER \(id(name)) AFTER UPDATE OF \(quoted) ON \(id(table)) WHEN OLD.\(quoted) IS NOT NEW.\(quoted) BEGIN DELETE FROM \(id(targetTable)) WHERE \"_id\" = OLD.\(quoted); END"
        case let .ownedDeleted(name, table, column, targetTable):
            return
                "CREATE TRIGGER \(id(name)) AFTER DELETE ON \(id(table)) BEGIN DELETE FROM \(id(targetTable)) WHERE \"_id\" = OLD.\(id(column)); END"
        case let .linkUnlinked(name, linkTable, targetTable):
            return
                "CREATE TRIGGER \(id(name)) AFTER DELETE ON \(id(linkTable)) BEGIN DELETE FROM \(id(targetTable)) WHERE \"_id\" = OLD.\"target\"; END"
        case let .cascadeLinked(name, table, targetTable, linkTable, ownerMatch, targetMatch):
            let owner = ownerMatch.map { "l.\(id($0.linkColumn)) = OLD.\(id($0.ownerColumn))" }
            let target = targetMatch.map { "l.\(id($0.linkColumn)) = \(id(targetTable)).\(id($0.targetColumn))" }
            return
                "CREATE TRIGGER \(id(name)) BEFORE DELETE ON \(id(table)) BEGIN DELETE FROM \(id(targetTable)) WHERE EXISTS (SELECT 1 FROM \(id(linkTable)) AS l WHERE \((owner + target).joined(separator: " AND "))); END"
        }
    }
}
