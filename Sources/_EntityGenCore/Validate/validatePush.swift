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
    }
}
