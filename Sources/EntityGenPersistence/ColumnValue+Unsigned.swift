import Foundation
import GRDB
import GRDBSQLite

extension UInt64: ColumnValue {
    /// Stored as an integer while it fits `Int64`, above that as its 20 decimal digits in a blob: SQLite
    /// integers are signed 64-bit, and a blob sorts after every integer, so GRDB's requests compare and
    /// order every value by number (`filter(Columns.downloads > 100)`, `order(Columns.downloads)`).
    public func bindValue(to statement: SQLiteStatement, at index: Int32) {
        if self <= UInt64(Int64.max) {
            sqlite3_bind_int64(statement, index, Int64(self))
        } else {
            UnsignedStorage.digits(self).bindValue(to: statement, at: index)
        }
    }

    public var columnDatabaseValue: DatabaseValue {
        self <= UInt64(Int64.max) ? Int64(self).databaseValue : UnsignedStorage.digits(self).databaseValue
    }

    public init(databaseValue: DatabaseValue) throws(ColumnDecodingError) {
        self = try UnsignedStorage.value(databaseValue)
    }
}

extension UInt: ColumnValue {
    /// Stored as `UInt64` is.
    public func bindValue(to statement: SQLiteStatement, at index: Int32) {
        UInt64(self).bindValue(to: statement, at: index)
    }

    public var columnDatabaseValue: DatabaseValue { UInt64(self).columnDatabaseValue }

    public init(databaseValue: DatabaseValue) throws(ColumnDecodingError) {
        self = try UnsignedStorage.value(databaseValue)
    }
}

/// How unsigned integers are stored: an integer up to `Int64.max`, above it 20 decimal digits (zero-padded,
/// so blobs sort by number) in a blob. Decimal text, how earlier versions stored every value, still reads.
enum UnsignedStorage {
    /// The 20 digits of a value above `Int64.max`.
    static func digits(_ value: UInt64) -> Data {
        let text = String(value)
        return Data((String(repeating: "0", count: max(0, 20 - text.utf8.count)) + text).utf8)
    }

    /// The value a stored integer, digit blob or decimal text holds, if it fits `T`.
    static func value<T: FixedWidthInteger & UnsignedInteger>(_ stored: DatabaseValue) throws(ColumnDecodingError) -> T
    {
        let value: T?
        switch stored.storage {
        case let .int64(integer): value = T(exactly: integer)
        case let .blob(data): value = T(String(decoding: data, as: UTF8.self))
        case let .string(text): value = T(text)
        case .null, .double: value = nil
        }
        guard let value else { throw .mismatch(stored, expected: "\(T.self)") }
        return value
    }
}
