/// A project's migrations as data: every recorded one (regenerated from the history, so its code never
/// changes), then the pending one, with what lint says about them and what `generate` records.
struct MigrationSetPlan: Sendable {
    /// One migration: its identifier and steps.
    struct Migration: Sendable {
        /// The migration identifier GRDB records (`entitygen-v2`).
        var name: String
        /// Its steps, in the order they run.
        var steps: [MigrationStep]
    }

    /// Recorded migrations, then the pending one if any.
    var migrations: [Migration]
    /// Unmigratable changes (errors), an unreadable history (error), or a pending migration that is not
    /// recorded yet (warning).
    var diagnostics: [Diagnostic]
    /// The history with the pending migration appended; `nil` when there is nothing to record.
    var updatedHistory: MigrationHistory?

    /// No migrations (persistence off).
    static let none = MigrationSetPlan(migrations: [], diagnostics: [], updatedHistory: nil)
}

/// One operation of a migration, in the order it runs.
enum MigrationStep: Sendable {
    case dropTrigger(String)
    case dropIndex(String)
    case dropTable(String)
    case createTable(TableSnapshot)
    case addColumns(table: String, columns: [ColumnSnapshot])
    /// `ALTER TABLE ... RENAME TO`: the rows stay, and SQLite updates the foreign keys, triggers and views
    /// that name the table.
    case renameTable(from: String, to: String)
    /// `ALTER TABLE ... RENAME COLUMN`: the values stay, and SQLite updates the indexes and triggers that
    /// name the column.
    case renameColumn(table: String, from: String, to: String)
    /// Change a table's columns or foreign keys in ways `ADD COLUMN` cannot, keeping its rows: each new
    /// column from a source in the old row (`copy`). SQLite creates the table under a temporary name,
    /// copies rows, drops the old table and renames, keeping the app's own indexes, triggers and views
    /// (`generatedIndexes`: the old table's generated indexes, which the migration re-creates itself);
    /// PostgreSQL alters the table in place from `previous` (the recorded table, renames applied).
    case rebuild(
        TableSnapshot, copy: [(column: String, source: CopySource)], generatedIndexes: [String],
        previous: TableSnapshot)
    case createIndex(table: String, IndexSnapshot)
    case createTrigger(TriggerSnapshot)

    /// Where a rebuilt table's column takes its value from.
    enum CopySource: Sendable {
        /// The old row's column of that name.
        case column(String)
        /// The column's recorded default (``ColumnSnapshot/defaultSQL``), for a new column.
        case recordedDefault(String)
        /// `NULL`, for a new optional column without a default.
        case null
        /// The old row's column, seconds since 1970 (how dates were stored before), as GRDB's date text
        /// `yyyy-MM-dd HH:mm:ss.SSS` (UTC, milliseconds rounded half up, as the runtime writes dates);
        /// text already there is kept.
        case epochSecondsAsDatetime(String)
        /// The old row's column, an unsigned integer stored as decimal text (how `UInt`/`UInt64` were
        /// stored before), as an integer when it fits `Int64` and else its 20 digits as a blob (see
        /// ``SnapshotColumnType/unsigned``); anything but digits is kept as it is.
        case unsignedTextAsInteger(String)
        /// The old row's column, a decimal stored as text (how `Decimal` was stored before), as a `REAL`
        /// when it has at most 15 significant digits (a double holds those exactly, see
        /// ``SnapshotColumnType/decimal``); longer or other text is kept as it is.
        case decimalTextAsNumber(String)
        /// The old row's column, a decimal stored as text or as a `REAL` (how `Decimal` was stored
        /// before), as the runtime stores one now (``SnapshotColumnType/decimalText``): its canonical
        /// text, through the SQL function `EntityGenPersistence.MigrationFunctions.decimalText` the
        /// migration registers; other values are kept as they are.
        case decimalAsText(String)
        /// The old row's column, a UUID stored as its text (how `UUID` was stored before), as GRDB's
        /// 16-byte blob (see ``SnapshotColumnType/uuid``), through the SQL function
        /// `EntityGenPersistence.MigrationFunctions.uuidBlob` the migration registers; other values are
        /// kept as they are.
        case uuidTextAsBlob(String)
    }
}
