import GRDB

/// Reads a row's columns for a generated `init(row:)` without a `try` for each: a column that does not
/// convert is remembered (the first one, in the order they are read) and stands in as its type's
/// ``ColumnValue/columnPlaceholder``, and ``check()`` throws its error once the initializer has read
/// every column.
///
/// ```swift
/// init(row: GRDB.Row) throws {
///     var _columns = EntityGenPersistence.RowColumns(row)
///     self.init(identifier: _columns.column("identifier", at: 0), name: _columns.column("name", at: 1))
///     try _columns.check()
/// }
/// ```
///
/// The error thrown is the one `Row.column(_:at:)` (this module's `GRDB.Row` extension) throws for
/// that column. Reads a placeholder cannot stand in for keep their `try`: JSON columns, which
/// `init(row:)` reads first, and included relationships. So when a row holds several values that do
/// not convert, a JSON column's or a relationship's error comes before the other columns', which come
/// in table order.
///
/// Why: every `try` inside one initializer call gives the compiled function an error path that destroys
/// the values read before it, so a 12-column `init(row:)` was mostly error paths (468 lines of debug IR
/// with a `try` per column, 309 with one check). Documentation/Benchmarks.md has the measurement.
public struct RowColumns {
    /// The row being read.
    public let row: Row
    /// The first read that failed.
    @usableFromInline var failure: (any Error)?

    /// Starts reading `row`.
    @inlinable public init(_ row: Row) {
        self.row = row
    }

    /// The value of a column, as `Row.column(_:at:)` (this module's `GRDB.Row` extension) reads it;
    /// the type's placeholder when it does not convert, remembered for ``check()``.
    @inlinable public mutating func column<T: ColumnValue>(_ name: String, at position: Int? = nil) -> T {
        do { return try row.column(name, at: position) } catch {
            if failure == nil { failure = error }
            return T.columnPlaceholder
        }
    }

    /// Throws the error of the first column that did not convert, if one did not.
    @inlinable public func check() throws {
        if let failure { throw failure }
    }
}
