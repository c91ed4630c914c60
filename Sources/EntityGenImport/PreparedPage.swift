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
        let layout = self.layout
        var (itemsValue, prepared) = try header(root: root, page: page)
        prepared.operations.reserveCapacity(layout.recordCount(itemsValue))
        try layout.forEachRecord(in: itemsValue) { element throws(ImportError) in
            try prepareItem(element, page: page, into: &prepared)
        }
        return prepared
    }

    /// Checks the page's shape and reads its pagination values (``FeedLayout/header(root:page:)``);
    /// returns the records (an array, or one record) and a page with no operations yet.
    package func header(
        root: JSONValue, page: String
    ) throws(ImportError) -> (items: JSONValue, page: PreparedPage<Entity>) {
        let header = try layout.header(root: root, page: page)
        var prepared = PreparedPage<Entity>()
        prepared.pageCount = header.pageCount
        prepared.nextURL = header.nextURL
        return (header.items, prepared)
    }

    /// Maps a page's records in chunks of `size` operations, as a large page's producer thread does:
    /// `send` gets each chunk, the last one (possibly empty) with `last` true, and returns false once
    /// the writer has given up, which stops the mapping.
    package func prepareChunks(
        root: JSONValue, page: String, size: Int, _ send: (PreparedPage<Entity>, _ last: Bool) -> Bool
    ) throws(ImportError) {
        var chunk = PreparedPage<Entity>()
        try layout.forEachRecord(in: header(root: root, page: page).items) { element throws(ImportError) in
            try prepareItem(element, page: page, into: &chunk)
            if chunk.operations.count >= size {
                guard send(chunk, false) else { throw ImportError.database("cancelled") }
                chunk = PreparedPage()
            }
        }
        guard send(chunk, true) else { throw ImportError.database("cancelled") }
    }

    /// Maps one item (or diff action) into `prepared`.
    package func prepareItem(
        _ element: JSONValue, page: String, into prepared: inout PreparedPage<Entity>
    ) throws(ImportError) {
        guard actions != nil else {
            if let entity = map(element, report: &prepared.report) { prepared.operations.append(.save(entity)) }
            return
        }
        switch try layout.action(element, page: page) {
        case let .ignored(skip):
            prepared.report.skipped.append(skip)
        case let .delete(payload):
            var context = MappingContext()
            do {
                prepared.operations.append(.delete(try Entity.rowKey(from: payload, context: &context)))
            } catch {
                prepared.report.skipped.append(.init(path: error.path, reason: error.message))
            }
        case let .save(payload):
            if let entity = map(payload, report: &prepared.report) { prepared.operations.append(.save(entity)) }
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
