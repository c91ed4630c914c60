extension PersistenceTranslator {
    /// Decides how one relationship is stored: a polymorphic target saved in its members' tables, a
    /// to-one as key columns (the target's identity, or an owned target's row id), a to-many as a link
    /// table; with the saves and triggers each needs.
    func relationshipStorage(
        _ relationship: ResolvedRelationship, _ property: EntityPlan.Property, slot: Int,
        into table: inout TableBuilder
    ) {
        let targetType =
            schema.entity(named: relationship.target)?.swiftName ?? SwiftNaming.typeName(relationship.target)
        func stored(_ storage: TablePlan.StoredRelationship.Storage) {
            table.relationships.append(
                .init(
                    key: relationship.name, property: property, targetType: targetType,
                    isOptional: relationship.isOptional,
                    isToMany: relationship.isToMany, isMap: relationship.isMap,
                    isReference: relationship.isReference, storage: storage))
        }
        guard let target = schema.entity(named: relationship.target), !target.isAbstract else {
            stored(.polymorphic)
            // A polymorphic target has no single table: it is saved, not linked.
            if relationship.isToMany {
                table.embeddedSaves.append(
                    .init(
                        slot: slot, identifier: property.identifier, targetType: targetType, isOptional: false,
                        rowIDLocal: nil,
                        isCollection: true, isMap: relationship.isMap, isOptionalCollection: relationship.isOptional))
            } else {
                table.embeddedSaves.append(
                    .init(
                        slot: slot, identifier: property.identifier, targetType: targetType,
                        isOptional: relationship.isOptional,
                        rowIDLocal: nil))
            }
            return
        }
        if relationship.isToMany {
            stored(linkTable(relationship, property, slot: slot, target: target, into: &table))
        } else {
            stored(toOne(relationship, property, slot: slot, target: target, targetType: targetType, into: &table))
        }
    }

    private func toOne(
        _ relationship: ResolvedRelationship, _ property: EntityPlan.Property, slot: Int, target: ResolvedEntity,
        targetType: String, into table: inout TableBuilder
    ) -> TablePlan.StoredRelationship.Storage {
        let key = relationship.name
        let location = relationship.declaration.name.location
        let targetTable = tableName(target)
        let targetIdentity = identityColumns(target)
        let formerName = relationship.declaration.renamedFrom.map { SwiftNaming.memberName($0.value) }
        guard !targetIdentity.isEmpty else {
            // The target has no identity: it belongs to this row.
            let column = table.uniqueColumnName(relationship.swiftName)
            let local = "_\(relationship.swiftName)RowID"
            table.embeddedSaves.append(
                .init(
                    slot: slot, identifier: property.identifier, targetType: targetType,
                    isOptional: relationship.isOptional,
                    rowIDLocal: local, slotColumn: column, slotLocal: "_\(relationship.swiftName)Slot"))
            table.columns.append(
                .init(
                    name: column, value: .rowID, notNull: false,
                    source: .ownedRowID(local: local, targetTable: targetTable), location: location,
                    absentBit: table.absentBits[property.name], renamedFrom: formerName))
            table.foreignKeys.append(
                .init(
                    columns: [column], table: targetTable, targetColumns: ["_id"], onDelete: .setNull,
                    onUpdateCascade: false, deferred: true))
            table.indexes.append(("\(table.tableName)_\(relationship.swiftName)", [column]))
            let prefix = "\(table.tableName)_\(relationship.swiftName)"
            table.triggers.append(
                .ownedReplaced(
                    name: prefix + "_replaced", table: table.tableName, column: column, targetTable: targetTable))
            table.triggers.append(
                .ownedDeleted(
                    name: prefix + "_deleted", table: table.tableName, column: column, targetTable: targetTable))
            return .ownedToOne(column: column)
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
        }
        let targetColumns = targetIdentity.map(\.attribute.swiftName)
        table.foreignKeys.append(
            .init(
                columns: names, table: targetTable, targetColumns: targetColumns,
                onDelete: relationship.isOptional ? .setNull : .restrict,
                onUpdateCascade: true, deferred: true))
        table.indexes.append(("\(table.tableName)_\(relationship.swiftName)", names))
        if isReference {
            if relationship.isExpandable {
                table.embeddedSaves.append(
                    .init(
                        slot: slot, identifier: property.identifier, targetType: targetType,
                        isOptional: relationship.isOptional,
                        rowIDLocal: nil, isExpandable: true))
            }
            table.references.append(
                .init(
                    relationship: key, columns: names, targetTable: targetTable, targetColumns: targetColumns,
                    failsWhenMissing: relationship.onMissingTarget == .fail))
        } else {
            table.embeddedSaves.append(
                .init(
                    slot: slot, identifier: property.identifier, targetType: targetType,
                    isOptional: relationship.isOptional,
                    rowIDLocal: nil))
        }
        if relationship.deleteRule == .cascade && !isReference {
            table.triggers.append(
                .cascadeToOne(
                    name: "\(table.tableName)_\(relationship.swiftName)_cascade", table: table.tableName,
                    targetTable: targetTable,
                    match: zip(targetColumns, names).map { ($0, $1) }))
        }
        let types = targetIdentity.map { TypeTranslator(schema: schema).swiftType($0.attribute.type).optional }
        return .keyed(columns: names, targetColumns: targetColumns, columnTypes: types)
    }

    private func linkTable(
        _ relationship: ResolvedRelationship, _ property: EntityPlan.Property, slot: Int, target: ResolvedEntity,
        into table: inout TableBuilder
    ) -> TablePlan.StoredRelationship.Storage {
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
                slot: slot, staticName: "_\(relationship.swiftName)Links", table: linkTable, ownerColumns: ownerKey,
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
            countColumn = column
        }
        return .linked(link: table.links.count - 1, countColumn: countColumn)
    }
}
