import EntityGenRuntime
import GRDB
import GRDBSQLite

/// A save statement with its table's counters, returned by ``ImportSession/prepare(_:)`` and
/// ``ImportSession/prepare(_:absent:)``: generated saves bind each column through it
/// (`_row.bind(entity.name, at: 1)`), then hand it to ``ImportSession/save(_:slot:)``.
///
/// Text and blobs bound through the row are copied into memory the session keeps for that parameter and
/// bound without SQLite copying them again (`SQLITE_STATIC`), so a row costs no allocation per column.
/// Binding to ``statement`` directly (`value.bindValue(to: row.statement, at: 1)`) still works and lets
/// SQLite copy the bytes.
public struct PreparedRow {
    let state: ImportSession.TableState
    /// The statement to bind.
    public let statement: SQLiteStatement
    /// The memory the statement's text and blob parameters point to.
    let buffers: ColumnBuffers

    /// Binds `value` to parameter `index` (1-based).
    @inlinable public func bind<Value: ColumnValue>(_ value: Value, at index: Int32) {
        value.bindValue(to: self, at: index)
    }

    /// Binds `value` encoded by `transformer` as JSON text (inlinable, so the transformer's encoding is
    /// specialized in generated code).
    @inlinable public func bind<T: JSONTransformer>(_ value: T.Value, json transformer: T, at index: Int32) {
        JSONColumn.text(value, transformer).withUnsafeBufferPointer { bindText(UnsafeRawBufferPointer($0), at: index) }
    }

    /// Binds an optional value as JSON text, `NULL` when absent.
    @inlinable public func bind<T: JSONTransformer>(_ value: T.Value?, json transformer: T, at index: Int32) {
        if let value { bind(value, json: transformer, at: index) } else { sqlite3_bind_null(statement, index) }
    }

    /// Binds `bytes` as text: copied into the parameter's buffer, which the statement then reads in place.
    public func bindText(_ bytes: UnsafeRawBufferPointer, at index: Int32) {
        let copy = buffers.copy(bytes, for: index)
        _ = sqlite3_bind_text(statement, index, copy.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil)
    }

    /// Binds `bytes` as a blob, the same way as ``bindText(_:at:)``.
    public func bindBlob(_ bytes: UnsafeRawBufferPointer, at index: Int32) {
        _ = sqlite3_bind_blob(statement, index, buffers.copy(bytes, for: index), Int32(bytes.count), nil)
    }
}

/// One buffer per parameter of one prepared statement, which its text and blob parameters point to
/// (`SQLITE_STATIC`) from binding until the next binding of the same parameter.
///
/// A parameter's buffer only grows when a longer value is bound to that same parameter, which replaces
/// the binding that pointed to the old buffer. When the session ends, the statement's bindings are
/// cleared before the buffers are freed, so the cached statement never points to freed memory.
final class ColumnBuffers {
    private let statement: SQLiteStatement
    private let count: Int
    private let starts: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    private let capacities: UnsafeMutablePointer<Int>

    /// Buffers for every parameter of `statement`, allocated on first use.
    init(_ statement: SQLiteStatement) {
        self.statement = statement
        count = Int(sqlite3_bind_parameter_count(statement)) + 1
        starts = .allocate(capacity: count)
        starts.initialize(repeating: nil, count: count)
        capacities = .allocate(capacity: count)
        capacities.initialize(repeating: 0, count: count)
    }

    deinit {
        sqlite3_clear_bindings(statement)
        for index in 0..<count { starts[index]?.deallocate() }
        starts.deallocate()
        capacities.deallocate()
    }

    /// `bytes` copied into parameter `index`'s buffer (grown when too small); never a null pointer, since
    /// SQLite binds a null pointer as `NULL`, not as empty text.
    func copy(_ bytes: UnsafeRawBufferPointer, for index: Int32) -> UnsafeRawPointer {
        let slot = Int(index)
        precondition(slot > 0 && slot < count, "parameter \(index) is not one of the statement's")
        if capacities[slot] < bytes.count || starts[slot] == nil {
            starts[slot]?.deallocate()
            let capacity = max(bytes.count, 2 * capacities[slot], 32)
            starts[slot] = .allocate(byteCount: capacity, alignment: 8)
            capacities[slot] = capacity
        }
        let start = starts[slot]!
        if let source = bytes.baseAddress { start.copyMemory(from: source, byteCount: bytes.count) }
        return UnsafeRawPointer(start)
    }
}
