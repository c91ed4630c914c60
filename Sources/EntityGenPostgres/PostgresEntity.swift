import EntityGenRuntime

/// A model the PostgreSQL importer can write: generated for every concrete entity and every polymorphic
/// family (whose store dispatches to its members'), when the config's `backends` include `postgres`. Its
/// nested `Postgres` type is the `EntityStore` that stages it.
public protocol PostgresEntity: FeedEntity {
    /// How PostgreSQL stores the model (`Pod.Postgres`): its table's fixed SQL, staging, and row keys.
    associatedtype Postgres: EntityStore where Postgres.Entity == Self, Postgres.Session == PostgresSession
}

extension PostgresSession: StoreSession {
    /// An entity table's fixed SQL.
    public typealias Table = PostgresTable
    /// A row key in COPY text.
    public typealias RowKey = PostgresRowKey
    /// Staging a row cannot fail (the page is checked when it is written).
    public typealias SaveError = Never
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
        var buffer = PostgresCopyBuffer(reservingCapacity: 32)
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
