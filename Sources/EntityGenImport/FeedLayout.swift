import EntityGenRuntime

/// The shape of a feed's pages, whatever its entity: where the records are, how the next page is
/// found, how diff actions read. ``Feed`` imports through it, and `entitygen check --feed` reads pages
/// through it too, so both find the same records and reject the same malformed pages.
public struct FeedLayout: Sendable, Hashable {
    /// What the page holds, or the value at ``items``.
    public enum Records: Sendable, Hashable {
        /// An array of records (a list endpoint).
        case array
        /// One record, an object (a detail endpoint).
        case object
        /// Either: an array of records, or one record (an API that unwraps one-element lists).
        case arrayOrObject
    }

    /// Key path of the records; `nil` when they are the whole page.
    public var items: [String]?
    /// Whether the records are an array, one object, or either.
    public var records: Records
    /// Pagination, if any.
    public var pagination: FeedPagination?
    /// Present for diff feeds.
    public var actions: FeedActions?

    /// Creates a layout.
    public init(
        items: [String]? = nil, records: Records = .array, pagination: FeedPagination? = nil,
        actions: FeedActions? = nil
    ) {
        self.items = items
        self.records = records
        self.pagination = pagination
        self.actions = actions
    }

    /// A page's records value and pagination values.
    public struct Header {
        /// The records: an array, or one record (an object).
        public var items: JSONValue
        /// The page count the page announces (page-number pagination).
        public var pageCount: Int?
        /// The next page's URL text (next-URL pagination), `nil` on the last page.
        public var nextURL: String?
    }

    /// Checks the page's shape and reads its pagination values.
    public func header(root: JSONValue, page: String) throws(ImportError) -> Header {
        let expected: String
        switch records {
        case .array: expected = "expected an array of items"
        case .object: expected = "expected the record, an object"
        case .arrayOrObject: expected = "expected an array of items or one record, an object"
        }
        let itemsValue: JSONValue
        if let items {
            guard root.kind == .object else {
                throw .malformedPage(
                    page: page, path: "$", message: "expected an object holding \(root.path(appending: items))")
            }
            guard let found = root.value(at: items), accepts(found) else {
                throw .malformedPage(page: page, path: root.path(appending: items), message: expected)
            }
            itemsValue = found
        } else {
            guard accepts(root) else { throw .malformedPage(page: page, path: "$", message: expected) }
            itemsValue = root
        }
        var header = Header(items: itemsValue)
        switch pagination {
        case let .pageNumber(pageCount, _, _)?:
            let path = root.path(appending: pageCount)
            guard let value = root.value(at: pageCount), let count = value.int64(), count >= 0,
                count <= Int64(Int32.max)
            else {
                throw .malformedPage(page: page, path: path, message: "expected the page count, a non-negative integer")
            }
            header.pageCount = Int(count)
        case let .nextURL(key)?:
            let path = root.path(appending: key)
            if let value = root.value(at: key), !value.isNull {
                guard let text = value.string() else {
                    throw .malformedPage(page: page, path: path, message: "expected the next page's URL or null")
                }
                header.nextURL = text
            }
        case .linkHeader?, nil: break
        }
        return header
    }

    private func accepts(_ value: JSONValue) -> Bool {
        switch records {
        case .array: return value.kind == .array
        case .object: return value.kind == .object
        case .arrayOrObject: return value.kind == .array || value.kind == .object
        }
    }

    /// The records in a header's ``Header/items``: the elements of an array, or the one object.
    public func forEachRecord(
        in items: JSONValue, _ body: (JSONValue) throws(ImportError) -> Void
    ) throws(ImportError) {
        if items.kind == .object {
            try body(items)
        } else {
            try items.forEachElement { _, element throws(ImportError) in try body(element) }
        }
    }

    /// How many records ``forEachRecord(in:_:)`` visits.
    public func recordCount(_ items: JSONValue) -> Int {
        items.kind == .object ? 1 : items.count
    }

    /// What one item of a diff feed asks for.
    public enum Action {
        /// Add or update the record in the payload.
        case save(JSONValue)
        /// Delete the row the payload's identity names.
        case delete(JSONValue)
        /// An action type the feed does not know: ignored, and reported so.
        case ignored(ImportReport.Skip)
    }

    /// Reads one item of a diff feed (``actions`` must be set).
    public func action(_ element: JSONValue, page: String) throws(ImportError) -> Action {
        let actions = self.actions ?? FeedActions()
        guard element.kind == .object else {
            throw .malformedPage(page: page, path: element.path, message: "expected an action object")
        }
        let typePath = element.path(appending: actions.typeKey)
        guard let type = element.value(at: actions.typeKey)?.string() else {
            throw .malformedPage(page: page, path: typePath, message: "expected the action type, a string")
        }
        guard type == actions.add || type == actions.update || type == actions.delete else {
            return .ignored(.init(path: typePath, reason: "unknown action type \"\(type)\" ignored"))
        }
        guard let payload = element.value(at: actions.payloadKey), payload.kind == .object else {
            throw .malformedPage(
                page: page, path: element.path(appending: actions.payloadKey),
                message: "expected the action's payload object")
        }
        return type == actions.delete ? .delete(payload) : .save(payload)
    }
}
