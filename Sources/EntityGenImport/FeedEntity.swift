import EntityGenRuntime

// EntityGenImport: the backend-neutral half of importing (feeds, pages mapped and checked before any
// database is touched, reports, the streaming array splitter). A storage backend's runtime
// (EntityGenPersistence for SQLite) writes prepared pages in its own transactions and re-exports it.

/// A model a feed delivers: it maps from JSON and names the stored row a delete action's payload
/// means. Free of any database: each storage backend refines it with how instances are saved
/// (`EntityGenPersistence.ImportableEntity` for SQLite, with `StoredKey == RowKey`).
public protocol FeedEntity: JSONMappable {
    /// How the backend names a stored row.
    associatedtype StoredKey: Sendable

    /// The stored row that a delete action's payload names: only the identification attributes (and,
    /// for a family, the discriminator) are read, so a delete payload need not be a complete object.
    static func rowKey(from json: JSONValue, context: inout MappingContext) throws(MappingError) -> StoredKey
}

extension MappingError {
    /// The error for a delete action on an entity that has no identification attributes.
    public static func notIdentifiable(_ entity: String, schema: String) -> MappingError {
        MappingError(
            path: "$", schemaLocation: schema,
            message: "\(entity) has no identification attributes, so a payload cannot name a stored row")
    }
}
