/// Builds ``TablePlan``s: every naming and typing decision of the persistence code (table and column
/// names, SQL types, keys, link tables, triggers, associations).
///
/// Storage model: one table per concrete entity whose primary key is the identification attributes (a
/// hidden `_id INTEGER PRIMARY KEY` when there are none), to-one relationships as foreign-key columns (the target's identity, or
/// its `_id` when the target has no identity and so belongs to its owner), and to-many relationships as
/// link tables ordered by position.
struct PersistenceTranslator {
    let schema: ResolvedSchema
    let types: TypeTranslator
    static let persistence = "EntityGenPersistence"

    init(schema: ResolvedSchema) {
        self.schema = schema
        types = TypeTranslator(schema: schema)
    }

    /// The table name of an entity: its member-style name (`Pod` -> `pod`, `TextWidget` -> `textWidget`).
    func tableName(_ entity: ResolvedEntity) -> String {
        SwiftNaming.memberName(entity.swiftName)
    }

    /// GRDB column type and whether the value is stored as JSON text.
    func storage(_ type: ResolvedType) -> (sqlType: String, json: Bool) {
        switch type {
        case let .builtin(builtin):
            switch builtin {
            case .string, .url, .uuid, .decimal, .uint, .uint64: return (".text", false)
            case .double, .float, .date: return (".double", false)
            case .data: return (".blob", false)
            default: return (".integer", false)
            }
        case let .enumeration(name):
            let integer = schema.enums.first { $0.name.value == name }?.rawType?.value == .int
            return (integer ? ".integer" : ".text", false)
        case .custom, .array, .map:
            return (".text", true)
        }
    }

    /// The identity attributes of an entity, with their column types.
    func identityColumns(_ entity: ResolvedEntity) -> [(attribute: ResolvedAttribute, sqlType: String)] {
        entity.identifiedBy.compactMap { name in
            entity.attributes.first { $0.name == name }.map { ($0, storage($0.type).sqlType) }
        }
    }

    func plan(_ entity: ResolvedEntity, _ model: EntityPlan) -> TablePlan {
        let table = tableName(entity)
        var columns: [TablePlan.Column] = []
        var foreignKeys: [TablePlan.ForeignKey] = []
        var indexes: [(String, [String])] = []
        var triggers: [(String, String)] = []
        var references: [String] = []
        var embeddedSaves: [TablePlan.EmbeddedSave] = []
        var links: [TablePlan.Link] = []
        var rowArguments: [(String, String)] = []
        var associations: [TablePlan.Association] = []
        var includes: [(String, String)] = []
        var usedNames = Set(entity.attributes.map(\.swiftName))

        for (attribute, property) in zip(entity.attributes, model.properties) {
            let (sqlType, json) = storage(attribute.type)
            let name = attribute.swiftName
            let value = "self.\(property.identifier)"
            let location = attribute.declaration.name.location
            let defaultSQL = attribute.declaration.defaultValue.flatMap { sqlDefault($0, attribute.type) }
            if json {
                let transformer = property.transformerReference
                columns.append(.init(name: name, sqlType: sqlType, notNull: !attribute.isOptional,
                                     bind: "\(Self.persistence).JSONColumn.bind(\(value), \(transformer), to: _statement, at: %i)",
                                     location: location, defaultSQL: defaultSQL))
                let method = attribute.isOptional ? "optionalJSONColumn" : "jsonColumn"
                rowArguments.append((SwiftNaming.argumentLabel(property.name), "try row.\(method)(\(SwiftLiteral.string(name)), \(transformer))"))
            } else {
                columns.append(.init(name: name, sqlType: sqlType, notNull: !attribute.isOptional, bind: "\(value).bindValue(to: _statement, at: %i)",
                                     location: location, defaultSQL: defaultSQL))
                rowArguments.append((SwiftNaming.argumentLabel(property.name), "try row.column(\(SwiftLiteral.string(name)))"))
            }
        }

        let ownerKey: [(name: String, sqlType: String, value: String)]
        let ownerTargetColumns: [String]
        let identity = identityColumns(entity)
        if identity.isEmpty {
            ownerKey = [("owner", ".integer", "_rowID")]
            ownerTargetColumns = ["_id"]
        } else {
            ownerKey = identity.map { ("owner" + Self.capitalized($0.attribute.swiftName), $0.sqlType, "self.\(SwiftNaming.escaped($0.attribute.swiftName))") }
            ownerTargetColumns = identity.map(\.attribute.swiftName)
        }

        for (relationship, property) in zip(entity.relationships, model.properties.dropFirst(entity.attributes.count)) {
            let label = SwiftNaming.argumentLabel(property.name)
            let key = relationship.name
            let value = "self.\(property.identifier)"
            let location = relationship.declaration.name.location
            guard let target = schema.entity(named: relationship.target), !target.isAbstract else {
                // A polymorphic target has no single table: it is saved, not linked.
                if relationship.isToMany {
                    embeddedSaves.append(.init(property: value, isOptional: false, rowIDLocal: nil, isCollection: true, isMap: relationship.isMap))
                    rowArguments.append((label, relationship.isMap ? "[:]" : "[]"))
                } else {
                    embeddedSaves.append(.init(property: value, isOptional: relationship.isOptional, rowIDLocal: nil))
                    rowArguments.append((label, relationship.isOptional ? "nil" : "try row.requiredIncluded(\(SwiftLiteral.string(key)))"))
                }
                continue
            }
            let targetTable = tableName(target)
            let targetIdentity = identityColumns(target)
            let isReference = relationship.referenceAttribute != nil
            let associationName = Self.associationName(property.name)
            if !relationship.isToMany {
                if !targetIdentity.isEmpty {
                    let names = targetIdentity.map { unique(relationship.swiftName + Self.capitalized($0.attribute.swiftName), &usedNames) }
                    for (column, (attribute, sqlType)) in zip(names, targetIdentity) {
                        let bound: String
                        if isReference {
                            bound = "\(value).bindValue(to: _statement, at: %i)"
                        } else if relationship.isOptional {
                            bound = "(\(value)?.\(SwiftNaming.escaped(attribute.swiftName))).bindValue(to: _statement, at: %i)"
                        } else {
                            bound = "\(value).\(SwiftNaming.escaped(attribute.swiftName)).bindValue(to: _statement, at: %i)"
                        }
                        columns.append(.init(name: column, sqlType: sqlType, notNull: false, bind: bound, location: location))
                    }
                    foreignKeys.append(.init(columns: names, table: targetTable, targetColumns: targetIdentity.map(\.attribute.swiftName), onDelete: ".setNull", onUpdateCascade: true, deferred: true))
                    indexes.append(("\(table)_\(relationship.swiftName)", names))
                    associations.append(.init(name: associationName, key: key, expression: "belongsTo(\(target.swiftName).self, key: \(SwiftLiteral.string(key)), using: GRDB.ForeignKey(\(Self.list(names)), to: \(Self.list(targetIdentity.map(\.attribute.swiftName)))))"))
                    if isReference {
                        references.append("\(Self.persistence).ReferenceColumns(relationship: \(SwiftLiteral.string(key)), columns: \(Self.list(names)), targetTable: \(SwiftLiteral.string(targetTable)), failsWhenMissing: \(relationship.onMissingTarget == .fail))")
                        rowArguments.append((label, "try row.column(\(SwiftLiteral.string(names[0])))"))
                    } else {
                        embeddedSaves.append(.init(property: value, isOptional: relationship.isOptional, rowIDLocal: nil))
                        rowArguments.append((label, relationship.isOptional ? "try row.included(\(SwiftLiteral.string(key)))" : "try row.requiredIncluded(\(SwiftLiteral.string(key)))"))
                        includes.append((associationName, relationship.isOptional ? "including(optional:" : "including(required:"))
                    }
                    if relationship.deleteRule == .cascade && !isReference {
                        let match = zip(targetIdentity, names).map { "\(SQL.identifier($0.attribute.swiftName)) = OLD.\(SQL.identifier($1))" }.joined(separator: " AND ")
                        triggers.append(("\(table)_\(relationship.swiftName)_cascade", "CREATE TRIGGER \(SQL.identifier("\(table)_\(relationship.swiftName)_cascade")) AFTER DELETE ON \(SQL.identifier(table)) BEGIN DELETE FROM \(SQL.identifier(targetTable)) WHERE \(match); END"))
                    }
                } else {
                    // The target has no identity: it belongs to this row.
                    let column = unique(relationship.swiftName, &usedNames)
                    let local = "_\(relationship.swiftName)RowID"
                    embeddedSaves.append(.init(property: value, isOptional: relationship.isOptional, rowIDLocal: local))
                    columns.append(.init(name: column, sqlType: ".integer", notNull: false, bind: "\(local).bindValue(to: _statement, at: %i)", location: location))
                    foreignKeys.append(.init(columns: [column], table: targetTable, targetColumns: ["_id"], onDelete: ".setNull", onUpdateCascade: false, deferred: true))
                    indexes.append(("\(table)_\(relationship.swiftName)", [column]))
                    associations.append(.init(name: associationName, key: key, expression: "belongsTo(\(target.swiftName).self, key: \(SwiftLiteral.string(key)), using: GRDB.ForeignKey([\(SwiftLiteral.string(column))], to: [\"_id\"]))"))
                    rowArguments.append((label, relationship.isOptional ? "try row.included(\(SwiftLiteral.string(key)))" : "try row.requiredIncluded(\(SwiftLiteral.string(key)))"))
                    includes.append((associationName, relationship.isOptional ? "including(optional:" : "including(required:"))
                    let quoted = SQL.identifier(column)
                    triggers.append(("\(table)_\(relationship.swiftName)_replaced", "CREATE TRIGGER \(SQL.identifier("\(table)_\(relationship.swiftName)_replaced")) AFTER UPDATE OF \(quoted) ON \(SQL.identifier(table)) WHEN OLD.\(quoted) IS NOT NEW.\(quoted) BEGIN DELETE FROM \(SQL.identifier(targetTable)) WHERE \"_id\" = OLD.\(quoted); END"))
                    triggers.append(("\(table)_\(relationship.swiftName)_deleted", "CREATE TRIGGER \(SQL.identifier("\(table)_\(relationship.swiftName)_deleted")) AFTER DELETE ON \(SQL.identifier(table)) BEGIN DELETE FROM \(SQL.identifier(targetTable)) WHERE \"_id\" = OLD.\(quoted); END"))
                }
                continue
            }
            // To-many: a link table.
            let linkTable = "\(table)_\(relationship.swiftName)"
            let targetKey: [(name: String, sqlType: String, value: String)]
            let targetKeyColumns: [String]
            if targetIdentity.isEmpty {
                targetKey = [("target", ".integer", "_target")]
                targetKeyColumns = ["_id"]
            } else {
                targetKey = targetIdentity.map { attribute, sqlType in
                    ("target" + Self.capitalized(attribute.swiftName), sqlType, isReference ? "_element.id" : "_element.\(SwiftNaming.escaped(attribute.swiftName))")
                }
                targetKeyColumns = targetIdentity.map(\.attribute.swiftName)
            }
            var linkKeys = [TablePlan.ForeignKey(columns: ownerKey.map(\.name), table: table, targetColumns: ownerTargetColumns, onDelete: ".cascade", onUpdateCascade: true, deferred: false)]
            if !isReference {
                linkKeys.append(.init(columns: targetKey.map(\.name), table: targetTable, targetColumns: targetKeyColumns, onDelete: ".cascade", onUpdateCascade: true, deferred: true))
            }
            let ownsTargets = targetIdentity.isEmpty
            if ownsTargets {
                triggers.append(("\(linkTable)_unlinked", "CREATE TRIGGER \(SQL.identifier("\(linkTable)_unlinked")) AFTER DELETE ON \(SQL.identifier(linkTable)) BEGIN DELETE FROM \(SQL.identifier(targetTable)) WHERE \"_id\" = OLD.\"target\"; END"))
            } else if relationship.deleteRule == .cascade && !isReference {
                let ownerMatch = zip(ownerKey, ownerTargetColumns).map { "l.\(SQL.identifier($0.name)) = OLD.\(SQL.identifier($1))" }
                let targetMatch = zip(targetKey, targetKeyColumns).map { "l.\(SQL.identifier($0.name)) = \(SQL.identifier(targetTable)).\(SQL.identifier($1))" }
                triggers.append(("\(table)_\(relationship.swiftName)_cascade", "CREATE TRIGGER \(SQL.identifier("\(table)_\(relationship.swiftName)_cascade")) BEFORE DELETE ON \(SQL.identifier(table)) BEGIN DELETE FROM \(SQL.identifier(targetTable)) WHERE EXISTS (SELECT 1 FROM \(SQL.identifier(linkTable)) AS l WHERE \((ownerMatch + targetMatch).joined(separator: " AND "))); END"))
            }
            let linkType = "_" + Self.capitalized(relationship.swiftName) + "Link"
            links.append(.init(staticName: "_\(relationship.swiftName)Links", table: linkTable, ownerColumns: ownerKey, targetColumns: targetKey,
                               relationship: key, property: value, isMap: relationship.isMap, ownsTargets: ownsTargets, foreignKeys: linkKeys,
                               linkType: linkType, targetType: target.swiftName, targetKeyColumns: targetKeyColumns, ownerTargetColumns: ownerTargetColumns, isReference: isReference,
                               location: location))
            if relationship.isMap || isReference {
                rowArguments.append((label, relationship.isMap ? "[:]" : "[]"))
            } else {
                associations.append(.init(name: associationName, key: key, expression: "hasMany(\(target.swiftName).self, through: hasMany(\(linkType).self, using: GRDB.ForeignKey(\(Self.list(ownerKey.map(\.name))), to: \(Self.list(ownerTargetColumns)))).order(GRDB.Column(\"position\")), using: \(linkType).target, key: \(SwiftLiteral.string(key)))"))
                rowArguments.append((label, "try row.prefetched(\(SwiftLiteral.string(key)))"))
                includes.append((associationName, "including(all:"))
            }
        }

        let identityReads = identity.compactMap { column -> (String, String, String, String)? in
            guard let index = entity.attributes.firstIndex(where: { $0.name == column.attribute.name }) else { return nil }
            let property = model.properties[index]
            return (property.local, property.fieldReference, property.transformerReference, "self.\(property.identifier)")
        }
        return TablePlan(
            typeName: entity.swiftName, schemaName: entity.name, tableName: table, identity: identity.map(\.attribute.swiftName),
            columns: columns, foreignKeys: foreignKeys, indexes: indexes, triggers: triggers, references: references,
            embeddedSaves: embeddedSaves, links: links, rowArguments: rowArguments, associations: associations, includes: includes,
            identityReads: identityReads, schemaLocation: model.schemaLocation, location: entity.declaration.name.location
        )
    }

    /// A schema default as an SQL literal, for the rows that exist when a migration adds the column;
    /// `nil` when the stored form is not a plain literal (dates, data, custom types, non-empty collections).
    func sqlDefault(_ value: ValueNode, _ type: ResolvedType) -> String? {
        let quoted = { (text: String) in "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }
        switch (type, value.kind, value.scalar) {
        case (.array, .sequence(let elements), _) where elements.isEmpty: return quoted("[]")
        case (.map, .mapping(let entries), _) where entries.isEmpty: return quoted("{}")
        case let (.builtin(builtin), _, scalar?):
            switch (builtin, scalar) {
            case (.bool, .bool(let flag)): return flag ? "1" : "0"
            case (.string, .string(let text)), (.url, .string(let text)), (.uuid, .string(let text)): return quoted(text)
            case (.decimal, .integer(let text)), (.decimal, .float(let text)), (.uint, .integer(let text)), (.uint64, .integer(let text)):
                return text.allSatisfy { $0.isNumber || $0 == "." || $0 == "-" } ? quoted(text) : nil
            case (.double, .integer(let text)), (.float, .integer(let text)), (.double, .float(let text)), (.float, .float(let text)),
                 (.int, .integer(let text)), (.int8, .integer(let text)), (.int16, .integer(let text)), (.int32, .integer(let text)),
                 (.int64, .integer(let text)), (.uint8, .integer(let text)), (.uint16, .integer(let text)), (.uint32, .integer(let text)):
                let body = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
                return !body.isEmpty && body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "-" || $0 == "+") }) ? text : nil
            default: return nil
            }
        case let (.enumeration(name), _, scalar?):
            guard let declaration = schema.enums.first(where: { $0.name.value == name }) else { return nil }
            let text: String
            switch scalar {
            case let .string(string), let .integer(string): text = string
            default: return nil
            }
            guard let match = declaration.case(named: text) else { return nil }
            guard let raw = match.rawValue.textOrIntegerText else { return nil }
            return declaration.rawType?.value == .int ? raw : quoted(raw)
        default: return nil
        }
    }

    /// `["a", "b"]`
    static func list(_ names: [String]) -> String {
        "[" + names.map(SwiftLiteral.string).joined(separator: ", ") + "]"
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
        "belongsTo", "hasMany", "hasOne", "with", "withStableOrder", "request", "entityTable", "Columns", "rowKey", "save",
    ]

    private func unique(_ name: String, _ used: inout Set<String>) -> String {
        var candidate = name
        var suffix = 2
        while used.contains(candidate) {
            candidate = name + String(suffix)
            suffix += 1
        }
        used.insert(candidate)
        return candidate
    }
}

/// SQL text for generated migrations.
enum SQL {
    /// A double-quoted identifier.
    static func identifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
