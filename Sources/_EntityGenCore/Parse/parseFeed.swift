import Yams

extension SchemaParser {
    /// Parses a feed: the list's key path, pagination and (for diff feeds) the action envelope.
    mutating func parseFeed(name: Located<String>, _ node: Node) -> FeedDeclaration? {
        var feed = FeedDeclaration(name: name, location: name.location)
        let what = "feed '\(name.value)'"
        guard let entries = reader.mapping(node, what) else { return nil }
        reader.checkKeys(entries, allowed: SchemaKeys.feed, in: what)
        for entry in entries {
            let value = entry.value
            switch SchemaKeys.Feed(rawValue: entry.key.value) {
            case .description: feed.description = reader.string(value, "description")
            case .entity: feed.entity = reader.string(value, "feed entity")
            case .items: feed.items = reader.keyPath(value, "items key of \(what)")
            case .pagination: feed.pagination = parsePagination(value, what)
            case .actions: feed.actions = parseActions(value, what)
            case .deleteOrphans: feed.deleteOrphans = reader.bool(value, "'deleteOrphans'")
            case .single: feed.single = parseSingle(value)
            case nil: break  // an unknown key: checkKeys reported it
            }
        }
        if feed.entity == nil, !entries.contains(where: { $0.key.value == "entity" }) {
            reader.diagnostics.emit(
                Rules.missingKey, "\(what) needs 'entity', the entity its items map to", at: name.location)
        }
        return feed
    }

    /// `single: true`, `false` or `either`.
    private mutating func parseSingle(_ node: Node) -> Located<SingleRecord>? {
        if case let .scalar(scalar) = node, scalar.style == .plain {
            if scalar.string == "either" { return reader.string(node, "'single'").map { $0.map { _ in .either } } }
            if case let .bool(flag) = ValueNode.interpretPlain(scalar.string) {
                return reader.bool(node, "'single'").map { $0.map { _ in flag ? .yes : .no } }
            }
        }
        guard let text = reader.string(node, "'single'") else { return nil }
        reader.diagnostics.emit(
            Rules.invalidValue, "'single' must be true, false or either, not '\(text.value)'", at: text.location)
        return nil
    }

    private mutating func parsePagination(_ node: Node, _ what: String) -> PaginationDeclaration? {
        let location = reader.location(of: node)
        guard let entries = reader.mapping(node, "pagination of \(what)") else { return nil }
        reader.checkKeys(entries, allowed: SchemaKeys.pagination, in: "pagination of \(what)")
        var pageCount: Located<JSONKeyPath>?
        var parameter: Located<String>?
        var firstPage: ValueNode?
        var nextURL: Located<JSONKeyPath>?
        var link: Located<String>?
        for entry in entries {
            switch SchemaKeys.Pagination(rawValue: entry.key.value) {
            case .pageCount: pageCount = reader.keyPath(entry.value, "page count key")
            case .pageParameter: parameter = reader.string(entry.value, "page parameter")
            case .firstPage: firstPage = reader.value(entry.value)
            case .nextURL: nextURL = reader.keyPath(entry.value, "next URL key")
            case .link: link = reader.string(entry.value, "Link header relation")
            case nil: break  // an unknown key: checkKeys reported it
            }
        }
        if entries.contains(where: { $0.key.value == "link" }) {
            guard entries.count == 1 else {
                reader.diagnostics.emit(
                    Rules.invalidFeed, "pagination of \(what) follows the Link header ('link'); it takes no other key",
                    at: location)
                return nil
            }
            guard let link else { return nil }
            guard !link.value.isEmpty, !link.value.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == ";" })
            else {
                reader.diagnostics.emit(
                    Rules.invalidFeed, "'link' names a relation type such as 'next', one word", at: link.location)
                return nil
            }
            return .linkHeader(relation: link, location: location)
        }
        let usesPageNumbers = entries.contains { ["pageCount", "pageParameter", "firstPage"].contains($0.key.value) }
        switch (nextURL, usesPageNumbers) {
        case (let nextURL?, false):
            return .nextURL(nextURL, location: location)
        case (nil, true):
            guard let pageCount else {
                reader.diagnostics.emit(
                    Rules.invalidFeed,
                    "page-number pagination of \(what) needs 'pageCount', the key of the number of pages", at: location)
                return nil
            }
            return .pageNumber(pageCount: pageCount, parameter: parameter, firstPage: firstPage, location: location)
        case (.some, true):
            reader.diagnostics.emit(
                Rules.invalidFeed, "pagination of \(what) mixes 'nextURL' with page numbers; use one style",
                at: location)
            return nil
        case (nil, false):
            if !entries.contains(where: { $0.key.value == "nextURL" }) {
                reader.diagnostics.emit(
                    Rules.invalidFeed, "pagination of \(what) needs 'nextURL', 'pageCount' or 'link'", at: location)
            }
            return nil
        }
    }

    private mutating func parseActions(_ node: Node, _ what: String) -> ActionsDeclaration? {
        var actions = ActionsDeclaration(location: reader.location(of: node))
        if case let .scalar(scalar) = node, scalar.style == .plain,
            case .bool(true) = ValueNode.interpretPlain(scalar.string)
        {
            return actions  // `actions: true`: every key at its default
        }
        guard let entries = reader.mapping(node, "actions of \(what)") else { return nil }
        reader.checkKeys(entries, allowed: SchemaKeys.actions, in: "actions of \(what)")
        for entry in entries {
            switch SchemaKeys.Actions(rawValue: entry.key.value) {
            case .typeKey: actions.typeKey = reader.keyPath(entry.value, "action type key")
            case .payloadKey: actions.payloadKey = reader.keyPath(entry.value, "action payload key")
            case .add: actions.add = reader.string(entry.value, "add action name")
            case .update: actions.update = reader.string(entry.value, "update action name")
            case .delete: actions.delete = reader.string(entry.value, "delete action name")
            case nil: break  // an unknown key: checkKeys reported it
            }
        }
        return actions
    }
}
