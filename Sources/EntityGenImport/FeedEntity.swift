import EntityGenRuntime

// EntityGenImport: the backend-neutral half of importing (feeds, pages mapped and checked before any
// database is touched, reports, the streaming array splitter). A storage backend's runtime
// (EntityGenPersistence for SQLite) writes prepared pages in its own transactions and re-exports it.

/// A model a feed delivers: it maps from JSON. Free of any database: each storage backend refines it
/// with how instances are saved and how a delete action's payload names a stored row
/// (`EntityGenPersistence.ImportableEntity` for SQLite, `EntityGenPostgres.PostgresEntity` for
/// PostgreSQL), so one model can conform for both backends.
public protocol FeedEntity: JSONMappable {}

extension MappingError {
    /// The error for a delete action on an entity that has no identification attributes.
    public static func notIdentifiable(_ entity: String, schema: String) -> MappingError {
        MappingError(
            path: "$", schemaLocation: schema,
            message: "\(entity) has no identification attributes, so a payload cannot name a stored row")
    }
}
