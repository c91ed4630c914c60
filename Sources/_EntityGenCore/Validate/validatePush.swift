extension SchemaValidator {
    /// Checks an entity's `push:`: the entity is identified, concrete and outside a family, and every path
    /// placeholder names one of its identification attributes. (Without persistence on SQLite, `push:`
    /// generates nothing: a schema shared with a target that stores nothing stays valid.)
    mutating func validatePush(of name: String) {
        guard let entity = resolvedEntities[name], let push = entity.declaration.push else { return }
        let what = "'push' of '\(name)'"
        if entity.identifiedBy.isEmpty {
            emit(
                Rules.invalidPush,
                "\(what) needs identifiedBy: an edit is sent for one row, named by its identification attributes",
                at: push.location)
            return
        }
        if entity.isAbstract || entity.parent != nil || !entity.children.isEmpty {
            emit(
                Rules.invalidPush, "\(what): a polymorphic family's edits cannot be pushed yet", at: push.location)
            return
        }
        for (operation, route) in push.routes {
            for placeholder in route.placeholders where !entity.identifiedBy.contains(placeholder) {
                let identity = entity.identifiedBy.joined(separator: ", ")
                emit(
                    Rules.invalidPush,
                    "'{\(placeholder)}' in the \(operation.rawValue) route of '\(name)' names no identification attribute (\(identity))\(Suggestions.didYouMean(placeholder, in: entity.identifiedBy))",
                    at: route.location)
            }
            if operation != .create, route.placeholders.isEmpty {
                emit(
                    Rules.invalidPush,
                    "the \(operation.rawValue) route of '\(name)' must name the row: put its identification attributes in the path, such as '/\(name.lowercased())s/{\(entity.identifiedBy[0])}'",
                    at: route.location)
            }
        }
        validateConflictPolicy(push, of: entity)
    }

    /// Checks `conflicts:` and `timestamp:`: `lastWriterWins` needs a `Date` attribute to compare the
    /// device's edit times with, and only it takes one.
    private mutating func validateConflictPolicy(_ push: PushDeclaration, of entity: ResolvedEntity) {
        let name = entity.name
        switch push.conflicts?.value ?? .serverWins {
        case .lastWriterWins:
            guard let timestamp = push.timestamp else {
                emit(
                    Rules.invalidPush,
                    "'conflicts: lastWriterWins' of '\(name)' needs 'timestamp:', the Date attribute that says when the server last changed a row",
                    at: push.conflicts?.location ?? push.location)
                return
            }
            guard let attribute = entity.attributes.first(where: { $0.name == timestamp.value }) else {
                let names = entity.attributes.map(\.name)
                emit(
                    Rules.invalidPush,
                    "the timestamp '\(timestamp.value)' of '\(name)' names no attribute\(Suggestions.didYouMean(timestamp.value, in: names))",
                    at: timestamp.location)
                return
            }
            if attribute.type != .builtin(.date) {
                emit(
                    Rules.invalidPush,
                    "the timestamp '\(timestamp.value)' of '\(name)' must be a Date attribute: lastWriterWins compares it with when the device changed a field",
                    at: timestamp.location)
            }
        case .serverWins, .clientWins:
            if let timestamp = push.timestamp {
                emit(
                    Rules.invalidPush,
                    "'timestamp' of '\(name)' only applies with 'conflicts: lastWriterWins'",
                    at: timestamp.location)
            }
        }
    }
}
