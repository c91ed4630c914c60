/// Everything the persistence renderers print for one concrete entity's table, decided in one place, as
/// data: table and column names, storage classes, how each column is bound, link tables, triggers and
/// how each relationship is stored. Backend-neutral: a ``StorageBackend`` turns it into its own DDL, and
/// into its own record shapes (SQLite's ``SQLiteRecordPlan``).
struct TablePlan: Sendable {
    /// A column the entity's save statement binds.
    struct Column: Sendable {
        /// Column name.
        var name: String
        /// What the column holds; the backend picks the column type.
        var value: StoredValue
        /// Whether the column is `NOT NULL`.
        var notNull: Bool
        /// Where the bound value comes from.
        var source: ColumnSource
        /// The attribute or relationship the column stores, for diagnostics about migrating it.
        var location: SourceLocation
        /// The value rows that existed before the column get, when the schema gives a default a column
        /// can hold.
        var defaultValue: ColumnDefault? = nil
        /// Whether the schema gives a default no column can hold (a custom type's, a non-empty
        /// collection's): the mapper applies it, a migration cannot fill stored rows with it.
        var hasUnstorableDefault = false
        /// The property's bit in the model's absent fields, when an import keeps the stored value for an
        /// absent key (``AbsentKeyPolicy/keep``).
        var absentBit: Int? = nil
        /// The column's former name (`renamedFrom:`), renamed by the next migration when the recorded
        /// tables still have it.
        var renamedFrom: String? = nil
    }

    /// Where a column's bound value comes from in `save(in:)`.
    enum ColumnSource: Sendable {
        /// A stored property's value (an attribute, or a reference's identity).
        case property(identifier: String)
        /// A property stored as JSON text through its transformer.
        case json(EntityPlan.Property)
        /// A member of an embedded target (`self.owner.id`; `self.owner?.id` when optional).
        case embeddedMember(identifier: String, member: String, optional: Bool)
        /// The row id of an owned target saved just before (the local of ``EmbeddedSave/rowIDLocal``), and
        /// the target's table.
        case ownedRowID(local: String, targetTable: String)
        /// The element count of an optional to-many relationship (`NULL` when it is `nil`).
        case collectionCount(identifier: String)
    }

    /// A foreign key of a table.
    struct ForeignKey: Sendable {
        /// Referencing (or checked) columns.
        var columns: [String]
        /// Referenced table.
        var table: String
        /// Referenced columns.
        var targetColumns: [String]
        /// What deleting the referenced row does.
        var onDelete: ForeignKeyAction
        /// `ON UPDATE CASCADE`.
        var onUpdateCascade: Bool
        /// Checked at commit (a page may reference rows it creates later).
        var deferred: Bool
    }

    /// A to-one relationship the entity saves before its own row.
    struct EmbeddedSave: Sendable {
        /// The relationship's slot, where its targets' absent keys are in the owner's `AbsentTree` (the
        /// property's index in the model).
        var slot: Int
        /// The property (escaped identifier).
        var identifier: String
        /// The target's Swift type (a family's, for a polymorphic target), whose backend store saves it.
        var targetType: String
        /// Whether the property is optional.
        var isOptional: Bool
        /// The local holding the target's row id, for owned targets (no identity); `nil` otherwise.
        var rowIDLocal: String?
        /// For an owned to-one target: the owner's column holding its row id, whose stored value is the
        /// slot the target is saved in (SQLite), so that saving the same target again changes nothing.
        var slotColumn: String? = nil
        /// The local holding that slot (`_resolutionSlot`), looked up before the save.
        var slotLocal: String? = nil
        /// A to-many relationship to a polymorphic target (saved element by element, not linked).
        var isCollection = false
        /// A map rather than an array.
        var isMap = false
        /// An optional collection (`[Target]?`): saved when present.
        var isOptionalCollection = false
        /// An expandable reference: the target is saved only when it was sent expanded.
        var isExpandable = false
    }

    /// The value bound to a link table's key column.
    enum LinkValue: Sendable {
        /// The owner's hidden row id (`_rowID`).
        case ownerRowID
        /// An identity property of the owner (`entity.id` in the store's `save`).
        case ownerProperty(identifier: String)
        /// The owned target's row id, saved just before (`_target`).
        case targetRowID
        /// A reference element's identity (`_element.id`).
        case referenceID
        /// An identity property of the element (`_element.id`).
        case elementProperty(identifier: String)
    }

    /// A key column of a link table.
    struct LinkColumn: Sendable {
        /// Column name.
        var name: String
        /// What the column holds.
        var stored: StoredValue
        /// Where its bound value comes from.
        var value: LinkValue
    }

    /// A to-many relationship stored in a link table.
    struct Link: Sendable {
        /// The relationship's slot, where its targets' absent keys are in the owner's `AbsentTree` (the
        /// property's index in the model).
        var slot: Int
        /// Swift name of the static `LinkTable` (`_subspecsLinks`).
        var staticName: String
        /// Table name (`pod_subspecs`).
        var table: String
        /// Owner key columns (owner's identity, or its row id).
        var ownerColumns: [LinkColumn]
        /// Target key columns.
        var targetColumns: [LinkColumn]
        /// The relationship's schema name.
        var relationship: String
        /// The property (escaped identifier).
        var identifier: String
        /// A `[String: Target]` map (links carry the key).
        var isMap: Bool
        /// Whether targets belong to the owner (no identity): removing a link deletes the target.
        var ownsTargets: Bool
        /// The target entity's schema name (reports count owned targets removed with their links).
        var targetEntity: String = ""
        /// The link table's foreign keys (owner; target unless references).
        var foreignKeys: [ForeignKey]
        /// The nested `TableRecord` enum naming the link table for associations.
        var linkType: String
        /// The target's Swift type.
        var targetType: String
        /// The target's key columns the link references.
        var targetKeyColumns: [String]
        /// The owner's key columns the link references.
        var ownerTargetColumns: [String]
        /// Elements are references (`EntityReference`): not saved, not constrained.
        var isReference: Bool
        /// The relationship is optional (`[Target]?`): `nil` links nothing.
        var isOptional = false
        /// Elements are expandable references: those sent expanded are saved before they are linked.
        var isExpandable = false
        /// For references: the target table, checked when the import finishes.
        var targetTable = ""
        /// For references: whether a missing target fails the page rather than dropping the link.
        var failsWhenMissing = false
        /// The relationship's declaration, for diagnostics about migrating the link table.
        var location: SourceLocation
        /// The relationship's bit in the model's absent fields: links are kept when the key is absent.
        var absentBit: Int? = nil
        /// The link table's possible former names, when its owner or its relationship was renamed
        /// (`renamedFrom:`; either rename may be recorded already): the next migration renames the one
        /// the recorded tables still have.
        var formerNames: [String] = []

        /// The column holding each link's place in its collection.
        static let positionColumn = "position"

        /// The primary key: the owner's key columns, then ``positionColumn``. It is also the order the
        /// links are read in: a read of many owners' links in this order walks the key instead of sorting.
        var primaryKey: [String] { ownerColumns.map(\.name) + [Self.positionColumn] }
    }

    /// How one relationship is stored, in declaration order: what a backend that reads rows back as a
    /// graph (SQLite's record associations) derives its reads from.
    struct StoredRelationship: Sendable {
        /// Where the relationship's values are.
        enum Storage: Sendable {
            /// A polymorphic (family) target: saved in its members' tables, not read back with the owner.
            case polymorphic
            /// An owned to-one target (no identity): `column` holds its row id.
            case ownedToOne(column: String)
            /// A to-one target by key: `columns` hold the target's `targetColumns`, of the (optional)
            /// Swift types `columnTypes`.
            case keyed(columns: [String], targetColumns: [String], columnTypes: [TypeUsage])
            /// A to-many relationship in the link table `links[link]`; `countColumn` tells `nil` from empty
            /// for an optional one.
            case linked(link: Int, countColumn: String?)
        }
        /// The relationship's schema name.
        var key: String
        /// The model's property.
        var property: EntityPlan.Property
        /// The target's Swift type.
        var targetType: String
        /// Whether the relationship is optional.
        var isOptional: Bool
        /// Whether it is to-many.
        var isToMany: Bool
        /// A `[String: Target]` map.
        var isMap: Bool
        /// Its values are the targets' identities (`reference: true`).
        var isReference: Bool
        /// Where its values are.
        var storage: Storage
    }

    /// A reference relationship's key columns, checked against the target table on import.
    struct ReferenceCheck: Sendable {
        /// The relationship's schema name.
        var relationship: String
        /// Referencing (or checked) columns.
        var columns: [String]
        /// The table the key must name a row of.
        var targetTable: String
        /// The target table's key columns, in the order of `columns`.
        var targetColumns: [String]
        /// Whether a missing target fails the page (otherwise the key is unset and reported).
        var failsWhenMissing: Bool
    }

    /// The entity's Swift type.
    var typeName: String
    /// The entity's schema name.
    var schemaName: String
    /// The table's name.
    var tableName: String
    /// Primary key columns: the identification attributes (empty: a hidden row id).
    var identity: [String]
    /// Columns in creation order, without the hidden row id.
    var columns: [Column]
    /// The table's foreign keys.
    var foreignKeys: [ForeignKey]
    /// Indexes besides the unique identity key.
    var indexes: [(name: String, columns: [String])]
    /// Triggers keeping owned and cascading rows consistent.
    var triggers: [TriggerPlan]
    /// Reference relationships' key columns, checked on import.
    var references: [ReferenceCheck]
    /// To-one relationships saved before the row.
    var embeddedSaves: [EmbeddedSave]
    /// To-many relationships' link tables.
    var links: [Link]
    /// The relationships' storage, in declaration order.
    var relationships: [StoredRelationship]
    /// The identity properties, read from a delete action's payload.
    var identityProperties: [EntityPlan.Property]
    /// The entity's declaration.
    var location: SourceLocation
    /// The table's former name, when the entity was renamed (`renamedFrom:`): renamed by the next
    /// migration when the recorded tables still have it.
    var renamedFrom: String? = nil
    /// The requests that send local edits (`push:`), on the backends that capture them.
    var push: PushPlan? = nil
}

/// What a column holds, backend-neutral; each backend decides the column type (SQLite: a storage
/// class; PostgreSQL would choose NUMERIC for a decimal, JSONB for JSON).
enum StoredValue: Hashable, Sendable {
    /// A built-in scalar.
    case scalar(BuiltinType)
    /// A generated enum's raw value: an integer or a string.
    case enumeration(isInteger: Bool)
    /// Arrays, maps and custom types: JSON text written and read through the property's transformer.
    case json
    /// A row id: the hidden key of an entity without identity, and the keys that name such rows.
    case rowID
}

/// A foreign key's `ON DELETE` action (GRDB's `Database.ForeignKeyAction` case names).
enum ForeignKeyAction: String, Sendable {
    /// An optional relationship is cleared when its target is deleted.
    case setNull
    /// Link rows go with their owner or target.
    case cascade
    /// A required relationship's target cannot be deleted while a row points at it: clearing it would
    /// leave the row unreadable as its model (and missing from graph requests).
    case restrict
}

/// A trigger keeping owned and cascading rows consistent, as data; the backend writes its statement.
enum TriggerPlan: Sendable {
    /// After a row is deleted, delete the embedded to-one target it named (`deleteRule: cascade`).
    case cascadeToOne(name: String, table: String, targetTable: String, match: [(targetColumn: String, column: String)])
    /// After an owned target's row-id column changes, delete the target it named before.
    case ownedReplaced(name: String, table: String, column: String, targetTable: String)
    /// After a row is deleted, delete the owned target it named.
    case ownedDeleted(name: String, table: String, column: String, targetTable: String)
    /// After a link to an owned target is deleted, delete the target.
    case linkUnlinked(name: String, linkTable: String, targetTable: String)
    /// Before a row is deleted, delete the targets its links name (`deleteRule: cascade`, to-many).
    case cascadeLinked(
        name: String, table: String, targetTable: String, linkTable: String,
        ownerMatch: [(linkColumn: String, ownerColumn: String)],
        targetMatch: [(linkColumn: String, targetColumn: String)])

    /// The trigger's name.
    var name: String {
        switch self {
        case let .cascadeToOne(name, _, _, _), let .ownedReplaced(name, _, _, _), let .ownedDeleted(name, _, _, _),
            let .linkUnlinked(name, _, _), let .cascadeLinked(name, _, _, _, _, _):
            return name
        }
    }
}
