import EntityGenRuntime
import GRDB
import GRDBSQLite

extension ColumnValue where Self: JSONEnumeration, JSONRawValue: ColumnValue {
    /// Stores a schema enum as its raw value, through the row's buffers.
    public func bindValue(to row: PreparedRow, at index: Int32) {
        jsonRawValue.bindValue(to: row, at: index)
    }

    /// Stores a schema enum as its raw value (unknown values kept by the fallback case round-trip).
    public func bindValue(to statement: SQLiteStatement, at index: Int32) {
        jsonRawValue.bindValue(to: statement, at: index)
    }

    /// The raw value, as stored.
    public var columnDatabaseValue: DatabaseValue { jsonRawValue.columnDatabaseValue }

    /// Reads a schema enum from its raw value.
    public init(databaseValue: DatabaseValue) throws(ColumnDecodingError) {
        let raw = try JSONRawValue(databaseValue: databaseValue)
        guard let value = Self(jsonRawValue: raw) else {
            throw ColumnDecodingError(message: "\(raw.shown) is not a case of \(Self.self)")
        }
        self = value
    }
}

extension DatabaseValueConvertible where Self: ColumnValue & JSONEnumeration, JSONRawValue: ColumnValue {
    /// The raw value, as the importer stores it: what GRDB binds for a schema enum in a request
    /// (`filter(Columns.platform == Platform.ios)`, unknown values of the fallback case included).
    public var databaseValue: DatabaseValue { columnDatabaseValue }

    /// The case a stored raw value names (unknown values go to the fallback case); `nil` when the stored
    /// value is not a raw value, or names no case of an enum without fallback.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        try? Self(databaseValue: dbValue)
    }
}

// Schema enums are also `Codable` (as JSON strings) unless the config says `codable: false`, and GRDB's
// defaults for `Codable` values would store JSON text (`"ios"`, quoted); these, more constrained than
// both, are the ones chosen then.

extension DatabaseValueConvertible where Self: ColumnValue & JSONEnumeration & Encodable, JSONRawValue: ColumnValue {
    /// The raw value, as the importer stores it (not GRDB's JSON text of a `Codable` value).
    public var databaseValue: DatabaseValue { columnDatabaseValue }
}

extension DatabaseValueConvertible where Self: ColumnValue & JSONEnumeration & Decodable, JSONRawValue: ColumnValue {
    /// The case a stored raw value names (not GRDB's decoding of JSON text).
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        try? Self(databaseValue: dbValue)
    }
}

/// Values stored as JSON text in one column: arrays, maps and custom transformer types. The schema's
/// own transformer writes and reads them, so the column holds what the API sent (normalized).
public enum JSONColumn {
    /// Binds `value` encoded by `transformer` as JSON text (inlinable, so the transformer's encoding is
    /// specialized in generated code instead of dispatched generically per row).
    @inlinable public static func bind<T: JSONTransformer>(
        _ value: T.Value, _ transformer: T, to statement: SQLiteStatement, at index: Int32
    ) {
        text(value, transformer).withUnsafeBufferPointer { buffer in
            _ = sqlite3_bind_text(
                statement, index, UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self),
                Int32(buffer.count), transientDestructor)
        }
    }

    /// The JSON text ``bind(_:_:to:at:)-(T.Value,_,_,_)`` binds, as a database value.
    @inlinable public static func databaseValue<T: JSONTransformer>(_ value: T.Value, _ transformer: T) -> DatabaseValue
    {
        String(decoding: text(value, transformer), as: UTF8.self).databaseValue
    }

    /// `value` encoded by `transformer`: the JSON text every way of storing the column writes.
    @inlinable public static func text<T: JSONTransformer>(_ value: T.Value, _ transformer: T) -> [UInt8] {
        var writer = JSONWriter()
        transformer.encode(value, to: &writer)
        return writer.bytes
    }

    /// An optional value's JSON text, `NULL` when absent.
    @inlinable public static func databaseValue<T: JSONTransformer>(
        _ value: T.Value?, _ transformer: T
    ) -> DatabaseValue {
        value.map { databaseValue($0, transformer) } ?? .null
    }

    /// Binds an optional value, `NULL` when absent.
    @inlinable public static func bind<T: JSONTransformer>(
        _ value: T.Value?, _ transformer: T, to statement: SQLiteStatement, at index: Int32
    ) {
        if let value { bind(value, transformer, to: statement, at: index) } else { sqlite3_bind_null(statement, index) }
    }

    /// Reads a value written by ``bind(_:_:to:at:)-(T.Value,_,_,_)``.
    @inlinable public static func decode<T: JSONTransformer>(
        _ databaseValue: DatabaseValue, _ transformer: T
    ) throws(ColumnDecodingError) -> T.Value {
        let text = try String(databaseValue: databaseValue)
        let document: JSONDocument
        // Parsed from the string's bytes in place: the document copies them once, into its own memory.
        do { document = try text.withUTF8InPlace { bytes in try JSONDocument(bytes: bytes) } } catch {
            throw ColumnDecodingError(message: "invalid JSON: \(error)")
        }
        return try document.withRoot { root throws(ColumnDecodingError) in
            var context = MappingContext()
            do throws(TransformFailure) { return try transformer.decode(root, context: &context) } catch {
                throw ColumnDecodingError(message: error.message)
            }
        }
    }

    /// Reads an optional value (`NULL` is `nil`).
    @inlinable public static func decodeIfPresent<T: JSONTransformer>(
        _ databaseValue: DatabaseValue, _ transformer: T
    ) throws(ColumnDecodingError) -> T.Value? {
        databaseValue.isNull ? nil : try decode(databaseValue, transformer)
    }
}
