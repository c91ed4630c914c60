/// A feed as data: where a page's records are, how the next page is found, how diff actions read.
struct FeedPlan: Sendable {
    /// How a feed finds its next page.
    enum Pagination: Sendable {
        /// `?page=N` until the page count at a key path.
        case pageNumber(pageCount: [String], parameter: String, firstPage: String)
        /// The next page's URL at a key path.
        case nextURL([String])
    }

    /// How a diff feed's records name their action.
    struct Actions: Sendable {
        var typeKey: [String]
        var payloadKey: [String]
        var add: String
        var update: String
        var delete: String
    }

    /// The schema name of the feed.
    var name: String
    /// The Swift property name (escaped).
    var propertyName: String
    /// The entity's Swift type.
    var entityType: String
    var documentation: String?
    /// Key path of the records array, if not the root.
    var items: [String]?
    var pagination: Pagination?
    var actions: Actions?
    var deleteOrphans: Bool
}
