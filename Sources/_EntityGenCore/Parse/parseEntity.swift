import Yams

extension SchemaParser {
    /// Parses an entity declaration (`Name: {attributes: ..., relationships: ...}`).
    mutating func parseEntity(name: Located<String>, _ node: Node) -> EntityDeclaration? {
        var entity = EntityDeclaration(name: name, location: name.location)
        guard let entries = reader.mapping(node, "entity '\(name.value)'") else { return nil }
        reader.checkKeys(entries, allowed: SchemaKeys.entity, in: "entity '\(name.value)'")
        for entry in entries {
            let value = entry.value
            switch SchemaKeys.Entity(rawValue: entry.key.value) {
            case .description: entity.description = reader.string(value, "description")
            case .abstract: entity.isAbstract = reader.bool(value, "'abstract'")
            case .extends: entity.extends = reader.string(value, "'extends'")
            case .discriminator: entity.discriminator = reader.keyPath(value, "discriminator key")
            case .discriminatorValue: entity.discriminatorValue = reader.value(value)
            case .identifiedBy:
                entity.identifiedBy = reader.stringList(value, "identification attribute") ?? []
                entity.identifiedByLocation = reader.location(of: value)
            case .keyConvention: entity.keyConvention = reader.keyword(value, "key convention")
            case .basePath: entity.basePath = reader.keyPath(value, "base path")
            case .attributes:
                entity.attributes = namedMappings(value, "attributes of '\(name.value)'").compactMap {
                    parseAttribute(name: $0.key, $0.value)
                }
            case .relationships:
                entity.relationships = namedMappings(value, "relationships of '\(name.value)'").compactMap {
                    parseRelationship(name: $0.key, $0.value)
                }
            case .errorEnvelope: entity.errorEnvelope = parseErrorEnvelope(value)
            case .onAbsent: entity.onAbsent = reader.keyword(value, "absent key policy")
            case .writeNulls: entity.writeNulls = reader.bool(value, "'writeNulls'")
            case .renamedFrom: entity.renamedFrom = reader.string(value, "former name")
            case .discardStoredData: entity.discardStoredData = reader.stringList(value, "removed member") ?? []
            case .push: entity.push = parsePush(value, entity: name.value, at: entry.key.location)
            case nil: break  // an unknown key: checkKeys reported it
            }
        }
        return entity
    }

    /// `errorEnvelope: message` or `errorEnvelope: {key: error, message: error.detail}`.
    mutating func parseErrorEnvelope(_ node: Node) -> ErrorEnvelopeDeclaration? {
        let location = reader.location(of: node)
        guard case .mapping = node else {
            return reader.keyPath(node, "error envelope key").map {
                ErrorEnvelopeDeclaration(key: $0, location: location)
            }
        }
        guard let entries = reader.mapping(node, "'errorEnvelope'") else { return nil }
        reader.checkKeys(entries, allowed: SchemaKeys.errorEnvelope, in: "'errorEnvelope'")
        var key: Located<JSONKeyPath>?
        var message: Located<JSONKeyPath>?
        for entry in entries {
            switch SchemaKeys.ErrorEnvelope(rawValue: entry.key.value) {
            case .key: key = reader.keyPath(entry.value, "error envelope key")
            case .message: message = reader.keyPath(entry.value, "error message key")
            case nil: break  // an unknown key: checkKeys reported it
            }
        }
        guard let key else {
            reader.diagnostics.emit(
                Rules.missingKey, "'errorEnvelope' needs a 'key' whose presence marks an error response", at: location)
            return nil
        }
        return ErrorEnvelopeDeclaration(key: key, message: message, location: location)
    }
}
