extension PersistenceTranslator {
    /// Decides how one relationship is stored: a polymorphic target saved in its members' tables, a
    /// to-one as key columns (the target's identity, or an owned target's row id), a to-many as a link
    /// table; with the associations, reads, saves and triggers each needs.
    func relationshipStorage(
        _ relationship: ResolvedRelationship, _ property: EntityPlan.Property, into table: inout TableBuilder
    ) {
        let label = SwiftNaming.argumentLabel(property.name)
        let key = relationship.name
        guard let target = schema.entity(named: relationship.target), !target.isAbstract else {
            // A polymorphic target has no single table: it is saved, not linked.
            if relationship.isToMany {
                table.embeddedSaves.append(
                    .init(
                        identifier: property.identifier, isOptional: false, rowIDLocal: nil, isCollection: true,
                        isMap: relationship.isMap, isOptionalCollection: relationship.isOptional))
                table.rowArguments.append(
                    (label, relationship.isOptional ? .none : .emptyCollection(isMap: relationship.isMap)))
            } else {
                table.embeddedSaves.append(
                    .init(identifier: property.identifier, isOptional: relationship.isOptional, rowIDLocal: nil))
                table.rowArguments.append(
                    (label, relationship.isOptional ? .none : .included(key: key, required: true)))
            }
            return
        }
        if relationship.isToMany {
            linkTable(relationship, property, target: target, into: &table)
        } else {
            toOne(relationship, property, target: target, into: &table)
        }
    }

    private func toOne(
        _ relationship: ResolvedRelationship, _ property: EntityPlan.Property, target: ResolvedEntity,
        into table: inout TableBuilder
    ) {
        let label = SwiftNaming.argumentLabel(property.name)
        let key = relationship.name
        let location = relationship.declaration.name.location
        let targetTable = tableName(target)
        let targetIdentity = identityColumns(target)
        let associationName = Self.associationName(property.name)
        let formerName = relationship.declaration.renamedFrom.map { SwiftNaming.memberName($0.value) }
        let include = TablePlan.Include(
            association: associationName, method: relationship.isOptional ? .optional : .required,
            targetType: target.swiftName)
        guard !targetIdentity.isEmpty else {
            // The target has no identity: it belongs to this row.
            let column = table.uniqueColumnName(relationship.swiftName)
            let local = "_\(relationship.swiftName)RowID"
            table.embeddedSaves.append(
                .init(
                    identifier: property.identifier, isOptional: relationship.isOptional, rowIDLocal: local,
                    slotColumn: column, slotLocal: "_\(relationship.swiftName)Slot"))
            table.columns.append(
                .init(
                    name: column, value: .rowID, notNull: false,
                    source: .ownedRowID(local: local, targetTable: targetTable), location: location,
                    absentBit: table.absentBits[property.name], renamedFrom: formerName))
            table.recordProperties.append(
                .init(
                    column: column, identifier: SwiftNaming.escaped(column),
                    type: .optional(.builtin(.int64)), json: nil))
            table.foreignKeys.append(
                .init(
                    columns: [column], table: targetTable, targetColumns: ["_id"], onDelete: .setNull,
                    onUpdateCascade: false, deferred: true))
            table.indexes.append(("\(table.tableName)_\(relationship.swiftName)", [column]))
            table.associations.append(
                .init(
                    name: associationName, key: key,
                    kind: .belongsTo(target: target.swiftName, columns: [column], targetColumns: ["_id"])))
            table.rowArguments.append((label, .included(key: key, required: !relationship.isOptional)))
            table.includes.append(include)
            let prefix = "\(table.tableName)_\(relationship.swiftName)"
            table.triggers.append(
                .ownedReplaced(
                    name: prefix + "_replaced", table: table.tableName, column: column, targetTable: targetTable))
            table.triggers.append(
                .ownedDeleted(
                    name: prefix + "_deleted", table: table.tableName, column: column, targetTable: targetTable))
            return
        }
        let isReference = relationship.isReference
        let names = targetIdentity.map {
            table.uniqueColumnName(relationship.swiftName + Self.capitalized($0.attribute.swiftName))
        }
        for (column, (attribute, stored)) in zip(names, targetIdentity) {
            let source: TablePlan.ColumnSource =
                isReference
                ? .property(identifier: property.identifier)
                : .embeddedMember(
                    identifier: property.identifier, member: SwiftNaming.escaped(attribute.swiftName),
                    optional: relationship.isOptional)
            table.columns.append(
                .init(
                    name: column, value: stored, notNull: false, source: source, location: location,
                    absentBit: table.absentBits[property.name],
                    renamedFrom: formerName.map { $0 + Self.capitalized(attribute.swiftName) }))
            table.recordProperties.append(
                .init(
                    column: column, identifier: SwiftNaming.escaped(column),
                    type: TypeTranslator(schema: schema).swiftType(attribute.type).optional, json: nil))
        }
        let targetColumns = targetIdentity.map(\.attribute.swiftName)
        table.foreignKeys.append(
            .init(
                columns: names, table: targetTable, targetColumns: targetColumns,
                onDelete: relationship.isOptional ? .setNull : .restrict,
                onUpdateCascade: true, deferred: true))
        table.indexes.append(("\(table.tableName)_\(relationship.swiftName)", names))
        table.associations.append(
            .init(
                name: associationName, key: key,
                kind: .belongsTo(target: target.swiftName, columns: names, targetColumns: targetColumns)))
        if isReference {
            if relationship.isExpandable {
                table.embeddedSaves.append(
                    .init(
                        identifier: property.identifier, isOptional: relationship.isOptional, rowIDLocal: nil,
                        isExpandable: true))
            }
            table.references.append(
                .init(
                    relationship: key, columns: names, targetTable: targetTable, targetColumns: targetColumns,
                    failsWhenMissing: relationship.onMissingTarget == .fail))
            table.rowArguments.append((label, .column(names[0])))
        } else {
            table.embeddedSaves.append(
                .init(identifier: property.identifier, isOptional: relationship.isOptional, rowIDLocal: nil))
            table.rowArguments.append((label, .included(key: key, required: !relationship.isOptional)))
            table.includes.append(include)
        }
        if relationship.deleteRule == .cascade && !isReference {
            table.triggers.append(
                .cascadeToOne(
                    name: "\(table.tableName)_\(relationship.swiftName)_cascade", table: table.tableName,
                    targetTable: targetTable,
                    match: zip(targetColumns, names).map { ($0, $1) }))
        }
    }

    private func linkTable(
        _ relationship: ResolvedRelationship, _ property: EntityPlan.Property, target: ResolvedEntity,
        into table: inout TableBuilder
    ) {
        let label = SwiftNaming.argumentLabel(property.name)
        let key = relationship.name
        let targetTable = tableName(target)
        let targetIdentity = identityColumns(target)
        let isReference = relationship.isReference
        let ownerIdentity = identityColumns(table.entity)
        let ownerKey: [TablePlan.LinkColumn]
        let ownerTargetColumns: [String]
        if ownerIdentity.isEmpty {
            ownerKey = [.init(name: "owner", stored: .rowID, value: .ownerRowID)]
            ownerTargetColumns = ["_id"]
        } else {
            ownerKey = ownerIdentity.map {
                .init(
                    name: "owner" + Self.capitalized($0.attribute.swiftName), stored: $0.stored,
                    value: .ownerProperty(identifier: SwiftNaming.escaped($0.attribute.swiftName)))
            }
            ownerTargetColumns = ownerIdentity.map(\.attribute.swiftName)
        }
        let linkTable = "\(table.tableName)_\(relationship.swiftName)"
        let formerRelationship = relationship.declaration.renamedFrom.map { SwiftNaming.memberName($0.value) }
        var formerLinkTables: [String] = []
        if let formerRelationship {
            if let formerOwner = table.formerTableName {
                formerLinkTables.append("\(formerOwner)_\(formerRelationship)")
            }
            formerLinkTables.append("\(table.tableName)_\(formerRelationship)")
        }
        if let formerOwner = table.formerTableName {
            formerLinkTables.append("\(formerOwner)_\(relationship.swiftName)")
        }
        let targetKey: [TablePlan.LinkColumn]
        let targetKeyColumns: [String]
        if targetIdentity.isEmpty {
            targetKey = [.init(name: "target", stored: .rowID, value: .targetRowID)]
            targetKeyColumns = ["_id"]
        } else {
            targetKey = targetIdentity.map { attribute, stored in
                .init(
                    name: "target" + Self.capitalized(attribute.swiftName), stored: stored,
                    value: isReference
                        ? .referenceID : .elementProperty(identifier: SwiftNaming.escaped(attribute.swiftName)))
            }
            targetKeyColumns = targetIdentity.map(\.attribute.swiftName)
        }
        var linkKeys = [
            TablePlan.ForeignKey(
                columns: ownerKey.map(\.name), table: table.tableName, targetColumns: ownerTargetColumns,
                onDelete: .cascade, onUpdateCascade: true, deferred: false)
        ]
        if !isReference {
            linkKeys.append(
                .init(
                    columns: targetKey.map(\.name), table: targetTable, targetColumns: targetKeyColumns,
                    onDelete: .cascade, onUpdateCascade: true, deferred: true))
        }
        let ownsTargets = targetIdentity.isEmpty
        if ownsTargets {
            table.triggers.append(
                .linkUnlinked(name: "\(linkTable)_unlinked", linkTable: linkTable, targetTable: targetTable))
        } else if relationship.deleteRule == .cascade && !isReference {
            table.triggers.append(
                .cascadeLinked(
                    name: "\(table.tableName)_\(relationship.swiftName)_cascade", table: table.tableName,
                    targetTable: targetTable, linkTable: linkTable,
                    ownerMatch: zip(ownerKey, ownerTargetColumns).map { ($0.name, $1) },
                    targetMatch: zip(targetKey, targetKeyColumns).map { ($0.name, $1) }
                ))
        }
        let linkType = "_" + Self.capitalized(relationship.swiftName) + "Link"
        table.links.append(
            .init(
                staticName: "_\(relationship.swiftName)Links", table: linkTable, ownerColumns: ownerKey,
                targetColumns: targetKey,
                relationship: key, identifier: property.identifier, isMap: relationship.isMap, ownsTargets: ownsTargets,
                targetEntity: target.name, foreignKeys: linkKeys,
                linkType: linkType, targetType: target.swiftName, targetKeyColumns: targetKeyColumns,
                ownerTargetColumns: ownerTargetColumns,
                isReference: isReference, isOptional: relationship.isOptional,
                isExpandable: relationship.isExpandable, targetTable: targetTable,
                failsWhenMissing: relationship.onMissingTarget == .fail,
                location: relationship.declaration.name.location,
                absentBit: table.absentBits[property.name], formerNames: formerLinkTables))
        var countColumn: String?
        if relationship.isOptional {
            // nil and [] differ: the element count, NULL for nil, tells them apart.
            let column = table.uniqueColumnName(relationship.swiftName + "Count")
            let formerName = relationship.declaration.renamedFrom.map { SwiftNaming.memberName($0.value) + "Count" }
            table.columns.append(
                .init(
                    name: column, value: .scalar(.int64), notNull: false,
                    source: .collectionCount(identifier: property.identifier),
                    location: relationship.declaration.name.location, absentBit: table.absentBits[property.name],
                    renamedFrom: formerName))
            table.recordProperties.append(
                .init(
                    column: column, identifier: SwiftNaming.escaped(column), type: .optional(.builtin(.int64)),
                    json: nil))
            countColumn = column
        }
        func read(_ collection: TablePlan.RowRead) -> TablePlan.RowRead {
            countColumn.map { .optionalCollection(countColumn: $0, collection) } ?? collection
        }
        // How the collection reads back: the association through the link table, the row read, the include.
        let ownerColumns = ownerKey.map(\.name)
        let linkRecord = "\(table.entity.swiftName).\(GeneratedNames.record).\(linkType)"
        let kind: TablePlan.Association.Kind
        let rowRead: TablePlan.RowRead
        let include: (targetType: String, through: String?)
        if isReference {
            // The identifiers are in the link rows: fetched in position order, no target with them.
            kind = .referenceRows(
                linkType: linkType, ownerColumns: ownerColumns, ownerTargetColumns: ownerTargetColumns)
            rowRead = .prefetchedReferences(key: key, column: targetKey[0].name, isMap: relationship.isMap)
            include = (linkRecord, nil)
        } else if relationship.isMap {
            // A map's keys are in its link rows: the rows are fetched, each with its target.
            kind = .linkRows(
                target: target.swiftName, linkType: linkType, ownerColumns: ownerColumns,
                ownerTargetColumns: ownerTargetColumns)
            rowRead = .prefetchedMap(key: key)
            include = (target.swiftName, linkRecord)
        } else {
            kind = .hasManyThrough(
                target: target.swiftName, linkType: linkType, ownerColumns: ownerColumns,
                ownerTargetColumns: ownerTargetColumns)
            rowRead = .prefetched(key: key)
            include = (target.swiftName, nil)
        }
        let associationName = Self.associationName(property.name)
        table.associations.append(.init(name: associationName, key: key, kind: kind))
        table.rowArguments.append((label, read(rowRead)))
        table.includes.append(
            .init(association: associationName, method: .all, targetType: include.targetType, through: include.through))
    }
}
