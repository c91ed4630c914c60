extension SchemaValidator {
    /// Checks a feed: known entity with identity, coherent pagination and actions.
    mutating func validateFeed(_ feed: FeedDeclaration) {
        let what = "feed '\(feed.name.value)'"
        if let entityName = feed.entity {
            if let entity = resolvedEntities[entityName.value] {
                if entity.identifiedBy.isEmpty {
                    emit(
                        Rules.invalidFeed,
                        "\(what) imports '\(entityName.value)', which needs identifiedBy so re-imports update instead of duplicating",
                        at: entityName.location)
                }
            } else if entities[entityName.value] == nil {
                emit(
                    Rules.unknownEntity,
                    "\(what) delivers '\(entityName.value)', which is not a declared entity\(Suggestions.didYouMean(entityName.value, in: entities.keys.sorted()))",
                    at: entityName.location)
            }
        }
        if case let .pageNumber(_, _, firstPage, _)? = feed.pagination, let firstPage {
            if let value = Self.wholeNumber(firstPage) {
                if value > Int128(Int.max) {
                    emit(
                        Rules.invalidFeed,
                        "firstPage of \(what) is \(firstPage.textOrIntegerText ?? "\(value)"), past the largest page number \(Int.max)",
                        at: firstPage.location)
                }
            } else {
                emit(
                    Rules.invalidFeed,
                    "firstPage of \(what) must be a whole number of at least 0, not \(firstPage.kindDescription)",
                    at: firstPage.location)
            }
        }
        if let single = feed.single, single.value != .no {
            for (present, key, reason) in [
                (feed.pagination != nil, "pagination", "one record has no next page"),
                (feed.actions != nil, "actions", "a diff feed's page is a list of actions"),
                (
                    feed.deleteOrphans?.value == true, "deleteOrphans",
                    "a sync of one record would delete every other row"
                ),
            ] where present {
                emit(
                    Rules.invalidFeed,
                    "\(what) may be a single record ('single: \(single.value.rawValue)'): '\(key)' does not apply (\(reason))",
                    at: single.location)
            }
        }
        if let actions = feed.actions {
            var names: [String: String] = [:]
            for (action, value) in [("add", actions.add), ("update", actions.update), ("delete", actions.delete)] {
                let text = value?.value ?? action
                if let first = names[text] {
                    emit(
                        Rules.invalidFeed,
                        "actions '\(first)' and '\(action)' of \(what) both use the type value '\(text)'",
                        at: value?.location ?? actions.location)
                } else {
                    names[text] = action
                }
            }
            if let orphans = feed.deleteOrphans, orphans.value {
                emit(
                    Rules.invalidFeed,
                    "\(what) is a diff feed, which deletes through 'delete' actions; deleteOrphans would delete what the feed did not mention",
                    at: orphans.location)
            }
        }
    }
}
