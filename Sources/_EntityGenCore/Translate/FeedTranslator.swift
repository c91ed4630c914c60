/// Builds ``FeedPlan``s from feed declarations, defaults filled in.
enum FeedTranslator {
    /// The plan of a feed, or `nil` when its entity is missing (validation reported it).
    static func plan(_ feed: FeedDeclaration, in schema: ResolvedSchema) -> FeedPlan? {
        guard let entityName = feed.entity?.value, let entity = schema.entity(named: entityName) else { return nil }
        var pagination: FeedPlan.Pagination?
        switch feed.pagination {
        case let .pageNumber(pageCount, parameter, firstPage, _)?:
            pagination = .pageNumber(
                pageCount: pageCount.value.components, parameter: parameter?.value ?? "page",
                firstPage: firstPage.flatMap(SchemaValidator.wholeNumber).flatMap { Int(exactly: $0) } ?? 1)
        case let .nextURL(path, _)?:
            pagination = .nextURL(path.value.components)
        case let .linkHeader(relation, _)?:
            pagination = .linkHeader(relation: relation.value)
        case nil:
            break
        }
        let actions = feed.actions.map { actions in
            FeedPlan.Actions(
                typeKey: actions.typeKey?.value.components ?? ["type"],
                payloadKey: actions.payloadKey?.value.components ?? ["payload"],
                add: actions.add?.value ?? "add", update: actions.update?.value ?? "update",
                delete: actions.delete?.value ?? "delete"
            )
        }
        return FeedPlan(
            name: feed.name.value,
            propertyName: SwiftNaming.escaped(SwiftNaming.memberName(feed.name.value)),
            entityType: entity.swiftName,
            documentation: feed.description?.value,
            items: feed.items?.value.components,
            pagination: pagination,
            actions: actions,
            deleteOrphans: feed.deleteOrphans?.value == true,
            records: feed.single?.value.records ?? .array
        )
    }
}
