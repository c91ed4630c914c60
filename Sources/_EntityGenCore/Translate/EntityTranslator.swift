/// Builds ``EntityPlan``s from the resolved schema: Swift names, types, fields, transformers, storage.
struct EntityTranslator: Sendable {
    let schema: ResolvedSchema
    let types: TypeTranslator
    let storage: StorageDecision

    init(schema: ResolvedSchema) {
        self.schema = schema
        types = TypeTranslator(schema: schema)
        storage = StorageDecision(schema: schema)
    }

    /// The plan of a concrete entity.
    func plan(_ entity: ResolvedEntity) -> EntityPlan {
        var properties = entity.attributes.map(attributeProperty)
        properties += entity.relationships.map { relationshipProperty($0, in: entity) }
        var identity: (String, TypeUsage)?
        if let attribute = entity.singleIdentity { identity = (attribute.swiftName, types.swiftType(attribute.type)) }
        var discriminator: ([String], String)?
        if let key = entity.discriminatorKey, let value = entity.discriminatorValue {
            discriminator = (key.components, value)
        }
        let rootEnvelope = entity.declaration.errorEnvelope
        return EntityPlan(
            typeName: entity.swiftName,
            schemaName: entity.name,
            documentation: entity.declaration.description?.value,
            location: entity.declaration.name.location,
            properties: properties,
            attributeCount: entity.attributes.count,
            identity: identity,
            identityProperties: entity.identity,
            discriminator: discriminator,
            errorEnvelope: rootEnvelope.map { ($0.key.value.components, ($0.message ?? $0.key).value.components) }
        )
    }

    private func attributeProperty(_ attribute: ResolvedAttribute) -> EntityPlan.Property {
        let declaration = attribute.declaration
        let location = declaration.name.location
        let baseType = types.swiftType(attribute.type)
        let defaultValue = attribute.defaultValue.flatMap { value -> ValueLiteral? in
            if case .null = value { return nil }
            return types.literal(value, attribute.type)
        }
        let isOptional = attribute.isOptional
        let field = FieldPlan(
            paths: ([attribute.keyPath] + attribute.fallbackKeyPaths).map(\.components), location: location,
            onFailure: attribute.onFailure, constraints: attribute.constraints)
        let direct = TypeTranslator.directAccess(attribute.type, attribute.transformer)
        var transformer = types.transformer(
            attribute.type, attribute.transformer, lossy: attribute.onInvalidElement == .skip, location: location)
        if let element = attribute.keyPath.element, case let .array(elementTransformer, skips) = transformer {
            transformer = .pluck(elementTransformer, path: element, skipsInvalidElementsAt: skips)
        }
        var interpretedDefault: (ResolvedValue, TransformerPlan)?
        if defaultValue != nil, let value = attribute.defaultValue {
            interpretedDefault = (value, types.transformer(attribute.type, nil, lossy: false, location: location))
        }
        return EntityPlan.Property(
            name: attribute.swiftName,
            identifier: SwiftNaming.escaped(attribute.swiftName),
            type: isOptional ? baseType.optional : baseType,
            isOptional: isOptional,
            writesNull: attribute.writesNull,
            storage: .inline,
            documentation: declaration.description?.value,
            field: field,
            location: location,
            transformer: transformer,
            direct: direct,
            readsDirectly: direct != nil && field.isPlain,
            read: isOptional ? .optional : .required,
            defaultValue: defaultValue,
            interpretedDefault: interpretedDefault,
            writePath: attribute.keyPath.components,
            schemaName: attribute.name,
            isRelationship: false
        )
    }

    private func relationshipProperty(
        _ relationship: ResolvedRelationship, in entity: ResolvedEntity
    ) -> EntityPlan.Property {
        let declaration = relationship.declaration
        let location = declaration.name.location
        let targetType =
            schema.entity(named: relationship.target)?.swiftName ?? SwiftNaming.typeName(relationship.target)
        var elementType = TypeUsage.generated(targetType)
        var elementTransformer = TransformerPlan.entity(typeName: targetType)
        if relationship.isReference, let target = schema.entity(named: relationship.target),
            let identity = target.identityAttributes.first
        {
            let identityTransformer = types.transformer(
                identity.type, identity.transformer, lossy: false, location: location)
            if relationship.isExpandable {
                elementType = .runtime("Expandable", [.generated(targetType)])
                elementTransformer = .expandable(target: targetType, identity: identityTransformer)
            } else {
                elementType = .runtime("EntityReference", [.generated(targetType)])
                elementTransformer = .reference(target: targetType, identity: identityTransformer)
            }
        }
        let embeds = !relationship.isReference
        let field = FieldPlan(
            paths: ([relationship.keyPath] + relationship.fallbackKeyPaths).map(\.components), location: location,
            onFailure: relationship.onFailure, constraints: [])
        // Embedded entities and arrays of them have direct entry points; maps and references do not.
        let optionalCollection = relationship.isToMany && relationship.isOptional
        let direct =
            embeds && !relationship.isMap && !optionalCollection ? TypeTranslator.directAccess(entity: targetType) : nil
        let lossy = relationship.isToMany && relationship.onInvalidElement == .skip
        let type: TypeUsage
        let transformer: TransformerPlan
        let read: EntityPlan.Property.Read
        if relationship.isToMany {
            let collection: TypeUsage = relationship.isMap ? .dictionary(elementType) : .array(elementType)
            type = optionalCollection ? collection.optional : collection
            transformer =
                relationship.isMap
                ? .map(elementTransformer, skipsInvalidElementsAt: lossy ? location : nil)
                : .array(elementTransformer, skipsInvalidElementsAt: lossy ? location : nil)
            read = optionalCollection ? .optional : .toMany
        } else {
            type = relationship.isOptional ? elementType.optional : elementType
            transformer = elementTransformer
            read = relationship.isOptional ? .optional : .required
        }
        return EntityPlan.Property(
            name: relationship.swiftName,
            identifier: SwiftNaming.escaped(relationship.swiftName),
            type: type,
            isOptional: relationship.isOptional,
            writesNull: relationship.writesNull,
            storage: storage.storage(of: relationship, in: entity),
            documentation: declaration.description?.value,
            field: field,
            location: location,
            transformer: transformer,
            direct: direct,
            readsDirectly: direct != nil && !lossy && field.isPlain,
            read: read,
            emptyIsMap: relationship.isMap,
            defaultValue: nil,
            writePath: relationship.keyPath.components,
            schemaName: relationship.name,
            isRelationship: true
        )
    }

    /// How a model is initialized: Swift's memberwise initializer where it has the parameters, defaults
    /// and access an explicit one would (internal, every stored property the user's own), otherwise
    /// written out.
    static func initializer(_ plan: EntityPlan, access: AccessLevel) -> EntityPlan.Initializer {
        let inline = plan.properties.allSatisfy { property in
            switch property.storage {
            case .inline: true
            case .indirect, .indirectCollection: false
            }
        }
        switch access {
        case .internal: return inline ? .memberwise : .explicit
        case .public, .package: return .explicit
        }
    }
}
