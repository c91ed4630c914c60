import EntityGenRuntime
import GRDB

/// A model the importer can write into SQLite: generated for every concrete entity
/// (``PersistableEntity``) and for every polymorphic family, which dispatches to its members.
public protocol ImportableEntity: FeedEntity {
    /// The stored row that a delete action's payload names: only the identification attributes (and,
    /// for a family, the discriminator) are read, so a delete payload need not be a complete object.
    static func rowKey(from json: JSONValue, context: inout MappingContext) throws(MappingError) -> RowKey

    /// Writes this instance and everything it embeds, in dependency order, with prepared statements.
    /// Returns the new row's id for an entity without identification attributes, 0 otherwise.
    @discardableResult
    func save(in session: inout ImportSession) throws -> Int64

    /// This instance's identification, for orphan deletion.
    static func rowKey(of entity: Self) -> RowKey

    /// Every table instances can be saved in (a family: each member's), so that a sync knows up front
    /// where to look for orphans.
    static var entityTables: [EntityTable] { get }
}

/// A concrete entity with a table of its own. The model is the graph JSON maps to: it decodes from the
/// rows of its generated `requestIncludingRelationships()`. Its row-shaped `Record` is the table's
/// GRDB record type, for every plain GRDB request.
public protocol PersistableEntity: ImportableEntity, FetchableRecord {
    /// The table's fixed SQL.
    static var entityTable: EntityTable { get }
}

extension PersistableEntity {
    /// The entity's own table.
    public static var entityTables: [EntityTable] { [entityTable] }
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
        try prepare(bytes, page: page, reader: reader, key: Entity.rowKey)
    }
}
