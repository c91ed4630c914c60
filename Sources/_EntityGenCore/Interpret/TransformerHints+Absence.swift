import EntityGenRuntime

/// A required member that objects send as `null` or leave out: what `entitygen check` notes as
/// `optional: true`, counting every object the schema refuses for it, where the mapping error names only
/// the first (mappers stop at a required value they do not find).
extension TransformerHints {
    /// Notes the required members of one object of `entity` (its concrete entity) that have no value in
    /// it: attributes without a default, and to-one relationships.
    mutating func observeAbsence(_ object: JSONValue, as entity: ResolvedEntity, source: String?) {
        // An error response (the entity's error envelope key is there) lacks the members by design.
        if let envelope = entity.declaration.errorEnvelope, object.value(at: envelope.key.value.components) != nil {
            return
        }
        let attributes = entity.attributes.lazy.filter { !$0.isOptional && $0.defaultValue == nil }.map {
            ($0.name, $0.declaration.name.location, [$0.keyPath] + $0.fallbackKeyPaths)
        }
        let relationships = entity.relationships.lazy.filter { !$0.isOptional && !$0.isToMany }.map {
            ($0.name, $0.declaration.name.location, [$0.keyPath] + $0.fallbackKeyPaths)
        }
        for (name, location, paths) in [Array(attributes), Array(relationships)].joined() {
            // As the mappers find a value: the first key path present and not null.
            let hasValue = paths.contains { object.value(at: $0.components).map { !$0.isNull } ?? false }
            var seen = sent[location] ?? (paths[0].description, false)
            seen.any = seen.any || hasValue
            sent[location] = seen
            guard !hasValue else { continue }
            let namesPayloads = namesPayloads
            // Ranked after what would read the values the objects do send.
            count(Key(location: location, suggestion: .optional), rank: Int.max, name) {
                let primary = paths[0].components
                let path = object.path(appending: primary)
                let place = namesPayloads ? "\(source ?? "payload") at \(path)" : path
                return (place, object.value(at: primary) == nil ? "absent" : "null", "null")
            }
        }
    }
}
