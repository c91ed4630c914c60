import EntityGenRuntime

/// A model the PostgreSQL importer can write: generated for every concrete entity
/// (``PostgresTableEntity``) and for every polymorphic family, which dispatches to its members, when
/// the config's `backends` include `postgres`.
public protocol PostgresEntity: FeedEntity {
    /// The stored row that a delete action's payload names: only the identification attributes (and,
    /// for a family, the discriminator) are read, so a delete payload need not be a complete object.
    static func postgresRowKey(
        from json: JSONValue, context: inout MappingContext
    ) throws(MappingError) -> PostgresRowKey

    /// This instance's identification (`nil` for an entity without identification attributes).
    static func postgresKey(of entity: Self) -> PostgresRowKey?

    /// The tables instances are stored in (a family's members' tables): where a sync looks for orphans.
    static var postgresTables: [PostgresTable] { get }

    /// Stages this instance's row (and, in dependency order, what it embeds and links) in the session;
    /// returns the row's local id (``PostgresSession/save(_:key:absent:_:)``), which an owner's link
    /// to an owned row names.
    @discardableResult
    func save(in session: inout PostgresSession) -> Int64
}

/// A concrete entity with a PostgreSQL table of its own.
public protocol PostgresTableEntity: PostgresEntity {
    /// The table's fixed SQL.
    static var postgresTable: PostgresTable { get }
}

extension PostgresTableEntity {
    /// The entity's own table.
    public static var postgresTables: [PostgresTable] { [postgresTable] }
}

/// A row named by its identification values, held in their COPY text form (which is canonical for each
/// column type, so two keys are equal exactly when they name the same row).
public struct PostgresRowKey: Hashable, Sendable {
    /// The row's table.
    public let table: PostgresTable
    /// The identification values as one COPY row (tab-separated, no newline).
    public let fields: [UInt8]

    /// Creates a key from the identification values, in the order of `table.identity`.
    public init(_ table: PostgresTable, _ values: [any PostgresCopyValue]) {
        var buffer = PostgresCopyBuffer()
        for value in values { value.writeCopyField(to: &buffer) }
        self.table = table
        fields = buffer.bytes
    }

    /// Same table and values.
    public static func == (lhs: PostgresRowKey, rhs: PostgresRowKey) -> Bool {
        lhs.table === rhs.table && lhs.fields == rhs.fields
    }

    /// Hashes the table and values.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(table))
        hasher.combine(fields)
    }

    /// `name=Alamofire version=5.0`, for reports.
    public var description: String {
        let values = fields.split(separator: 0x09, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        return zip(table.identity, values).map { "\($0)=\($1)" }.joined(separator: " ")
    }
}
