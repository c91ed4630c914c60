/// How a response (or a sequence of pages) delivers instances of an entity: generated from a schema's
/// `feeds:` section.
public struct Feed<Entity: FeedEntity>: Sendable {
    /// How further pages are found.
    public typealias Pagination = FeedPagination
    /// The envelope of an add/update/delete diff feed.
    public typealias Actions = FeedActions

    /// The feed's schema name.
    public var name: String
    /// Key path of the items array; `nil` when the whole page is the array.
    public var items: [String]?
    /// Whether the page, or the value at `items`, is an array of records, one record, or either.
    public var records: FeedLayout.Records
    /// Pagination, if any.
    public var pagination: Pagination?
    /// Present for diff feeds.
    public var actions: Actions?
    /// Delete stored rows not seen during a completed sync.
    public var deleteOrphans: Bool
    /// Whether a completed sync that delivered no row at all deletes every stored row as an orphan. Off
    /// by default: an empty answer (a server's bad day, a `page count: 0`) then deletes nothing, and the
    /// report says so; set it for a feed whose emptiness is real news.
    public var deletesOrphansWhenEmpty = false

    /// Creates a feed description.
    public init(
        name: String, items: [String]? = nil, records: FeedLayout.Records = .array, pagination: Pagination? = nil,
        actions: Actions? = nil, deleteOrphans: Bool = false
    ) {
        self.name = name
        self.items = items
        self.records = records
        self.pagination = pagination
        self.actions = actions
        self.deleteOrphans = deleteOrphans
    }

    /// The shape of the feed's pages.
    public var layout: FeedLayout {
        FeedLayout(items: items, records: records, pagination: pagination, actions: actions)
    }
}

/// How further pages are found.
public enum FeedPagination: Sendable, Hashable {
    /// `?parameter=N` for N from `firstPage` until the page count read at `pageCount` is reached (seed 004).
    case pageNumber(pageCount: [String], parameter: String, firstPage: Int)
    /// The URL at `nextURL` (absolute or relative to the page's URL) until it is null or absent (seed 000).
    case nextURL([String])
    /// The URL of the response's `Link` header with this relation (RFC 8288: `<...>; rel="next"`),
    /// absolute or relative to the page's URL, until a response has none.
    case linkHeader(relation: String)
}

/// The envelope of an add/update/delete diff feed (seed 000).
public struct FeedActions: Sendable, Hashable {
    /// Key path of each item's action type.
    public var typeKey: [String]
    /// Key path of each item's payload.
    public var payloadKey: [String]
    /// The type meaning "add".
    public var add: String
    /// The type meaning "update".
    public var update: String
    /// The type meaning "delete".
    public var delete: String

    /// Creates an envelope description; the defaults are `type`, `payload`, `add`, `update`, `delete`.
    public init(
        typeKey: [String] = ["type"], payloadKey: [String] = ["payload"], add: String = "add",
        update: String = "update", delete: String = "delete"
    ) {
        self.typeKey = typeKey
        self.payloadKey = payloadKey
        self.add = add
        self.update = update
        self.delete = delete
    }
}
