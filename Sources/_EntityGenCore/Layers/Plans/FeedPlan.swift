/// A feed as data: where a page's records are, how the next page is found, how diff actions read.
struct FeedPlan: Sendable {
    /// How a feed finds its next page.
    enum Pagination: Sendable {
        /// `?page=N` until the page count at a key path.
        case pageNumber(pageCount: [String], parameter: String, firstPage: Int)
        /// The next page's URL at a key path.
        case nextURL([String])
        /// The next page's URL in the `Link` header, with this relation.
        case linkHeader(relation: String)
    }

    /// How a diff feed's records name their action.
    struct Actions: Sendable {
        /// Key path of each item's action type.
        var typeKey: [String]
        /// Key path of each item's payload.
        var payloadKey: [String]
        /// The type meaning "add".
        var add: String
        /// The type meaning "update".
        var update: String
        /// The type meaning "delete".
        var delete: String
    }

    /// The schema name of the feed.
    var name: String
    /// The Swift property name (escaped).
    var propertyName: String
    /// The entity's Swift type.
    var entityType: String
    /// Doc comment text.
    var documentation: String?
    /// Key path of the records array, if not the root.
    var items: [String]?
    /// How the next page is found, if the feed pages.
    var pagination: Pagination?
    /// The action envelope of a diff feed.
    var actions: Actions?
    /// Whether a completed sync deletes stored rows it did not see.
    var deleteOrphans: Bool
    /// Whether the page (or the value at `items`) is an array of records, one record, or either.
    var records: FeedRecords
}
