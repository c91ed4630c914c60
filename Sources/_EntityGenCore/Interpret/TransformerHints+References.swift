import EntityGenRuntime

/// A to-one relationship whose payloads send the target's identifier where the schema expects the whole
/// object (`"milestone": 7`): what `entitygen check` notes as `reference: true` (only identifiers came)
/// or `reference: true and expandable: true` (objects came too), when the identifier reads as the
/// target's single identification attribute reads it.
extension TransformerHints {
    /// Tries the to-one relationships of one object of `entity` (its concrete entity).
    mutating func observeReferences(
        _ object: JSONValue, as entity: ResolvedEntity, in schema: ResolvedSchema, source: String?
    ) {
        for relationship in entity.relationships where !relationship.isToMany && !relationship.isReference {
            guard let target = schema.entity(named: relationship.target), let identity = target.singleIdentity,
                case let .builtin(type) = identity.type, identity.transformer == nil,
                let value = ([relationship.keyPath] + relationship.fallbackKeyPaths).lazy
                    .compactMap({ object.value(at: $0.components) }).first,
                value.kind != .null
            else { continue }
            let location = relationship.declaration.name.location
            let reference = Key(location: location, suggestion: .reference(expandable: false))
            if value.kind == .object {
                // The whole object, which a reference alone would refuse.
                refusals[reference, default: 0] += 1
                continue
            }
            let plain = ErasedTransformer(BuiltinConversion(type: type, transformer: .plain).instantiate())
            guard let made = plain.attempt(value) else { continue }
            let place = namesPayloads ? "\(source ?? "payload") at \(value.path)" : value.path
            for (rank, expandable) in [false, true].enumerated() {
                let key = Key(location: location, suggestion: .reference(expandable: expandable))
                record(key, rank: rank, relationship.name, (place, value), made, plain)
            }
        }
    }
}
