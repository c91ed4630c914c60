/// SQLite's record shape of one table, decided by ``SQLiteRecordTranslator`` from the neutral
/// ``TablePlan``: the row-shaped `Record` GRDB's requests fetch and local edits save, its associations,
/// the complete (graph) request's includes and how `init(row:)` reads each model property back.
struct SQLiteRecordPlan: Sendable {
    /// A stored property of the row-shaped `Record`: one per column.
    struct Property: Sendable {
        /// The column.
        var column: String
        /// The property name as written in code (escaped).
        var identifier: String
        /// The property's type, optional included.
        var type: TypeUsage
        /// How it is decoded from a row and encoded for GRDB: a plain column or JSON text.
        var json: EntityPlan.Property?
    }

    /// The type GRDB's requests fetch and local edits save for the table.
    enum Kind: Sendable {
        /// The model itself (`Model.Record` is a typealias of it): an entity with identification
        /// attributes and no relationships, whose stored properties are exactly its columns. One type
        /// where a nested copy of the same properties would double the compiled code.
        case model
        /// A nested row-shaped `Record`: relationships as key columns, or the hidden row id of an entity
        /// without identification attributes.
        case nested
    }

    /// A GRDB-style association of the record type.
    struct Association: Sendable {
        /// How the association reaches its target.
        enum Kind: Sendable {
            /// The target's key is stored in this table's `columns`.
            case belongsTo(target: String, columns: [String], targetColumns: [String])
            /// Through the link table `linkType` (a namespace of `GRDB.Table<GRDB.Row>` associations), its
            /// rows read in `order` (the link table's primary key: owner, then position).
            case hasManyThrough(
                target: String, linkType: String, ownerColumns: [String], ownerTargetColumns: [String], order: [String])
            /// The link table's own rows (`linkType`), for a map: each row's `key` column and its
            /// `target`, which the include reaches through the link table's `target`.
            case linkRows(target: String, linkType: String, ownerColumns: [String], ownerTargetColumns: [String])
            /// The link table's own rows (`linkType`) in `order` (owner, then position), for references:
            /// each row holds the target's identifier, and no target is fetched.
            case referenceRows(linkType: String, ownerColumns: [String], ownerTargetColumns: [String], order: [String])
            /// The inverse of another table's `belongsTo`: the rows of `owner` whose `columns` name this row.
            case hasMany(owner: String, columns: [String], targetColumns: [String])
            /// The inverse of another table's `hasManyThrough`: the owners linking to this row, through the
            /// owner's link table `owner.Record.linkType`.
            case hasManyThroughInverse(
                owner: String, linkType: String, targetLinkColumns: [String], targetKeyColumns: [String])
        }
        /// Static property name (escaped).
        var name: String
        /// Association key (the relationship's schema name).
        var key: String
        /// How it reaches its target.
        var kind: Kind
    }

    /// How the complete request includes an association.
    struct Include: Sendable {
        enum Method: Sendable { case optional, required, all }
        /// The association's static property name.
        var association: String
        /// Optional, required or all (to-many).
        var method: Method
        /// The target's Swift type (whose `Record` declares the nested includes' associations).
        var targetType: String
        /// The target's own relationships, and theirs, at any depth (stopping where the path would enter
        /// an entity already on it; see ``SQLiteRecordTranslator/addNestedIncludes(to:)``).
        var nested: [Include] = []
        /// For a map: the link table (qualified, `Owner.Record._EventsLink`) whose rows the association
        /// fetches, each with its `target` included.
        var through: String?
    }

    /// The read of column `name` (`"name"` or `"name", at: 3`) as `init(row:)` passes it: with the
    /// column's position when the table has it.
    func columnArguments(_ name: String) -> String {
        let literal = SwiftLiteral.string(name)
        return columnPositions[name].map { "\(literal), at: \($0)" } ?? literal
    }

    /// How `init(row:)` fills one initializer argument.
    indirect enum RowRead: Sendable {
        /// A column's value.
        case column(String)
        /// A JSON text column through the property's transformer.
        case jsonColumn(String, EntityPlan.Property, optional: Bool)
        /// An included to-one association.
        case included(key: String, required: Bool)
        /// A prefetched to-many association.
        case prefetched(key: String)
        /// A prefetched map: link rows, each with its key and included target.
        case prefetchedMap(key: String)
        /// Prefetched link rows of references: each row's identifier column, in a list or by key.
        case prefetchedReferences(key: String, column: String, isMap: Bool)
        /// Not stored in the row: `[]` or `[:]`.
        case emptyCollection(isMap: Bool)
        /// Not stored in the row: `nil`.
        case none
        /// An optional to-many relationship: `nil` when its count column is `NULL` and the collection
        /// read is empty.
        case optionalCollection(countColumn: String, RowRead)
    }

    /// The entity's Swift type.
    var typeName: String
    /// The entity's schema name.
    var schemaName: String
    /// The table's name.
    var tableName: String
    /// Whether the model is its own record or a nested `Record` is.
    var kind: Kind
    /// The `Record`'s stored properties, one per column (the hidden row id aside).
    var properties: [Property]
    /// The `Record`'s `Identifiable` identity: the single identification property (its escaped name and
    /// type), or `nil` (several identification attributes, or none: then the row id is the identity).
    var identity: (identifier: String, type: TypeUsage)? = nil
    /// `init(row:)` arguments: (label, read).
    var rowArguments: [(label: String, read: RowRead)] = []
    /// Each column's position in the table as the generated migrations create it (the hidden row id
    /// first), which `init(row:)` passes so that a row of `SELECT *` is read by position, not by name.
    var columnPositions: [String: Int] = [:]
    /// The record type's associations.
    var associations: [Association] = []
    /// The complete request's includes, in order.
    var includes: [Include] = []
}
