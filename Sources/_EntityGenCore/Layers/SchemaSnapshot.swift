/// The SQLite schema the generator's tables describe, as data: what a migration creates, and what the
/// migration history records after each migration so that the next one can be computed as a difference.
///
/// Snapshots are compared, diffed and stored (``MigrationHistory``); they never carry Swift code, only
/// table, column, key, index and trigger definitions.
public struct SchemaSnapshot: Hashable, Sendable, Codable {
    /// Tables, sorted by name (entity tables and link tables alike).
    public var tables: [TableSnapshot]
    /// Triggers, sorted by name.
    public var triggers: [TriggerSnapshot]

    /// Creates a snapshot; tables and triggers are sorted by name.
    public init(tables: [TableSnapshot], triggers: [TriggerSnapshot]) {
        self.tables = tables.sorted { $0.name < $1.name }
        self.triggers = triggers.sorted { $0.name < $1.name }
    }

    /// No tables: the state before the first migration.
    public static let empty = SchemaSnapshot(tables: [], triggers: [])

    /// The table named `name`.
    public func table(named name: String) -> TableSnapshot? {
        tables.first { $0.name == name }
    }

    /// Decodes a snapshot; `triggers` may be left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            tables: try container.decode([TableSnapshot].self, forKey: .tables),
            triggers: try container.decodeIfPresent([TriggerSnapshot].self, forKey: .triggers) ?? []
        )
    }
}

/// One table of a ``SchemaSnapshot``.
public struct TableSnapshot: Hashable, Sendable, Codable {
    /// Table name.
    public var name: String
    /// A hidden `_id INTEGER PRIMARY KEY` (entities without identification attributes).
    public var hiddenRowID: Bool
    /// Created `WITHOUT ROWID` (link tables).
    public var withoutRowID: Bool
    /// Columns in creation order, without the hidden `_id`.
    public var columns: [ColumnSnapshot]
    /// Primary key columns (empty with a hidden `_id`).
    public var primaryKey: [String]
    /// Foreign keys, in declaration order.
    public var foreignKeys: [ForeignKeySnapshot]
    /// Indexes, sorted by name.
    public var indexes: [IndexSnapshot]

    /// Creates a table snapshot.
    public init(
        name: String, hiddenRowID: Bool, withoutRowID: Bool, columns: [ColumnSnapshot], primaryKey: [String],
        foreignKeys: [ForeignKeySnapshot], indexes: [IndexSnapshot]
    ) {
        self.name = name
        self.hiddenRowID = hiddenRowID
        self.withoutRowID = withoutRowID
        self.columns = columns
        self.primaryKey = primaryKey
        self.foreignKeys = foreignKeys
        self.indexes = indexes.sorted { $0.name < $1.name }
    }

    /// The column named `name`.
    public func column(named name: String) -> ColumnSnapshot? {
        columns.first { $0.name == name }
    }

    /// Decodes a table; everything but `name` and `columns` may be left out (false or empty).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            hiddenRowID: try container.decodeIfPresent(Bool.self, forKey: .hiddenRowID) ?? false,
            withoutRowID: try container.decodeIfPresent(Bool.self, forKey: .withoutRowID) ?? false,
            columns: try container.decode([ColumnSnapshot].self, forKey: .columns),
            primaryKey: try container.decodeIfPresent([String].self, forKey: .primaryKey) ?? [],
            foreignKeys: try container.decodeIfPresent([ForeignKeySnapshot].self, forKey: .foreignKeys) ?? [],
            indexes: try container.decodeIfPresent([IndexSnapshot].self, forKey: .indexes) ?? []
        )
    }
}

/// The column types a snapshot records (GRDB's `Database.ColumnType` names): the one list the SQLite
/// backend writes, the migration planner compares and the history reader accepts.
enum SnapshotColumnType: String, CaseIterable, Sendable {
    case text, integer, double, blob
    /// A date as GRDB stores it (text `yyyy-MM-dd HH:mm:ss.SSS`); earlier histories recorded `double`.
    case datetime
    /// An unsigned integer (`UInt`, `UInt64`): an `INTEGER` column holding values up to `Int64.max` as
    /// integers and larger ones as 20-digit blobs, so SQLite compares and sorts every value by number;
    /// earlier histories recorded `text`.
    case unsigned
    /// A `Decimal` as histories recorded it before `decimalText`: a column without affinity (no declared
    /// type) holding each value as `REAL` when that double reads back as the same decimal, else as its
    /// text. GRDB binds a `Decimal` as text, which such a column compares as greater than every `REAL`
    /// (`filter(Columns.price > Decimal(10))` found nothing), so it is migrated to `decimalText`.
    case decimal
    /// A `Decimal` as GRDB stores it (its text, every digit kept), in a `TEXT` column with the
    /// `entitygen_decimal` collation (`EntityGenPersistence.DecimalCollation`), so SQLite compares and
    /// sorts it by number whatever GRDB binds; earlier histories recorded `text` or `decimal`.
    case decimalText
    /// A `UUID` as GRDB stores it (a 16-byte blob), so GRDB's requests find it by the `UUID`s they bind
    /// (`fetchOne(db, id: uuid)`); earlier histories recorded `text`.
    case uuid
}

/// One column of a ``TableSnapshot``.
public struct ColumnSnapshot: Hashable, Sendable, Codable {
    /// Column name.
    public var name: String
    /// Column type: `text`, `integer`, `double`, `blob` or `datetime` (GRDB's `Database.ColumnType` names),
    /// `unsigned` (an `INTEGER` column for unsigned integers; see ``SnapshotColumnType/unsigned``) or
    /// `decimal`, `decimalText` and `uuid` (see ``SnapshotColumnType``).
    public var type: String
    /// `NOT NULL`.
    public var notNull: Bool
    /// The SQL literal that fills the column in rows that existed before it (the schema's `default:`),
    /// if the default can be written in SQL. Used only when a migration adds the column.
    public var defaultSQL: String?

    /// Creates a column snapshot.
    public init(name: String, type: String, notNull: Bool, defaultSQL: String?) {
        self.name = name
        self.type = type
        self.notNull = notNull
        self.defaultSQL = defaultSQL
    }

    /// Same name, type and nullability (a changed default needs no migration).
    func isStoredLike(_ other: ColumnSnapshot) -> Bool {
        name == other.name && type == other.type && notNull == other.notNull
    }
}

/// A foreign key of a ``TableSnapshot``.
public struct ForeignKeySnapshot: Hashable, Sendable, Codable {
    /// Referencing columns.
    public var columns: [String]
    /// Referenced table.
    public var table: String
    /// Referenced columns.
    public var targetColumns: [String]
    /// `ON DELETE` action, as GRDB's `Database.ForeignKeyAction` case name (`setNull`, `cascade`).
    public var onDelete: String
    /// `ON UPDATE CASCADE`.
    public var onUpdateCascade: Bool
    /// `DEFERRABLE INITIALLY DEFERRED`.
    public var deferred: Bool

    /// Creates a foreign key snapshot.
    public init(
        columns: [String], table: String, targetColumns: [String], onDelete: String, onUpdateCascade: Bool,
        deferred: Bool
    ) {
        self.columns = columns
        self.table = table
        self.targetColumns = targetColumns
        self.onDelete = onDelete
        self.onUpdateCascade = onUpdateCascade
        self.deferred = deferred
    }
}

/// A (non-unique) index of a ``TableSnapshot``.
public struct IndexSnapshot: Hashable, Sendable, Codable {
    /// Index name (unique in the database).
    public var name: String
    /// Indexed columns.
    public var columns: [String]

    /// Creates an index snapshot.
    public init(name: String, columns: [String]) {
        self.name = name
        self.columns = columns
    }
}

/// An `ON DELETE` action as a snapshot records it (GRDB's `Database.ForeignKeyAction` case names): the
/// only values a history file may hold (``MigrationHistory`` refuses others when it reads one).
enum RecordedDeleteAction: String, CaseIterable, Sendable {
    case cascade, restrict, setNull, setDefault
}

/// A trigger: its name and the one statement that creates it (SQLite's `CREATE TRIGGER`; PostgreSQL's
/// `DO` block creating the trigger function and the trigger, both of that name).
public struct TriggerSnapshot: Hashable, Sendable, Codable {
    /// Trigger name.
    public var name: String
    /// The statement creating the trigger.
    public var sql: String

    /// Creates a trigger snapshot.
    public init(name: String, sql: String) {
        self.name = name
        self.sql = sql
    }
}
