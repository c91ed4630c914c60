import GRDB

/// One random edit of an ``EvolvingSchema``, as a user makes them: attributes added, removed, renamed,
/// made optional or required or retyped; entities added, removed, renamed; relationships added,
/// removed, renamed; delete rules changed; removals and type changes acknowledged or not. Each says what it expects: the stored rows it keeps (and how
/// they change), or that lint refuses it, and where.
struct SchemaEdit {
    /// Where a refusal must be reported.
    enum Refusal: Equatable {
        /// At the line of this entity (`A1`) or member (`A1.a2`) of the edited schema.
        case declaration(String)
        /// In the config file.
        case config
    }

    /// Stored rows by table.
    typealias Rows = [String: [[String: DatabaseValue]]]

    /// What the edit did, for the failure log.
    var description: String
    /// The edited schema.
    var schema: EvolvingSchema
    /// Set when lint must refuse the edit.
    var refusal: Refusal?
    /// The rows after the migration, from the rows before it.
    var expectedRows: (inout Rows) -> Void = { _ in }

    /// A random edit that applies to `schema`.
    static func random(of schema: EvolvingSchema, using random: inout some RandomNumberGenerator) -> SchemaEdit {
        while true {
            if let edit = attempt(Int.random(in: 0..<12, using: &random), on: schema, using: &random) { return edit }
        }
    }

    private static func attempt(
        _ kind: Int, on original: EvolvingSchema, using random: inout some RandomNumberGenerator
    ) -> SchemaEdit? {
        var schema = original
        guard let e = schema.entities.indices.randomElement(using: &random) else { return nil }
        let entity = schema.entities[e].name
        let table = EvolvingSchema.table(entity)
        let attribute = schema.entities[e].attributes.indices.randomElement(using: &random)
        let relationship = schema.entities[e].relationships.indices.randomElement(using: &random)
        let acknowledged = Bool.random(using: &random)
        switch kind {
        case 0:  // add an attribute: optional, defaulted, or required without a default (refused)
            let name = schema.freshName("a")
            let type = EvolvingSchema.AttributeType.allCases.randomElement(using: &random)!
            let shape = Int.random(in: 0..<3, using: &random)
            let value = Int.random(in: 1...9, using: &random)
            schema.entities[e].attributes.append(
                .init(
                    name: name, type: shape == 1 ? .int : type, optional: shape == 0,
                    defaultValue: shape == 1 ? value : nil))
            return SchemaEdit(
                description: "add \(entity).\(name) \(["optional", "default \(value)", "required"][shape])",
                schema: schema, refusal: shape == 2 ? .declaration("\(entity).\(name)") : nil,
                expectedRows: { $0.addColumn(table, name, shape == 1 ? value.databaseValue : .null) })
        case 1:  // remove an attribute, acknowledged or not
            guard let a = attribute else { return nil }
            let name = schema.entities[e].attributes.remove(at: a).name
            if acknowledged { schema.entities[e].discardStoredData.append(name) }
            return SchemaEdit(
                description: "remove \(entity).\(name)\(acknowledged ? " (acknowledged)" : "")", schema: schema,
                refusal: acknowledged ? nil : .declaration(entity), expectedRows: { $0.removeColumn(table, name) })
        case 2:  // rename an attribute
            guard let a = attribute else { return nil }
            let former = schema.entities[e].attributes[a].name
            let name = schema.freshName("a")
            schema.entities[e].attributes[a].name = name
            schema.entities[e].attributes[a].renamedFrom = former
            return SchemaEdit(
                description: "rename \(entity).\(former) to \(name)", schema: schema,
                expectedRows: { $0.renameColumn(table, former, name) })
        case 3:  // make an attribute optional (kept), or required (refused)
            guard let a = attribute, schema.entities[e].attributes[a].defaultValue == nil else { return nil }
            let name = schema.entities[e].attributes[a].name
            let wasOptional = schema.entities[e].attributes[a].optional
            schema.entities[e].attributes[a].optional.toggle()
            return SchemaEdit(
                description: "make \(entity).\(name) \(wasOptional ? "required" : "optional")", schema: schema,
                refusal: wasOptional ? .declaration("\(entity).\(name)") : nil)
        case 4:  // change an attribute's type: refused, unless its values are discarded (then NULL)
            guard let a = attribute, schema.entities[e].attributes[a].defaultValue == nil else { return nil }
            let old = schema.entities[e].attributes[a].type
            let new = EvolvingSchema.AttributeType.allCases.filter { $0 != old }.randomElement(using: &random)!
            schema.entities[e].attributes[a].type = new
            let name = schema.entities[e].attributes[a].name
            if acknowledged { schema.entities[e].discardStoredData.append(name) }
            let migrates = acknowledged && schema.entities[e].attributes[a].optional
            return SchemaEdit(
                description:
                    "retype \(entity).\(name) from \(old) to \(new)\(acknowledged ? " (values discarded)" : "")",
                schema: schema, refusal: migrates ? nil : .declaration("\(entity).\(name)"),
                expectedRows: { $0.addColumn(table, name, .null) })
        case 5:  // add an entity
            guard schema.entities.count < 5 else { return nil }
            let name = schema.freshName("E")
            let attribute = schema.freshName("a")
            schema.entities.append(
                .init(name: name, attributes: [.init(name: attribute, type: .string, optional: false)]))
            return SchemaEdit(
                description: "add entity \(name)", schema: schema,
                expectedRows: { $0[EvolvingSchema.table(name)] = [] })
        case 6:  // remove an entity nothing else targets, acknowledged in the config or not
            guard schema.entities.count > 1, !schema.isTargeted(entity) else { return nil }
            let removed = schema.entities.remove(at: e)
            if acknowledged { schema.discardedEntities.append(entity) }
            return SchemaEdit(
                description: "remove entity \(entity)\(acknowledged ? " (acknowledged)" : "")", schema: schema,
                refusal: acknowledged ? nil : .config,
                expectedRows: { rows in
                    rows[table] = nil
                    for relationship in removed.relationships where relationship.toMany {
                        rows[EvolvingSchema.linkTable(entity, relationship.name)] = nil
                    }
                })
        case 7:  // rename an entity: its table and its link tables
            let name = schema.freshName("E")
            schema.entities[e].name = name
            schema.entities[e].renamedFrom = entity
            for index in schema.entities.indices {
                for member in schema.entities[index].relationships.indices
                where schema.entities[index].relationships[member].target == entity {
                    schema.entities[index].relationships[member].target = name
                }
            }
            let links = schema.entities[e].relationships.filter(\.toMany).map(\.name)
            return SchemaEdit(
                description: "rename entity \(entity) to \(name)", schema: schema,
                expectedRows: { rows in
                    rows.renameTable(table, EvolvingSchema.table(name))
                    for link in links {
                        rows.renameTable(EvolvingSchema.linkTable(entity, link), EvolvingSchema.linkTable(name, link))
                    }
                })
        case 8:  // add a relationship: an optional to-one (a key column) or a to-many (a link table)
            let name = schema.freshName("r")
            let target = schema.entities.randomElement(using: &random)!.name
            let toMany = Bool.random(using: &random)
            schema.entities[e].relationships.append(
                .init(name: name, target: target, toMany: toMany, cascade: Bool.random(using: &random)))
            return SchemaEdit(
                description: "add \(entity).\(name) to \(toMany ? "many" : "one") \(target)", schema: schema,
                expectedRows: { rows in
                    if toMany {
                        rows[EvolvingSchema.linkTable(entity, name)] = []
                    } else {
                        rows.addColumn(table, EvolvingSchema.keyColumn(name), .null)
                    }
                })
        case 9:  // remove a relationship, acknowledged or not
            guard let r = relationship else { return nil }
            let removed = schema.entities[e].relationships.remove(at: r)
            if acknowledged { schema.entities[e].discardStoredData.append(removed.name) }
            return SchemaEdit(
                description: "remove \(entity).\(removed.name)\(acknowledged ? " (acknowledged)" : "")", schema: schema,
                refusal: acknowledged ? nil : .declaration(entity),
                expectedRows: { rows in
                    if removed.toMany {
                        rows[EvolvingSchema.linkTable(entity, removed.name)] = nil
                    } else {
                        rows.removeColumn(table, EvolvingSchema.keyColumn(removed.name))
                    }
                })
        case 10:  // rename a relationship: its key column or its link table
            guard let r = relationship else { return nil }
            let former = schema.entities[e].relationships[r]
            let name = schema.freshName("r")
            schema.entities[e].relationships[r].name = name
            schema.entities[e].relationships[r].renamedFrom = former.name
            return SchemaEdit(
                description: "rename \(entity).\(former.name) to \(name)", schema: schema,
                expectedRows: { rows in
                    if former.toMany {
                        rows.renameTable(
                            EvolvingSchema.linkTable(entity, former.name), EvolvingSchema.linkTable(entity, name))
                    } else {
                        rows.renameColumn(table, EvolvingSchema.keyColumn(former.name), EvolvingSchema.keyColumn(name))
                    }
                })
        default:  // change a delete rule: triggers only
            guard let r = relationship else { return nil }
            schema.entities[e].relationships[r].cascade.toggle()
            let name = schema.entities[e].relationships[r].name
            return SchemaEdit(
                description:
                    "delete rule of \(entity).\(name) to \(schema.entities[e].relationships[r].cascade ? "cascade" : "nullify")",
                schema: schema)
        }
    }
}

extension [String: [[String: DatabaseValue]]] {
    mutating func addColumn(_ table: String, _ column: String, _ value: DatabaseValue) {
        self[table] = self[table]?.map { row in row.merging([column: value]) { $1 } }
    }

    mutating func removeColumn(_ table: String, _ column: String) {
        self[table] = self[table]?.map { row in row.filter { $0.key != column } }
    }

    mutating func renameColumn(_ table: String, _ from: String, _ to: String) {
        self[table] = self[table]?.map { row in
            [String: DatabaseValue](uniqueKeysWithValues: row.map { ($0.key == from ? to : $0.key, $0.value) })
        }
    }

    mutating func renameTable(_ from: String, _ to: String) {
        self[to] = self[from]
        self[from] = nil
    }
}
