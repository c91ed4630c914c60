import EntityGenRuntime
import GRDB

/// Explicit column encoding for generated `encode(to:)`: each column stored as the importer binds it.
///
/// Generated records call these instead of assigning through `PersistenceContainer`'s subscripts
/// (`container["name"] = name.columnDatabaseValue`): each such assignment type-checks against both of
/// GRDB's subscripts and through an existential, and `encode(to:)` was the slowest body of generated
/// code to type-check. With one non-overloaded method per kind of column, its body checks in 4.3 ms
/// instead of 7.6 ms per entity (`-debug-time-function-bodies`, the scale benchmark's flat entities).
extension PersistenceContainer {
    /// Sets column `name` to `value` as the importer stores it (``ColumnValue/columnDatabaseValue``;
    /// `NULL` for `nil`).
    public mutating func setColumn<T: ColumnValue>(_ name: String, _ value: T) {
        self[name] = value.columnDatabaseValue
    }

    /// Sets column `name` to `value`'s JSON text, written by `transformer` (``JSONColumn``).
    public mutating func setJSONColumn<T: JSONTransformer>(_ name: String, _ value: T.Value, _ transformer: T) {
        self[name] = JSONColumn.databaseValue(value, transformer)
    }

    /// Sets column `name` to an optional value's JSON text, `NULL` when absent.
    public mutating func setOptionalJSONColumn<T: JSONTransformer>(
        _ name: String, _ value: T.Value?, _ transformer: T
    ) {
        self[name] = JSONColumn.databaseValue(value, transformer)
    }
}
