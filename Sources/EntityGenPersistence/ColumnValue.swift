import EntityGenRuntime
import Foundation
import GRDB
import GRDBSQLite

/// A Swift value stored in one SQLite column: bound to a prepared statement without building SQL or
/// boxing, and read back from a GRDB row.
///
/// Storage: text for `String` (a string holding U+0000 as its UTF-8 bytes in a blob, since GRDB reads
/// text only up to a U+0000) and `URL`; `UUID` as GRDB stores it (16 bytes in a blob); `Decimal` as
/// GRDB stores it (text), in a column that compares it by number (``DecimalCollation``);
/// integers for integers and `Bool` (a `UInt64`
/// above `Int64.max` as its 20 digits in a blob, which sorts after every integer);
/// `REAL` for `Double` and `Float`; `Date` as GRDB stores it (text `yyyy-MM-dd HH:mm:ss.SSS`, UTC), so
/// GRDB's own requests compare it with the `Date`s they bind; blobs for `Data`; an enum's raw value.
public protocol ColumnValue: Sendable {
    /// Binds the value to parameter `index` (1-based) of a prepared statement.
    func bindValue(to statement: SQLiteStatement, at index: Int32)
    /// Binds the value to parameter `index` (1-based) of an import's save statement; text and blobs go
    /// through the row's buffers (``PreparedRow/bindText(_:at:)``). By default the same as
    /// ``bindValue(to:at:)-(SQLiteStatement,_)``.
    func bindValue(to row: PreparedRow, at index: Int32)
    /// Reads the value from a database value; throws when the stored value has another type.
    init(databaseValue: DatabaseValue) throws(ColumnDecodingError)
    /// The value as stored, the same as ``bindValue(to:at:)-(SQLiteStatement,_)`` binds: what a generated
    /// `Record` encodes for GRDB's `PersistableRecord` methods. (Not always GRDB's own `databaseValue`: GRDB
    /// stores an unsigned 64-bit integer as a signed one.)
    var columnDatabaseValue: DatabaseValue { get }
    /// A value of the type that a generated `init(row:)` holds in place of a column that does not
    /// convert, until it throws that column's error (``RowColumns``); never returned to a caller. (It
    /// lets `init(row:)` read its columns without a `try` each, whose error paths were most of the
    /// function's compiled code.)
    static var columnPlaceholder: Self { get }
}

extension ColumnValue {
    /// Binds the value to the row's statement as ``bindValue(to:at:)-(SQLiteStatement,_)`` does.
    public func bindValue(to row: PreparedRow, at index: Int32) {
        bindValue(to: row.statement, at: index)
    }
}

/// A stored value that does not convert to the model's type.
public struct ColumnDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The column, once known.
    public var column: String
    /// What went wrong.
    public var message: String

    /// Creates an error.
    public init(column: String = "", message: String) {
        self.column = column
        self.message = message
    }

    /// Column and message.
    public var description: String { "column \"\(column)\": \(message)" }

    static func mismatch(_ value: DatabaseValue, expected: String) -> ColumnDecodingError {
        ColumnDecodingError(message: "expected \(expected), found \(value)")
    }
}

/// SQLite's "copy the bytes now" destructor.
@usableFromInline let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

extension String: ColumnValue {
    /// The empty string.
    public static var columnPlaceholder: String { "" }

    /// Stored as text; text holding U+0000 (JSON's `"\u0000"`) as its UTF-8 bytes in a blob, because GRDB
    /// binds and reads text only up to its first U+0000 (`sqlite3_bind_text(..., -1)`,
    /// `String(cString:)`): as text, a record fetched through GRDB would read it cut, and saving it would
    /// store the cut value. GRDB reads such a blob as the whole string.
    @inlinable public func bindValue(to row: PreparedRow, at index: Int32) {
        withStoredBytes { bytes, isText in
            if isText { row.bindText(bytes, at: index) } else { row.bindBlob(bytes, at: index) }
        }
    }

    @inlinable public func bindValue(to statement: SQLiteStatement, at index: Int32) {
        withStoredBytes { bytes, isText in
            let start = bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!
            if isText {
                _ = sqlite3_bind_text(
                    statement, index, start.assumingMemoryBound(to: CChar.self), Int32(bytes.count), transientDestructor
                )
            } else {
                _ = sqlite3_bind_blob(statement, index, start, Int32(bytes.count), transientDestructor)
            }
        }
    }

    /// Calls `body` with the UTF-8 bytes and whether they are stored as text (no U+0000) or as a blob:
    /// the one decision both ways of binding a string and ``columnDatabaseValue`` share.
    @inlinable func withStoredBytes<Result>(_ body: (UnsafeRawBufferPointer, _ isText: Bool) -> Result) -> Result {
        withUTF8InPlace { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            return body(bytes, bytes.isEmpty || memchr(bytes.baseAddress!, 0, bytes.count) == nil)
        }
    }

    public var columnDatabaseValue: DatabaseValue {
        withStoredBytes { bytes, isText in isText ? databaseValue : Data(bytes).databaseValue }
    }

    /// Reads text, or the UTF-8 blob text holding U+0000 is stored as.
    public init(databaseValue: DatabaseValue) throws(ColumnDecodingError) {
        switch databaseValue.storage {
        case let .string(text): self = text
        case let .blob(data):
            guard let text = String(data: data, encoding: .utf8) else {
                throw .mismatch(databaseValue, expected: "text")
            }
            self = text
        case .null, .int64, .double: throw .mismatch(databaseValue, expected: "text")
        }
    }
}

extension Bool: ColumnValue {
    /// `false`.
    public static var columnPlaceholder: Bool { false }

    @inlinable public func bindValue(to statement: SQLiteStatement, at index: Int32) {
        sqlite3_bind_int64(statement, index, self ? 1 : 0)
    }

    public var columnDatabaseValue: DatabaseValue { (self ? 1 : 0 as Int64).databaseValue }

    public init(databaseValue: DatabaseValue) throws(ColumnDecodingError) {
        guard case let .int64(value) = databaseValue.storage else {
            throw .mismatch(databaseValue, expected: "an integer")
        }
        self = value != 0
    }
}

extension Int: ColumnValue {}
extension Int8: ColumnValue {}
extension Int16: ColumnValue {}
extension Int32: ColumnValue {}
extension Int64: ColumnValue {}
extension UInt8: ColumnValue {}
extension UInt16: ColumnValue {}
extension UInt32: ColumnValue {}

extension ColumnValue where Self: FixedWidthInteger {
    /// Zero.
    public static var columnPlaceholder: Self { 0 }

    /// Binds the integer as SQLite's 64-bit integer.
    @inlinable public func bindValue(to statement: SQLiteStatement, at index: Int32) {
        sqlite3_bind_int64(statement, index, Int64(self))
    }

    /// The integer as a 64-bit integer database value.
    public var columnDatabaseValue: DatabaseValue { Int64(self).databaseValue }

    /// Reads a stored integer; fails when it is not an integer or does not fit `Self`.
    public init(databaseValue: DatabaseValue) throws(ColumnDecodingError) {
        guard case let .int64(value) = databaseValue.storage, let exact = Self(exactly: value) else {
            throw .mismatch(databaseValue, expected: "an integer that fits \(Self.self)")
        }
        self = exact
    }
}

extension Double: ColumnValue {
    /// Zero.
    public static var columnPlaceholder: Double { 0 }

    @inlinable public func bindValue(to statement: SQLiteStatement, at index: Int32) {
        sqlite3_bind_double(statement, index, self)
    }

    public var columnDatabaseValue: DatabaseValue { databaseValue }

    public init(databaseValue: DatabaseValue) throws(ColumnDecodingError) {
        switch databaseValue.storage {
        case let .double(value): self = value
        case let .int64(value): self = Double(value)
        default: throw .mismatch(databaseValue, expected: "a number")
        }
    }
}

extension Float: ColumnValue {
    /// Zero.
    public static var columnPlaceholder: Float { 0 }

    public func bindValue(to statement: SQLiteStatement, at index: Int32) {
        sqlite3_bind_double(statement, index, Double(self))
    }

    public var columnDatabaseValue: DatabaseValue { Double(self).databaseValue }

    public init(databaseValue: DatabaseValue) throws(ColumnDecodingError) {
        self = Float(try Double(databaseValue: databaseValue))
    }
}

extension Data: ColumnValue {
    /// No bytes.
    public static var columnPlaceholder: Data { Data() }

    public func bindValue(to row: PreparedRow, at index: Int32) {
        withUnsafeBytes { row.bindBlob($0, at: index) }
    }

    public func bindValue(to statement: SQLiteStatement, at index: Int32) {
        withUnsafeBytes { bytes in
            _ = sqlite3_bind_blob(
                statement, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count),
                transientDestructor)
        }
    }

    public var columnDatabaseValue: DatabaseValue { databaseValue }

    public init(databaseValue: DatabaseValue) throws(ColumnDecodingError) {
        switch databaseValue.storage {
        case let .blob(data): self = data
        case let .string(text): self = Data(text.utf8)
        default: throw .mismatch(databaseValue, expected: "a blob")
        }
    }
}

extension URL: ColumnValue {
    /// The file system's root.
    public static var columnPlaceholder: URL { URL(fileURLWithPath: "/") }

    public func bindValue(to row: PreparedRow, at index: Int32) {
        absoluteString.bindValue(to: row, at: index)
    }

    public func bindValue(to statement: SQLiteStatement, at index: Int32) {
        absoluteString.bindValue(to: statement, at: index)
    }

    public var columnDatabaseValue: DatabaseValue { absoluteString.databaseValue }

    public init(databaseValue: DatabaseValue) throws(ColumnDecodingError) {
        guard let url = URL(string: try String(databaseValue: databaseValue)) else {
            throw .mismatch(databaseValue, expected: "a URL")
        }
        self = url
    }
}

extension Optional: ColumnValue where Wrapped: ColumnValue {
    /// `nil`.
    public static var columnPlaceholder: Wrapped? { nil }

    @inlinable public func bindValue(to row: PreparedRow, at index: Int32) {
        switch self {
        case let .some(value): value.bindValue(to: row, at: index)
        case .none: sqlite3_bind_null(row.statement, index)
        }
    }

    @inlinable public func bindValue(to statement: SQLiteStatement, at index: Int32) {
        switch self {
        case let .some(value): value.bindValue(to: statement, at: index)
        case .none: sqlite3_bind_null(statement, index)
        }
    }

    @inlinable public var columnDatabaseValue: DatabaseValue { self?.columnDatabaseValue ?? .null }

    @inlinable public init(databaseValue: DatabaseValue) throws(ColumnDecodingError) {
        self = databaseValue.isNull ? nil : try Wrapped(databaseValue: databaseValue)
    }
}

extension EntityReference: ColumnValue where Target.ID: ColumnValue {
    /// A reference to the identifier's placeholder.
    public static var columnPlaceholder: EntityReference { EntityReference(Target.ID.columnPlaceholder) }

    /// Stored as the target's identifier.
    public func bindValue(to row: PreparedRow, at index: Int32) {
        id.bindValue(to: row, at: index)
    }

    public func bindValue(to statement: SQLiteStatement, at index: Int32) {
        id.bindValue(to: statement, at: index)
    }

    public var columnDatabaseValue: DatabaseValue { id.columnDatabaseValue }

    public init(databaseValue: DatabaseValue) throws(ColumnDecodingError) {
        self.init(try Target.ID(databaseValue: databaseValue))
    }
}

extension Expandable: ColumnValue where Target.ID: ColumnValue {
    /// A reference to the identifier's placeholder.
    public static var columnPlaceholder: Expandable { .reference(EntityReference(Target.ID.columnPlaceholder)) }

    /// Stored as the target's identifier (an expanded target is saved in its own table); read back as a
    /// reference.
    public func bindValue(to row: PreparedRow, at index: Int32) {
        id.bindValue(to: row, at: index)
    }

    public func bindValue(to statement: SQLiteStatement, at index: Int32) {
        id.bindValue(to: statement, at: index)
    }

    public var columnDatabaseValue: DatabaseValue { id.columnDatabaseValue }

    public init(databaseValue: DatabaseValue) throws(ColumnDecodingError) {
        self = .reference(EntityReference(try Target.ID(databaseValue: databaseValue)))
    }
}
