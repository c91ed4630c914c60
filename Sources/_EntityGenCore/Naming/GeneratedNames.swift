/// The names generated code declares itself, in one place: the renderers print these constants and
/// validation reserves them, so a schema name lint accepts cannot collide with one.
enum GeneratedNames {
    /// The nested enum of attribute schema names every model has (mogenerator's `PodAttributes`).
    static let attributes = "Attributes"
    /// The nested enum of relationship schema names.
    static let relationships = "Relationships"
    /// The nested enum of GRDB columns every persistent model has.
    static let columns = "Columns"
    /// The project-wide type holding migrations, `openDatabase` and the feeds.
    static let database = "EntityGenDatabase"
    /// The static functions naming a persistent model's stored row (`rowKey(of:)`, `rowKey(from:context:)`):
    /// static, so that an attribute of that name is the user's.
    static let rowKey = "rowKey"
    /// The row-shaped record type nested in every persistent model (`Pod.Record`).
    static let record = "Record"
    /// The property holding the hidden row id of a record whose entity has no identification attributes.
    static let rowID = "rowID"
    /// `init(row:)`'s local `RowColumns`, which reads the plain columns (a local: no name a schema declares
    /// can clash with it, since properties are passed by label).
    static let rowColumns = "_columns"
    /// `map(from:context:)`'s local `FieldReads`, which reads the fields (two underscores: a property's
    /// local is `_` and its name, and schema names cannot start with `_`, so none is `__reads`).
    static let fieldReads = "__reads"
    /// The prefix of `init(row:)`'s locals holding reads that keep a `try` (`_read10`), numbered by argument.
    static let rowRead = "_read"

    /// Type names a schema cannot declare: each is also a member type of every generated model, so
    /// inside the model's own extensions the name would mean the member (or, for the database types,
    /// every backend's, it is declared twice).
    static let reservedTypeNames: Set<String> = Set([attributes, relationships, columns, database, record])
        .union(StorageBackendKind.allCases.flatMap(\.backend.reservedTypeNames))

    /// Attribute and relationship names a schema cannot declare: instance members generated code adds.
    static let reservedMemberNames: Set<String> = [rowID]
}
