import EntityGenImport

/// A feed after validation: its entity found, its defaults filled in and its page number read, once, in
/// the import runtime's own terms (``FeedPagination``, ``FeedActions``, `FeedLayout.Records`). Translate
/// builds the generated `Feed` from it and the interpreter behind `check --feed` reads its plan; neither
/// re-reads the schema's text.
public struct ResolvedFeed: Sendable {
    /// The declaration (names, description and locations).
    public var declaration: FeedDeclaration
    /// The feed's schema name.
    public var name: String { declaration.name.value }
    /// The schema name of the entity it delivers.
    public var entity: String
    /// Key path of the records, or `nil` when they are the page itself.
    public var items: [String]?
    /// How the next page is found, or `nil` for one page.
    public var pagination: FeedPagination?
    /// The action envelope of a diff feed.
    public var actions: FeedActions?
    /// Whether a completed sync deletes the stored rows it did not see.
    public var deleteOrphans: Bool
    /// The shape of the records.
    public var records: FeedLayout.Records

    /// Resolves a validated declaration whose entity exists; `nil` when it names none (validation reported it).
    init?(_ declaration: FeedDeclaration) {
        guard let entity = declaration.entity?.value else { return nil }
        self.declaration = declaration
        self.entity = entity
        items = declaration.items?.value.components
        switch declaration.pagination {
        case let .pageNumber(pageCount, parameter, firstPage, _)?:
            pagination = .pageNumber(
                pageCount: pageCount.value.components, parameter: parameter?.value ?? "page",
                firstPage: firstPage.flatMap(SchemaValidator.wholeNumber).flatMap { Int(exactly: $0) } ?? 1)
        case let .nextURL(path, _)?:
            pagination = .nextURL(path.value.components)
        case let .linkHeader(relation, _)?:
            pagination = .linkHeader(relation: relation.value)
        case nil:
            pagination = nil
        }
        actions = declaration.actions.map { actions in
            FeedActions(
                typeKey: actions.typeKey?.value.components ?? ["type"],
                payloadKey: actions.payloadKey?.value.components ?? ["payload"],
                add: actions.add?.value ?? "add", update: actions.update?.value ?? "update",
                delete: actions.delete?.value ?? "delete")
        }
        deleteOrphans = declaration.deleteOrphans?.value == true
        switch declaration.single?.value ?? .no {
        case .no: records = .array
        case .yes: records = .object
        case .either: records = .arrayOrObject
        }
    }
}
