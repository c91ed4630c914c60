import EntityGenRuntime
import Foundation

/// Builds ``TablePlan``s: the backend-neutral storage decisions of the persistence code (table and
/// column names, storage classes, keys, link tables, owned rows, delete rules, how each relationship is
/// stored). A ``StorageBackend`` turns them into its own DDL and record shapes.
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

    /// The table name an entity had under its former name (`renamedFrom:`), if it was renamed.
    func formerTableName(_ entity: ResolvedEntity) -> String? {
        entity.declaration.renamedFrom.map { Self.tableName(entityNamed: $0.value) }
    }

    /// The table name of the entity named `name` in a schema.
    static func tableName(entityNamed name: String) -> String {
        SwiftNaming.memberName(SwiftNaming.typeName(name))
    }

    /// What a column of a value's type holds.
    func storedValue(_ type: ResolvedType) -> StoredValue {
        switch type {
        case .builtin(.anyJSON): return .json
        case let .builtin(builtin): return .scalar(builtin)
        case let .enumeration(name):
            return .enumeration(isInteger: schema.enumeration(named: name)?.isInteger == true)
        case .custom, .array, .map: return .json
        }
    }

    /// The identity attributes of an entity, with what their columns hold.
    func identityColumns(_ entity: ResolvedEntity) -> [(attribute: ResolvedAttribute, stored: StoredValue)] {
        entity.identityAttributes.map { ($0, storedValue($0.type)) }
    }

    /// The table of a concrete entity whose model is `model` (its ``EntityPlan/absentChecks`` decided).
    func plan(_ entity: ResolvedEntity, _ model: EntityPlan) -> TablePlan {
        var table = TableBuilder(
            entity: entity, model: model, tableName: tableName(entity), formerTableName: formerTableName(entity))
        for check in model.absentChecks { table.absentBits[model.properties[check.property].name] = check.bit }
        for (attribute, property) in zip(entity.attributes, model.properties) {
            let stored = storedValue(attribute.type)
            let json = stored == .json
            let defaultValue = attribute.defaultValue.flatMap { columnDefault($0, attribute.type) }
            table.columns.append(
                .init(
                    name: attribute.swiftName, value: stored, notNull: !attribute.isOptional,
                    source: json ? .json(property) : .property(identifier: property.identifier),
                    location: attribute.declaration.name.location, defaultValue: defaultValue,
                    hasUnstorableDefault: attribute.defaultValue != nil && defaultValue == nil,
                    absentBit: table.absentBits[property.name],
                    renamedFrom: attribute.declaration.renamedFrom.map { SwiftNaming.memberName($0.value) }))
        }
        for (offset, (relationship, property)) in zip(
            entity.relationships, model.properties.dropFirst(entity.attributes.count)
        ).enumerated() {
            relationshipStorage(relationship, property, slot: entity.attributes.count + offset, into: &table)
        }
        let identity = identityColumns(entity)
        return TablePlan(
            typeName: entity.swiftName, schemaName: entity.name, tableName: table.tableName,
            identity: identity.map(\.attribute.swiftName),
            columns: table.columns, foreignKeys: table.foreignKeys, indexes: table.indexes, triggers: table.triggers,
            references: table.references,
            embeddedSaves: table.embeddedSaves, links: table.links, relationships: table.relationships,
            identityProperties: identity.compactMap { column in
                entity.attributes.firstIndex { $0.name == column.attribute.name }.map { model.properties[$0] }
            },
            location: entity.declaration.name.location,
            renamedFrom: table.formerTableName,
            push: PushPlan.plan(entity, columns: table.columns)
        )
    }

    /// The properties whose stored values an import keeps when their keys are absent: optional or
    /// defaulted attributes and optional or to-many relationships stored in this table (not the
    /// identity) of an entity with identification attributes, unless the attribute, or else the entity or
    /// an ancestor, says `onAbsent: clear`.
    func absentChecks(_ entity: ResolvedEntity, _ model: EntityPlan) -> [EntityPlan.AbsentCheck] {
        // Without identification attributes every save inserts a new row: nothing stored to keep.
        guard !entity.identity.isEmpty else { return [] }
        var entityPolicy = entity.declaration.onAbsent?.value
        var ancestor = entity.parent
        while entityPolicy == nil, let name = ancestor, let parent = schema.entity(named: name) {
            entityPolicy = parent.declaration.onAbsent?.value
            ancestor = parent.parent
        }
        var checks: [EntityPlan.AbsentCheck] = []
        for (index, attribute) in entity.attributes.enumerated() {
            let hasDefault = attribute.defaultValue != nil
            guard attribute.isOptional || hasDefault, !entity.identity.contains(index),
                (attribute.declaration.onAbsent?.value ?? entityPolicy ?? .keep) == .keep
            else { continue }
            checks.append(.init(property: index, bit: checks.count, lookup: Self.absenceLookup(attribute)))
        }
        for (offset, relationship) in entity.relationships.enumerated() {
            guard relationship.isOptional || relationship.isToMany,
                let target = schema.entity(named: relationship.target), !target.isAbstract,
                (relationship.declaration.onAbsent?.value ?? entityPolicy ?? .keep) == .keep
            else { continue }
            checks.append(
                .init(
                    property: entity.attributes.count + offset, bit: checks.count,
                    lookup: !relationship.isToMany ? .whenNil : relationship.isOptional ? .always : .whenEmpty))
        }
        return checks
    }

    /// Which mapped values of `attribute` may stand for an absent key: `nil` without a default; with an
    /// empty array or map as the default of a non-optional collection, an empty value; with any other
    /// default, every value.
    static func absenceLookup(_ attribute: ResolvedAttribute) -> EntityPlan.AbsentCheck.Lookup {
        guard let value = attribute.defaultValue else { return .whenNil }
        switch (value, attribute.type) {
        case let (.array(elements), .array) where elements.isEmpty && !attribute.isOptional: return .whenEmpty
        case let (.map(entries), .map) where entries.isEmpty && !attribute.isOptional: return .whenEmpty
        default: return .always
        }
    }

    /// A schema default as a column default, for the rows that exist when a migration adds the column;
    /// `nil` when the stored form is not a plain literal (`null`, custom types, non-empty collections), in the
    /// form the runtime stores the type (a date rounded to the millisecond; `nil` for a date outside the
    /// years 0 to 9999).
    func columnDefault(_ value: ResolvedValue, _ type: ResolvedType) -> ColumnDefault? {
        switch (value, type) {
        case let (.array(elements), _): return elements.isEmpty ? .text("[]") : nil
        case let (.map(entries), _): return entries.isEmpty ? .text("{}") : nil
        case let (.enumCase(_, raw, rawIsInteger), _): return rawIsInteger ? .number(raw) : .text(raw)
        case let (.bool(flag), _): return .bool(flag)
        case let (.text(text), _): return .text(text)
        case let (.uuid(text), _): return UUID(uuidString: text).map { .uuid($0.uuidString) }
        case let (.data(_, bytes), _): return .data(bytes)
        case let (.date(_, date), _): return ColumnDefault.date(date)
        case let (.integer(digits), .builtin(.uint)), let (.integer(digits), .builtin(.uint64)):
            return UInt64(digits).map { _ in .unsigned(digits) }
        case let (.integer(digits), _): return Self.numberLiteral(digits)
        case let (.number(text, _), .builtin(.decimal)): return Self.decimalText(text)
        case let (.number(text, _), _): return Self.numberLiteral(text)
        case (.null, _): return nil
        }
    }

    /// A decimal default, when it is plain digits (an optional minus, one point, no exponent), in the
    /// form the runtime stores a `Decimal` (its `description`: `-012.50` is `-12.5`, `-0.0` is `0`).
    private static func decimalText(_ text: String) -> ColumnDefault? {
        let negative = text.hasPrefix("-")
        let body = negative ? text.dropFirst() : Substring(text)
        let plain =
            !body.isEmpty && body.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
            && body.filter { $0 == "." }.count <= 1 && body.contains(where: \.isNumber)
        guard plain else { return nil }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        let integer = parts[0].drop { $0 == "0" }
        let fraction = parts.count > 1 ? String(parts[1].reversed().drop { $0 == "0" }.reversed()) : ""
        let magnitude = (integer.isEmpty ? "0" : String(integer)) + (fraction.isEmpty ? "" : "." + fraction)
        return .decimal(negative && magnitude != "0" ? "-" + magnitude : magnitude)
    }

    /// A number SQL can hold as a literal, when it is written plainly.
    private static func numberLiteral(_ text: String) -> ColumnDefault? {
        let body = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        let plain = !body.isEmpty && body.allSatisfy { $0.isASCII && ($0.isNumber || ".eE-+".contains($0)) }
        return plain ? .number(text) : nil
    }

    static func capitalized(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }
}

/// A table plan under construction: what ``PersistenceTranslator`` and its relationship decisions
/// (``PersistenceTranslator/relationshipStorage(_:_:slot:into:)``) append to.
struct TableBuilder {
    let entity: ResolvedEntity
    let model: EntityPlan
    let tableName: String
    /// The table's former name (the entity's `renamedFrom:`).
    let formerTableName: String?
    var columns: [TablePlan.Column] = []
    var foreignKeys: [TablePlan.ForeignKey] = []
    var indexes: [(name: String, columns: [String])] = []
    var triggers: [TriggerPlan] = []
    var references: [TablePlan.ReferenceCheck] = []
    var embeddedSaves: [TablePlan.EmbeddedSave] = []
    var links: [TablePlan.Link] = []
    var relationships: [TablePlan.StoredRelationship] = []
    /// The absent-field bit of each tracked property, by property name.
    var absentBits: [String: Int] = [:]
    /// Column names taken (attributes' and relationships' columns).
    var usedNames: Set<String>

    init(entity: ResolvedEntity, model: EntityPlan, tableName: String, formerTableName: String?) {
        self.entity = entity
        self.model = model
        self.tableName = tableName
        self.formerTableName = formerTableName
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
