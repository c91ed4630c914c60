import EntityGenRuntime
import GRDB

/// A model the importer can write into SQLite: generated for every concrete entity
/// (``PersistableEntity``) and for every polymorphic family, whose store dispatches to its members'.
/// Its nested `SQLite` type is the `EntityStore` that saves it.
public protocol ImportableEntity: FeedEntity {
    /// How SQLite stores the model (`Pod.SQLite`): its table's fixed SQL, saves, and row keys.
    associatedtype SQLite: EntityStore where SQLite.Entity == Self, SQLite.Session == ImportSession
}

/// A concrete entity with a table of its own. The model is the graph JSON maps to: it decodes from the
/// rows of its generated `requestIncludingRelationships()`. Its row-shaped `Record` is the table's
/// GRDB record type, for every plain GRDB request.
public protocol PersistableEntity: ImportableEntity, FetchableRecord {}

extension ImportSession: StoreSession {
    /// An entity table's fixed SQL.
    public typealias Table = EntityTable
    /// A stored row named by its identification values.
    public typealias RowKey = EntityGenPersistence.RowKey
    /// SQLite's errors, as `ImportError.database(_:)`.
    public typealias SaveError = any Error
}

/// A row named by its identification values.
public struct RowKey: Sendable {
    /// The row's table.
    public var table: EntityTable
    /// The identification values, in the order of `table.identity`.
    public var values: [any ColumnValue]

    /// Creates a key.
    public init(_ table: EntityTable, _ values: [any ColumnValue]) {
        self.table = table
        self.values = values
    }
}

extension Feed where Entity: ImportableEntity {
    /// Maps a page's bytes for the SQLite importer (``FeedImporter/write(_:)``): delete actions' payloads
    /// become ``RowKey``s. A page that is not JSON, or not the feed's shape, throws and nothing of it is
    /// written; an item that fails to map is skipped and reported with its JSON path and reason. With a
    /// `reader`, pages prepared one after another are parsed into the same memory.
    public func prepare(
        _ bytes: some Collection<UInt8>, page: String = "page", reader: JSONReader? = nil
    ) throws(ImportError) -> PreparedPage<Entity, RowKey> {
        try prepare(bytes, page: page, reader: reader, key: Entity.SQLite.deleteKeyReader)
    }
}
