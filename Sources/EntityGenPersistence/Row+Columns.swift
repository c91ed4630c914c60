import EntityGenRuntime
import GRDB

/// Explicit row decoding for generated `init(row:)`: by column name, with errors naming the column.
extension Row {
    /// The value of a column (`nil` for `NULL` when `T` is optional).
    ///
    /// `position` is where the row is expected to hold it (where a fresh table created by the generated
    /// migrations has it, as `SELECT *` returns it): the value there is read when the column there has
    /// exactly this name, and the column is looked up by name otherwise (a column added by a later
    /// migration, a custom selection, no position). Generated `init(row:)` passes it: a lookup by name costs
    /// a hash per column, and in the rows GRDB copies (a graph request's prefetched rows) a scan of every
    /// column name.
    @inlinable public func column<T: ColumnValue>(_ name: String, at position: Int? = nil) throws -> T {
        try decodingColumn(name, at: position) { value throws(ColumnDecodingError) in try T(databaseValue: value) }
    }

    /// A value stored as JSON text by ``JSONColumn`` (`position`: see ``column(_:at:)``).
    @inlinable public func jsonColumn<T: JSONTransformer>(
        _ name: String, at position: Int? = nil, _ transformer: T
    ) throws -> T.Value {
        try decodingColumn(name, at: position) { value throws(ColumnDecodingError) in
            try JSONColumn.decode(value, transformer)
        }
    }

    /// An optional value stored as JSON text (`NULL` is `nil`; `position`: see ``column(_:at:)``).
    @inlinable public func optionalJSONColumn<T: JSONTransformer>(
        _ name: String, at position: Int? = nil, _ transformer: T
    ) throws -> T.Value? {
        try decodingColumn(name, at: position) { value throws(ColumnDecodingError) in
            try JSONColumn.decodeIfPresent(value, transformer)
        }
    }

    /// Reads a column's value and converts it, naming the column in a conversion error. (Inlinable, as
    /// the three above: generated `init(row:)` calls them for every column of every row, and in the
    /// caller's module they are specialized for the column's type instead of looking up its generic
    /// metadata each time.)
    @inlinable func decodingColumn<Value>(
        _ name: String, at position: Int?, _ convert: (DatabaseValue) throws(ColumnDecodingError) -> Value
    ) throws -> Value {
        let value = try databaseValue(name, at: position)
        do { return try convert(value) } catch {
            throw ColumnDecodingError(column: name, message: error.message)
        }
    }

    /// The value of column `name`: the one at `position` when the column there has exactly that name,
    /// else found by name as GRDB finds it (case-insensitively; an error when the row has no such column).
    @inlinable func databaseValue(_ name: String, at position: Int?) throws -> DatabaseValue {
        if let position, position >= 0, position < count {
            let (column, value) = self[startIndex.advanced(by: position)]
            if column == name { return value }
        }
        return try decode(DatabaseValue.self, forColumn: name)
    }

    /// A to-one relationship the request included (`including(optional:)`); `nil` when it was not
    /// included or has no target.
    @inlinable public func included<T: FetchableRecord>(_ key: String) throws -> T? {
        guard let scoped = scopes[key], scoped.containsNonNullValue else { return nil }
        return try T(row: scoped)
    }

    /// A required to-one relationship; the request must include it (`including(required:)`).
    @inlinable public func requiredIncluded<T: FetchableRecord>(_ key: String) throws -> T {
        guard let value: T = try included(key) else {
            throw ColumnDecodingError(
                column: key,
                message: "the relationship is required but the request did not include it (use including(required:))")
        }
        return value
    }

    /// A to-many relationship the request included (`including(all:)`); empty when it was not included.
    @inlinable public func prefetched<T: FetchableRecord>(_ key: String) throws -> [T] {
        try (prefetchedRows[key] ?? []).map { try T(row: $0) }
    }

    /// A map relationship (`[String: Event]`) from its prefetched link rows: each row's `key` column is
    /// the map's key, and its included `target` the value.
    @inlinable public func prefetchedMap<T: FetchableRecord>(_ key: String) throws -> [String: T] {
        var result: [String: T] = [:]
        for link in prefetchedRows[key] ?? [] {
            guard let target = link.scopes["target"] else { continue }
            result[try link.column("key") as String] = try T(row: target)
        }
        return result
    }

    /// A to-many reference (`[EntityReference<Tag>]`) from its prefetched link rows, in their order: each
    /// row's identifier `column`.
    @inlinable public func prefetchedReferences<T: ColumnValue>(_ key: String, column: String) throws -> [T] {
        try (prefetchedRows[key] ?? []).map { try $0.column(column) }
    }

    /// A map of references (`[String: EntityReference<Tag>]`) from its prefetched link rows: each row's
    /// `key` column and identifier `column`.
    @inlinable public func prefetchedReferenceMap<T: ColumnValue>(_ key: String, column: String) throws -> [String: T] {
        var result: [String: T] = [:]
        for link in prefetchedRows[key] ?? [] { result[try link.column("key") as String] = try link.column(column) }
        return result
    }

    /// An optional to-many relationship (`[Tag]?`): `nil` when its count column (`tagsCount`) is `NULL` and
    /// nothing is linked, the collection otherwise. Rows stored before the relationship became optional
    /// have links but no count, and read as their links.
    @inlinable public func optionalCollection<C: Collection>(
        _ countColumn: String, _ collection: () throws -> C
    ) throws -> C? {
        let value = try collection()
        guard value.isEmpty else { return value }
        let count: Int64? = try column(countColumn)
        return count == nil ? nil : value
    }
}
