/// Everything the persistence renderers print for one concrete entity's table, decided in one place:
/// table and column names, SQL types, how each column is bound and decoded, link tables, triggers.
struct TablePlan {
    /// A column the entity's save statement binds.
    struct Column {
        /// Column name.
        var name: String
        /// GRDB column type: `.text`, `.integer`, `.double`, `.blob`.
        var sqlType: String
        /// Whether the column is `NOT NULL`.
        var notNull: Bool
        /// The Swift statement binding parameter `index` of `_statement`; `%i` stands for the index.
        var bind: String
        /// The attribute or relationship the column stores, for diagnostics about migrating it.
        var location: SourceLocation
        /// The schema default as an SQL literal, when there is one SQL can hold.
        var defaultSQL: String? = nil
    }

    /// A foreign key of a table.
    struct ForeignKey {
        var columns: [String]
        var table: String
        var targetColumns: [String]
        /// GRDB's `Database.ForeignKeyAction` case, e.g. `.setNull`.
        var onDelete: String
        var onUpdateCascade: Bool
        var deferred: Bool
    }

    /// A to-one relationship the entity saves before its own row.
    struct EmbeddedSave {
        /// The property expression (`self.avatar`).
        var property: String
        /// Whether the property is optional.
        var isOptional: Bool
        /// The local holding the target's row id, for owned targets (no identity); `nil` otherwise.
        var rowIDLocal: String?
        /// A to-many relationship to a polymorphic target (saved element by element, not linked).
        var isCollection = false
        /// A map rather than an array.
        var isMap = false
    }

    /// A to-many relationship stored in a link table.
    struct Link {
        /// Swift name of the static `LinkTable` (`_subspecsLinks`).
        var staticName: String
        /// Table name (`pod_subspecs`).
        var table: String
        /// Owner key columns and their binding expressions (owner's identity, or `_rowID`).
        var ownerColumns: [(name: String, sqlType: String, value: String)]
        /// Target key columns, and the expression of each given the element `_element` and its row id `_target`.
        var targetColumns: [(name: String, sqlType: String, value: String)]
        /// The relationship's schema name.
        var relationship: String
        /// The property expression.
        var property: String
        /// A `[String: Target]` map (links carry the key).
        var isMap: Bool
        /// Whether targets belong to the owner (no identity): removing a link deletes the target.
        var ownsTargets: Bool
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
        /// The relationship's declaration, for diagnostics about migrating the link table.
        var location: SourceLocation
    }

    /// A GRDB association.
    struct Association {
        /// Static property name.
        var name: String
        /// Association key (the relationship's schema name).
        var key: String
        /// The declaration's right-hand side.
        var expression: String
    }

    var typeName: String
    var schemaName: String
    var tableName: String
    var identity: [String]
    var columns: [Column]
    var foreignKeys: [ForeignKey]
    /// (index name, columns) besides the unique identity key.
    var indexes: [(name: String, columns: [String])]
    var triggers: [(name: String, sql: String)]
    /// `EntityGenPersistence.ReferenceColumns(...)` expressions.
    var references: [String]
    var embeddedSaves: [EmbeddedSave]
    var links: [Link]
    /// `init(row:)` arguments: (label, expression).
    var rowArguments: [(label: String, expression: String)]
    var associations: [Association]
    /// (relationship association name, including method) for the complete request.
    var includes: [(association: String, method: String)]
    /// Identity properties: (local, field expression, transformer expression, property expression).
    var identityReads: [(local: String, field: String, transformer: String, property: String)]
    var schemaLocation: String
    /// The entity's declaration, for diagnostics about migrating its table.
    var location: SourceLocation
}
