import EntityGenImport

/// A feed as data: where a page's records are, how the next page is found, how diff actions read.
struct FeedPlan: Sendable {
    /// How a feed finds its next page (as resolved, in the runtime's terms).
    typealias Pagination = FeedPagination
    /// How a diff feed's records name their action (as resolved, in the runtime's terms).
    typealias Actions = FeedActions

    /// The schema name of the feed.
    var name: String
    /// The Swift property name (escaped).
    var propertyName: String
    /// The schema name of the entity it delivers.
    var entityName: String
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
    var records: FeedLayout.Records
}
