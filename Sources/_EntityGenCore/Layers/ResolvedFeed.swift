/// A feed after validation: its entity found, its defaults filled in and its page number read, once.
/// Translate builds the generated `Feed` from it and the interpreter behind `check --feed` reads its plan;
/// neither re-reads the schema's text.
public struct ResolvedFeed: Sendable {
    /// How the next page is found.
    public enum Pagination: Sendable, Equatable {
        /// `?parameter=N`, from `firstPage`, until the page count at a key path.
        case pageNumber(pageCount: [String], parameter: String, firstPage: Int)
        /// The next page's URL at a key path.
        case nextURL([String])
        /// The next page's URL in the `Link` header, with this relation.
        case linkHeader(relation: String)
    }

    /// How a diff feed's items name their action, defaults filled in.
    public struct Actions: Sendable, Equatable {
        /// Key path of each item's action type (default `type`).
        public var typeKey: [String]
        /// Key path of each item's payload (default `payload`).
        public var payloadKey: [String]
        /// The type meaning "add" (default `add`).
        public var add: String
        /// The type meaning "update" (default `update`).
        public var update: String
        /// The type meaning "delete" (default `delete`).
        public var delete: String
    }

    /// Whether the page (or the value at `items`) is an array of records, one record, or either.
    public enum Records: String, Sendable {
        /// An array of records (`single: false`, the default).
        case array
        /// One record (`single: true`).
        case object
        /// One record or an array of them (`single: either`).
        case arrayOrObject
    }

    /// The declaration (names, description and locations).
    public var declaration: FeedDeclaration
    /// The feed's schema name.
    public var name: String { declaration.name.value }
    /// The schema name of the entity it delivers.
    public var entity: String
    /// Key path of the records, or `nil` when they are the page itself.
    public var items: [String]?
    /// How the next page is found, or `nil` for one page.
    public var pagination: Pagination?
    /// The action envelope of a diff feed.
    public var actions: Actions?
    /// Whether a completed sync deletes the stored rows it did not see.
    public var deleteOrphans: Bool
    /// The shape of the records.
    public var records: Records

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
            Actions(
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
