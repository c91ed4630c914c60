/// Builds ``TablePlan``s: the backend-neutral storage decisions of the persistence code (table and
/// column names, storage classes, keys, link tables, owned rows, delete rules, associations). A
/// ``StorageBackend`` turns them into its own DDL.
///
/// Storage model: one table per concrete entity whose primary key is the identification attributes (a
/// hidden `_id INTEGER PRIMARY KEY` when there are none), to-one relationships as foreign-key columns
/// (the target's identity, or its `_id` when the target has no identity and so belongs to its owner),
/// and to-many relationships as link tables ordered by position.
struct PersistenceTranslator: Sendable {
    let schema: ResolvedSchema

    /// The table name of an entity: its member-style name (`Pod` -> `pod`, `TextWidget` -> `textWidget`).
    func tableName(_ entity: ResolvedEntity) -> String {
        SwiftNaming.memberName(entity.swiftName)
    }

    /// The storage class of a value, and whether it is stored as JSON text.
    func storage(_ type: ResolvedType) -> (type: ColumnType, json: Bool) {
        switch type {
        case let .builtin(builtin):
            switch builtin {
            case .string, .url, .uuid, .decimal, .uint, .uint64: return (.text, false)
            case .double, .float, .date: return (.double, false)
            case .data: return (.blob, false)
            case .bool, .int, .int8, .int16, .int32, .int64, .uint8, .uint16, .uint32: return (.integer, false)
            }
        case let .enumeration(name):
            let integer = schema.enums.first { $0.name.value == name }?.rawType?.value == .int
            return (integer ? .integer : .text, false)
        case .custom, .array, .map:
            return (.text, true)
        }
    }

    /// The identity attributes of an entity, with their storage classes.
    func identityColumns(_ entity: ResolvedEntity) -> [(attribute: ResolvedAttribute, type: ColumnType)] {
        entity.identifiedBy.compactMap { name in
            entity.attributes.first { $0.name == name }.map { ($0, storage($0.type).type) }
        }
    }

    /// The table of a concrete entity whose model is `model`.
    func plan(_ entity: ResolvedEntity, _ model: EntityPlan) -> TablePlan {
        var table = TableBuilder(entity: entity, model: model, tableName: tableName(entity))
        for (attribute, property) in zip(entity.attributes, model.properties) {
            let (type, json) = storage(attribute.type)
            let defaultValue = attribute.declaration.defaultValue.flatMap { columnDefault($0, attribute.type) }
            table.columns.append(
                .init(
                    name: attribute.swiftName, type: type, notNull: !attribute.isOptional,
                    source: json ? .json(property) : .property(identifier: property.identifier),
                    location: attribute.declaration.name.location, defaultValue: defaultValue))
            table.rowArguments.append(
                (
                    SwiftNaming.argumentLabel(property.name),
                    json
                        ? .jsonColumn(attribute.swiftName, property, optional: attribute.isOptional)
                        : .column(attribute.swiftName)
                ))
        }
        for (relationship, property) in zip(entity.relationships, model.properties.dropFirst(entity.attributes.count)) {
            relationshipStorage(relationship, property, into: &table)
        }
        let identity = identityColumns(entity)
        return TablePlan(
            typeName: entity.swiftName, schemaName: entity.name, tableName: table.tableName,
            identity: identity.map(\.attribute.swiftName),
            columns: table.columns, foreignKeys: table.foreignKeys, indexes: table.indexes, triggers: table.triggers,
            references: table.references,
            embeddedSaves: table.embeddedSaves, links: table.links, rowArguments: table.rowArguments,
            associations: table.associations,
            includes: table.includes,
            identityProperties: identity.compactMap { column in
                entity.attributes.firstIndex { $0.name == column.attribute.name }.map { model.properties[$0] }
            },
            location: entity.declaration.name.location
        )
    }

    /// A schema default as a column default, for the rows that exist when a migration adds the column;
    /// `nil` when the stored form is not a plain literal (dates, data, custom types, non-empty collections).
    func columnDefault(_ value: ValueNode, _ type: ResolvedType) -> ColumnDefault? {
        switch (type, value.kind, value.scalar) {
        case (.array, .sequence(let elements), _) where elements.isEmpty: return .text("[]")
        case (.map, .mapping(let entries), _) where entries.isEmpty: return .text("{}")
        case let (.builtin(builtin), _, scalar?):
            switch (builtin, scalar) {
            case (.bool, .bool(let flag)): return .bool(flag)
            case (.string, .string(let text)), (.url, .string(let text)), (.uuid, .string(let text)): return .text(text)
            case (.decimal, .integer(let text)), (.decimal, .float(let text)), (.uint, .integer(let text)),
                (.uint64, .integer(let text)):
                return text.allSatisfy { $0.isNumber || $0 == "." || $0 == "-" } ? .text(text) : nil
            case (.double, .integer(let text)), (.float, .integer(let text)), (.double, .float(let text)),
                (.float, .float(let text)),
                (.int, .integer(let text)), (.int8, .integer(let text)), (.int16, .integer(let text)),
                (.int32, .integer(let text)),
                (.int64, .integer(let text)), (.uint8, .integer(let text)), (.uint16, .integer(let text)),
                (.uint32, .integer(let text)):
                let body = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
                return !body.isEmpty
                    && body.allSatisfy({
                        $0.isASCII && ($0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "-" || $0 == "+")
                    }) ? .number(text) : nil
            default: return nil
            }
        case let (.enumeration(name), _, scalar?):
            guard let declaration = schema.enums.first(where: { $0.name.value == name }) else { return nil }
            let text: String
            switch scalar {
            case let .string(string), let .integer(string): text = string
            default: return nil
            }
            guard let match = declaration.case(named: text), let raw = match.rawValue.textOrIntegerText else {
                return nil
            }
            return declaration.rawType?.value == .int ? .number(raw) : .text(raw)
        default: return nil
        }
    }

    static func capitalized(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }

    /// A static association name that cannot shadow a GRDB `TableRecord` member.
    static func associationName(_ property: String) -> String {
        SwiftNaming.escaped(grdbReserved.contains(property) ? property + "Association" : property)
    }

    /// `TableRecord` and request members an association must not shadow.
    static let grdbReserved: Set<String> = [
        "all", "none", "filter", "order", "select", "limit", "including", "joining", "annotated", "having", "matching",
        "aliased", "orderByPrimaryKey", "databaseTableName", "databaseSelection", "numberOfSelectedColumns", "exists",
        "fetchCount", "fetchAll", "fetchOne", "fetchSet", "fetchCursor", "deleteAll", "updateAll", "association",
        "belongsTo", "hasMany", "hasOne", "with", "withStableOrder", "request", "entityTable", "Columns", "rowKey",
        "save",
    ]
}

/// A table plan under construction: what ``PersistenceTranslator`` and its relationship decisions
/// (``PersistenceTranslator/relationshipStorage(_:_:into:)``) append to.
struct TableBuilder {
    let entity: ResolvedEntity
    let model: EntityPlan
    let tableName: String
    var columns: [TablePlan.Column] = []
    var foreignKeys: [TablePlan.ForeignKey] = []
    var indexes: [(name: String, columns: [String])] = []
    var triggers: [TriggerPlan] = []
    var references: [TablePlan.ReferenceCheck] = []
    var embeddedSaves: [TablePlan.EmbeddedSave] = []
    var links: [TablePlan.Link] = []
    var rowArguments: [(label: String, read: TablePlan.RowRead)] = []
    var associations: [TablePlan.Association] = []
    var includes: [TablePlan.Include] = []
    /// Column names taken (attributes' and relationships' columns).
    var usedNames: Set<String>

    init(entity: ResolvedEntity, model: EntityPlan, tableName: String) {
        self.entity = entity
        self.model = model
        self.tableName = tableName
        usedNames = Set(entity.attributes.map(\.swiftName))
    }

    /// `name`, or `name2`, `name3`... when taken; the result is taken.
    mutating func uniqueColumnName(_ name: String) -> String {
        var candidate = name
        var suffix = 2
        while usedNames.contains(candidate) {
            candidate = name + String(suffix)
            suffix += 1
        }
        usedNames.insert(candidate)
        return candidate
    }
}
