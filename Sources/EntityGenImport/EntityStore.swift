import EntityGenRuntime

/// A storage backend's import session, as the stores generated for it see it: how the backend
/// describes a table and names a stored row, and what a save can throw (`Never` for a backend whose
/// sessions only stage rows).
public protocol StoreSession {
    /// The backend's description of one entity table (its fixed SQL).
    associatedtype Table: Sendable
    /// A stored row named by its identification values.
    associatedtype RowKey: Sendable
    /// What saving an instance can throw.
    associatedtype SaveError: Error
}

/// How one storage backend keeps an entity: generated once per entity and backend, as a type nested in
/// the model and named after the backend (`Pod.SQLite`, `Pod.Postgres`), so that a model stored by two
/// backends carries two stores and no member of its own for either. The backend's importer finds it
/// through the model's conformance (`ImportableEntity` for SQLite, `PostgresEntity` for PostgreSQL).
public protocol EntityStore {
    /// The model.
    associatedtype Entity: FeedEntity
    /// The backend's session.
    associatedtype Session: StoreSession

    /// Every table instances can be saved in (a family: each member's), so that a sync knows up front
    /// where to look for orphans.
    static var tables: [Session.Table] { get }

    /// The stored row that a delete action's payload names: only the identification attributes (and,
    /// for a family, the discriminator) are read, so a delete payload need not be a complete object.
    static func rowKey(from json: JSONValue, context: inout MappingContext) throws(MappingError) -> Session.RowKey

    /// An instance's identification, for orphan deletion; `nil` for an entity without identification
    /// attributes.
    static func rowKey(of entity: Entity) -> Session.RowKey?

    /// Saves (or stages) an instance and everything it embeds, in dependency order, keeping what is
    /// stored for the keys `absent` records as missing from the JSON it was mapped from (its own and its
    /// embedded objects'). Returns the row's id for an entity without identification attributes
    /// (SQLite's rowid, PostgreSQL's local id in the page), which an owner's link to it names.
    @discardableResult
    static func save(
        _ entity: Entity, absent: AbsentTree, in session: inout Session
    ) throws(Session.SaveError)
        -> Int64
}

extension EntityStore {
    /// Saves (or stages) an instance built in code, or read from the database: every stored value is
    /// replaced by the model's (nothing is absent).
    @discardableResult
    public static func save(_ entity: Entity, in session: inout Session) throws(Session.SaveError) -> Int64 {
        try save(entity, absent: AbsentTree(), in: &session)
    }
}

extension EntityStore {
    /// ``rowKey(from:context:)`` as the reader a feed's page preparation takes.
    package static var deleteKeyReader: DeleteKeyReader<Session.RowKey> {
        { (json, context) throws(MappingError) in try rowKey(from: json, context: &context) }
    }
}
