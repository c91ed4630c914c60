extension MappingContext {
    /// Maps `json` as `Entity` and records, beside the model, the keys it and the objects it embeds did
    /// not have: what an import keeps stored values for. `map(from:context:)` alone records nothing.
    public mutating func mapRecordingAbsentKeys<Entity: JSONMappable>(
        _ json: JSONValue, as type: Entity.Type
    ) throws(MappingError) -> (Entity, AbsentTree) {
        let outer = absentRecorder
        absentRecorder = AbsentRecorder()
        defer { absentRecorder = outer }
        let entity = try Entity.map(from: json, context: &self)
        // Moved, not copied: this code is generic, and a copy retains (and later releases) every
        // reference the entity holds (the end-to-end import profile counted it).
        return (consume entity, absentRecorder!.root)
    }

    /// Notes that the mapper reads relationship `slot` (the property's index) next: the objects it
    /// embeds are filed under it. Generated mappers call it; nothing happens unless absent keys are
    /// recorded.
    @inlinable public mutating func enterRelationship(_ slot: Int) {
        guard absentRecorder != nil else { return }
        absentRecorder!.slot = slot
        absentRecorder!.key = nil
    }

    /// Records the absent fields of the object being mapped (generated mappers call it last).
    @inlinable public mutating func recordAbsent(_ fields: AbsentFields) {
        guard absentRecorder != nil else { return }
        if absentRecorder!.frames.isEmpty {
            absentRecorder!.root.fields = fields
        } else {
            absentRecorder!.frames[absentRecorder!.frames.count - 1].tree.fields = fields
        }
    }

    /// Notes the key of the map element read next.
    @inlinable mutating func enterMapKey(_ key: String) {
        if absentRecorder != nil { absentRecorder!.key = key }
    }

    /// Maps an embedded object, filing its tree in its owner's when absent keys are recorded; an object
    /// that fails to map leaves nothing behind.
    @inlinable mutating func mapEmbedded<Entity: JSONMappable>(
        _ json: JSONValue, as type: Entity.Type
    ) throws(MappingError) -> Entity {
        guard absentRecorder != nil else { return try Entity.map(from: json, context: &self) }
        let (slot, key, depth) = (absentRecorder!.slot, absentRecorder!.key, absentRecorder!.frames.count)
        absentRecorder!.frames.append(.init(slot: slot, key: key))
        absentRecorder!.key = nil
        do {
            let entity = try Entity.map(from: json, context: &self)
            let frame = absentRecorder!.frames.removeLast()
            if depth == 0 {
                absentRecorder!.root.append(frame.tree, slot: frame.slot, key: frame.key)
            } else {
                absentRecorder!.frames[depth - 1].tree.append(frame.tree, slot: frame.slot, key: frame.key)
            }
            absentRecorder!.slot = slot
            absentRecorder!.key = nil
            return entity
        } catch {
            absentRecorder!.frames.removeSubrange(depth...)
            absentRecorder!.slot = slot
            absentRecorder!.key = nil
            throw error
        }
    }
}
