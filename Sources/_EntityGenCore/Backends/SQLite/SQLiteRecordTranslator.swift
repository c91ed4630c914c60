/// SQLite's translate half: derives each table's GRDB record shape (``SQLiteRecordPlan``) from the
/// neutral ``TablePlan``s and the models' ``EntityPlan``s: the row-shaped record's properties, how
/// `init(row:)` reads each model property, the associations (with their inverses) and the graph request's
/// includes.
enum SQLiteRecordTranslator {
    /// The record shape of every table, by entity schema name.
    static func records(of tables: [TablePlan], models: [String: EntityPlan]) -> [String: SQLiteRecordPlan] {
        var records: [String: SQLiteRecordPlan] = [:]
        var byName: [String: TablePlan] = [:]
        for table in tables {
            guard let model = models[table.schemaName] else { continue }
            records[table.schemaName] = record(of: table, model: model)
            byName[table.schemaName] = table
        }
        addInverseAssociations(to: &records, tables: byName)
        addNestedIncludes(to: &records)
        return records
    }

    /// One table's record shape, before inverse associations and nested includes.
    static func record(of table: TablePlan, model: EntityPlan) -> SQLiteRecordPlan {
        var record = SQLiteRecordPlan(
            typeName: table.typeName, schemaName: table.schemaName, tableName: table.tableName,
            kind: table.relationships.isEmpty && !table.identity.isEmpty ? .model : .nested, properties: [])
        let created = (table.identity.isEmpty ? ["_id"] : []) + table.columns.map(\.name)
        record.columnPositions = Dictionary(
            created.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        for (column, property) in zip(table.columns.prefix(model.attributeCount), model.properties) {
            let json = column.value == .json
            record.properties.append(
                .init(
                    column: column.name, identifier: property.identifier, type: property.type,
                    json: json ? property : nil))
            record.rowArguments.append(
                (
                    SwiftNaming.argumentLabel(property.name),
                    json ? .jsonColumn(column.name, property, optional: !column.notNull) : .column(column.name)
                ))
        }
        for relationship in table.relationships {
            add(relationship, of: table, to: &record)
        }
        if table.identity.count == 1, let property = record.properties.first(where: { $0.column == table.identity[0] })
        {
            record.identity = (property.identifier, property.type)
        }
        return record
    }

    /// The record property of a key column the model does not hold as such (`Int64?` unless `type`).
    private static func keyProperty(
        _ column: String, type: TypeUsage = .optional(.builtin(.int64))
    ) -> SQLiteRecordPlan.Property {
        .init(column: column, identifier: SwiftNaming.escaped(column), type: type, json: nil)
    }

    /// A relationship's key columns, association, row read and include.
    private static func add(
        _ relationship: TablePlan.StoredRelationship, of table: TablePlan, to record: inout SQLiteRecordPlan
    ) {
        let label = SwiftNaming.argumentLabel(relationship.property.name)
        let key = relationship.key
        let associationName = associationName(relationship.property.name)
        let toOneInclude = SQLiteRecordPlan.Include(
            association: associationName, method: relationship.isOptional ? .optional : .required,
            targetType: relationship.targetType)
        switch relationship.storage {
        case .polymorphic:
            // A polymorphic target has no single table: it is saved, not read back with the owner.
            let read: SQLiteRecordPlan.RowRead =
                relationship.isToMany
                ? .emptyCollection(isMap: relationship.isMap) : .included(key: key, required: true)
            record.rowArguments.append((label, relationship.isOptional ? .none : read))
        case let .ownedToOne(column):
            record.properties.append(keyProperty(column))
            record.associations.append(
                .init(
                    name: associationName, key: key,
                    kind: .belongsTo(target: relationship.targetType, columns: [column], targetColumns: ["_id"])))
            record.rowArguments.append((label, .included(key: key, required: !relationship.isOptional)))
            record.includes.append(toOneInclude)
        case let .keyed(columns, targetColumns, types):
            record.properties += zip(columns, types).map { keyProperty($0, type: $1) }
            record.associations.append(
                .init(
                    name: associationName, key: key,
                    kind: .belongsTo(target: relationship.targetType, columns: columns, targetColumns: targetColumns)))
            if relationship.isReference {
                record.rowArguments.append((label, .column(columns[0])))
            } else {
                record.rowArguments.append((label, .included(key: key, required: !relationship.isOptional)))
                record.includes.append(toOneInclude)
            }
        case let .linked(index, countColumn):
            let link = table.links[index]
            if let countColumn { record.properties.append(keyProperty(countColumn)) }
            func read(_ collection: SQLiteRecordPlan.RowRead) -> SQLiteRecordPlan.RowRead {
                countColumn.map { .optionalCollection(countColumn: $0, collection) } ?? collection
            }
            // How the collection reads back: the association through the link table, the row read, the include.
            let ownerColumns = link.ownerColumns.map(\.name)
            let linkRecord = "\(table.typeName).\(GeneratedNames.record).\(link.linkType)"
            let kind: SQLiteRecordPlan.Association.Kind
            let rowRead: SQLiteRecordPlan.RowRead
            let include: (targetType: String, through: String?)
            if relationship.isReference {
                // The identifiers are in the link rows: fetched in key order, no target with them.
                kind = .referenceRows(
                    linkType: link.linkType, ownerColumns: ownerColumns, ownerTargetColumns: link.ownerTargetColumns,
                    order: link.primaryKey)
                rowRead = .prefetchedReferences(key: key, column: link.targetColumns[0].name, isMap: relationship.isMap)
                include = (linkRecord, nil)
            } else if relationship.isMap {
                // A map's keys are in its link rows: the rows are fetched, each with its target.
                kind = .linkRows(
                    target: relationship.targetType, linkType: link.linkType, ownerColumns: ownerColumns,
                    ownerTargetColumns: link.ownerTargetColumns)
                rowRead = .prefetchedMap(key: key)
                include = (relationship.targetType, linkRecord)
            } else {
                // In key order, owner then position: a graph request's prefetch of every owner's targets
                // then walks the link table's primary key, where position alone would sort every row.
                kind = .hasManyThrough(
                    target: relationship.targetType, linkType: link.linkType, ownerColumns: ownerColumns,
                    ownerTargetColumns: link.ownerTargetColumns, order: link.primaryKey)
                rowRead = .prefetched(key: key)
                include = (relationship.targetType, nil)
            }
            record.associations.append(.init(name: associationName, key: key, kind: kind))
            record.rowArguments.append((label, read(rowRead)))
            record.includes.append(
                .init(
                    association: associationName, method: .all, targetType: include.targetType, through: include.through
                ))
        }
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
        "belongsTo", "hasMany", "hasOne", "with", "withStableOrder", "request", GeneratedNames.columns, "save",
        "databaseComponents", "persistenceConflictPolicy", "databaseColumnDecodingStrategy",
    ]

    /// Adds to each table the inverse of every association that reaches it: `hasMany` for another
    /// table's `belongsTo`, `hasMany(through:)` for a link table. Named after the owner
    /// (`Author.books`, as GRDB's guide names them) when one association of the owner reaches the table,
    /// otherwise `<owner table>sVia<Relationship>` (`podsViaSubspecs`); a number is appended when the name
    /// is taken.
    static func addInverseAssociations(to records: inout [String: SQLiteRecordPlan], tables: [String: TablePlan]) {
        let owners = records.values.sorted { $0.tableName < $1.tableName }
        var byType: [String: String] = [:]
        for (name, record) in records { byType[record.typeName] = name }
        for owner in owners {
            // How many of the owner's associations reach each target: one is named after the owner alone
            // (`Author.books`, as GRDB's guide names them); several are told apart by their key.
            var perTarget: [String: Int] = [:]
            for association in owner.associations {
                switch association.kind {
                case let .belongsTo(target, _, _), let .hasManyThrough(target, _, _, _, _),
                    let .linkRows(target, _, _, _):
                    perTarget[target, default: 0] += 1
                case .hasMany, .hasManyThroughInverse, .referenceRows: break
                }
            }
            for association in owner.associations {
                let target: String
                let kind: SQLiteRecordPlan.Association.Kind
                switch association.kind {
                case let .belongsTo(targetType, columns, targetColumns):
                    target = targetType
                    kind = .hasMany(owner: owner.typeName, columns: columns, targetColumns: targetColumns)
                case let .hasManyThrough(targetType, linkType, _, _, _), let .linkRows(targetType, linkType, _, _):
                    guard let link = tables[owner.schemaName]?.links.first(where: { $0.linkType == linkType }) else {
                        continue
                    }
                    target = targetType
                    kind = .hasManyThroughInverse(
                        owner: owner.typeName, linkType: linkType, targetLinkColumns: link.targetColumns.map(\.name),
                        targetKeyColumns: link.targetKeyColumns)
                case .hasMany, .hasManyThroughInverse, .referenceRows: continue
                }
                guard let targetName = byType[target], var plan = records[targetName] else { continue }
                let taken = Set(plan.associations.map(\.name)).union(grdbReserved)
                let plural = InferenceText.plural(owner.tableName)
                let via = plural + "Via" + PersistenceTranslator.capitalized(SwiftNaming.memberName(association.key))
                let base = perTarget[target] == 1 && !taken.contains(plural) ? plural : via
                var name = base
                var suffix = 2
                while taken.contains(name) {
                    name = base + String(suffix)
                    suffix += 1
                }
                plan.associations.append(.init(name: SwiftNaming.escaped(name), key: name, kind: kind))
                records[targetName] = plan
            }
        }
    }

    /// Completes each table's graph request, so that it reads back the whole graph an import saved: an
    /// included target includes its own relationships in turn (a `Comment` its `author`, a tweet's
    /// `entities` their `user_mentions`), at any depth; a path stops before an entity it already went
    /// through (a retweet's own retweet is not read), so cycles end there, and a request holds at most
    /// ``includeBudget`` includes (past it, deeper relationships are read by their targets' requests).
    ///
    /// Behind an optional to-one include the nested ones are optional too: GRDB cannot chain a required
    /// association behind an optional one (it traps), and a row whose optional target is absent has
    /// nothing to decode there.
    static func addNestedIncludes(to records: inout [String: SQLiteRecordPlan]) {
        var byType: [String: SQLiteRecordPlan] = [:]
        for record in records.values { byType[record.typeName] = record }
        func nestedIncludes(
            of include: SQLiteRecordPlan.Include, path: Set<String>, budget: inout Int
        ) -> [SQLiteRecordPlan.Include] {
            guard let target = byType[include.targetType] else { return [] }
            var result: [SQLiteRecordPlan.Include] = []
            for candidate in target.includes where !path.contains(candidate.targetType) {
                // Required ones first claim the budget: without them a row cannot decode at all.
                guard budget > 0 || candidate.method == .required else { continue }
                budget -= 1
                var nested = candidate
                if include.method == .optional, nested.method == .required { nested.method = .optional }
                nested.nested = nestedIncludes(of: nested, path: path.union([nested.targetType]), budget: &budget)
                result.append(nested)
            }
            return result
        }
        for name in records.keys.sorted() {
            guard var record = records[name] else { continue }
            var budget = includeBudget
            record.includes = record.includes.map { include in
                var include = include
                include.nested = nestedIncludes(
                    of: include, path: [record.typeName, include.targetType], budget: &budget)
                return include
            }
            records[name] = record
        }
    }

    /// The most nested includes one graph request holds beyond what its rows need to decode.
    static let includeBudget = 200
}
