/// Builds ``FeedPlan``s from resolved feeds: the Swift names decided here, everything else already resolved.
enum FeedTranslator {
    /// The plan of a feed, or `nil` when its entity is missing (validation reported it).
    static func plan(_ feed: ResolvedFeed, in schema: ResolvedSchema) -> FeedPlan? {
        guard let entity = schema.entity(named: feed.entity) else { return nil }
        return FeedPlan(
            name: feed.name,
            propertyName: SwiftNaming.escaped(SwiftNaming.memberName(feed.name)),
            entityName: feed.entity,
            entityType: entity.swiftName,
            documentation: feed.declaration.description?.value,
            items: feed.items,
            pagination: feed.pagination,
            actions: feed.actions,
            deleteOrphans: feed.deleteOrphans,
            records: feed.records
        )
    }
}
