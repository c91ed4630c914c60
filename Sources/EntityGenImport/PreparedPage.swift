import EntityGenRuntime

/// A page mapped and checked, ready to be written in one transaction. Mapping needs no database, so
/// the next page can be mapped while this one is written.
public struct PreparedPage<Entity: FeedEntity>: Sendable {
    /// What to do, in feed order.
    public enum Operation: Sendable {
        /// Insert or update an instance (and what it embeds).
        case save(Entity)
        /// Delete the row a delete action names.
        case delete(Entity.StoredKey)
    }

    /// The operations.
    public var operations: [Operation] = []
    /// Skips and tolerated issues found while mapping.
    public var report = ImportReport()
    /// The page count the page announces (page-number pagination).
    public var pageCount: Int?
    /// The next page's URL text (next-URL pagination), `nil` on the last page.
    public var nextURL: String?

    /// Creates an empty page.
    public init() {}
}

extension Feed {
    /// Maps a page's bytes. A page that is not JSON, or not the feed's shape, throws and nothing of it
    /// is written; an item that fails to map is skipped and reported with its JSON path and reason.
    public func prepare(
        _ bytes: some Collection<UInt8>, page: String = "page"
    ) throws(ImportError) -> PreparedPage<Entity> {
        let document: JSONDocument
        do { document = try JSONDocument(bytes: bytes) } catch { throw .invalidJSON(page: page, error) }
        return try document.withRoot { root throws(ImportError) in try prepare(root: root, page: page) }
    }

    package func prepare(root: JSONValue, page: String) throws(ImportError) -> PreparedPage<Entity> {
        var (itemsValue, prepared) = try header(root: root, page: page)
        prepared.operations.reserveCapacity(itemCount(itemsValue))
        try forEachItem(in: itemsValue) { element throws(ImportError) in
            try prepareItem(element, page: page, into: &prepared)
        }
        return prepared
    }

    /// The records in what ``header(root:page:)`` returned: its elements, or itself for a single-record
    /// feed.
    package func forEachItem(
        in items: JSONValue, _ body: (JSONValue) throws(ImportError) -> Void
    ) throws(ImportError) {
        if single {
            try body(items)
        } else {
            try items.forEachElement { _, element throws(ImportError) in try body(element) }
        }
    }

    /// How many records ``forEachItem(in:_:)`` visits.
    package func itemCount(_ items: JSONValue) -> Int {
        single ? 1 : items.count
    }

    /// Checks the page's shape and reads its pagination values; returns the items array (the record,
    /// for a single-record feed) and a page with no operations yet.
    package func header(
        root: JSONValue, page: String
    ) throws(ImportError) -> (items: JSONValue, page: PreparedPage<Entity>) {
        var prepared = PreparedPage<Entity>()
        let expectedItems = single ? "expected the record, an object" : "expected an array of items"
        let itemsValue: JSONValue
        let itemsPath = root.path(appending: items ?? [])
        if let items {
            guard root.kind == .object else {
                throw .malformedPage(page: page, path: "$", message: "expected an object holding \(itemsPath)")
            }
            guard let found = root.value(at: items), found.kind == (single ? .object : .array) else {
                throw .malformedPage(page: page, path: itemsPath, message: expectedItems)
            }
            itemsValue = found
        } else {
            guard root.kind == (single ? .object : .array) else {
                throw .malformedPage(page: page, path: "$", message: expectedItems)
            }
            itemsValue = root
        }
        switch pagination {
        case let .pageNumber(pageCount, _, _)?:
            let path = root.path(appending: pageCount)
            guard let value = root.value(at: pageCount), let count = value.int64(), count >= 0,
                count <= Int64(Int32.max)
            else {
                throw .malformedPage(page: page, path: path, message: "expected the page count, a non-negative integer")
            }
            prepared.pageCount = Int(count)
        case let .nextURL(key)?:
            let path = root.path(appending: key)
            if let value = root.value(at: key), !value.isNull {
                guard let text = value.string() else {
                    throw .malformedPage(page: page, path: path, message: "expected the next page's URL or null")
                }
                prepared.nextURL = text
            }
        case .linkHeader?, nil: break
        }
        return (itemsValue, prepared)
    }

    /// Maps one item (or diff action) into `prepared`.
    package func prepareItem(
        _ element: JSONValue, page: String, into prepared: inout PreparedPage<Entity>
    ) throws(ImportError) {
        if let actions {
            try prepareAction(element, actions: actions, page: page, into: &prepared)
        } else if let entity = map(element, report: &prepared.report) {
            prepared.operations.append(.save(entity))
        }
    }

    private func prepareAction(
        _ element: JSONValue, actions: Actions, page: String, into prepared: inout PreparedPage<Entity>
    ) throws(ImportError) {
        guard element.kind == .object else {
            throw .malformedPage(page: page, path: element.path, message: "expected an action object")
        }
        let typePath = element.path(appending: actions.typeKey)
        guard let type = element.value(at: actions.typeKey)?.string() else {
            throw .malformedPage(page: page, path: typePath, message: "expected the action type, a string")
        }
        let payloadPath = element.path(appending: actions.payloadKey)
        guard type == actions.add || type == actions.update || type == actions.delete else {
            prepared.report.skipped.append(.init(path: typePath, reason: "unknown action type \"\(type)\" ignored"))
            return
        }
        guard let payload = element.value(at: actions.payloadKey), payload.kind == .object else {
            throw .malformedPage(page: page, path: payloadPath, message: "expected the action's payload object")
        }
        if type == actions.delete {
            var context = MappingContext()
            do {
                prepared.operations.append(.delete(try Entity.rowKey(from: payload, context: &context)))
            } catch {
                prepared.report.skipped.append(.init(path: error.path, reason: error.message))
            }
        } else if let entity = map(payload, report: &prepared.report) {
            prepared.operations.append(.save(entity))
        }
    }

    private func map(_ value: JSONValue, report: inout ImportReport) -> Entity? {
        var context = MappingContext()
        do {
            let entity = try Entity.map(from: value, context: &context)
            report.issues += context.issues
            return entity
        } catch {
            report.skipped.append(.init(path: error.path, reason: error.message))
            return nil
        }
    }
}
