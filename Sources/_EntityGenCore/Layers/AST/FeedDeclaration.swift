/// A feed: how a response (or a sequence of pages) delivers instances of an entity for import.
public struct FeedDeclaration: Hashable, Sendable {
    /// The feed's name.
    public var name: Located<String>
    /// Doc comment text.
    public var description: Located<String>?
    /// The entity the feed delivers (for a diff feed, the family root the payloads belong to).
    public var entity: Located<String>?
    /// Key path of the array of items; `nil` when the top-level value is the array.
    public var items: Located<JSONKeyPath>?
    /// How further pages are found.
    public var pagination: PaginationDeclaration?
    /// Present for add/update/delete diff feeds.
    public var actions: ActionsDeclaration?
    /// Delete stored instances not seen in a completed sync.
    public var deleteOrphans: Located<Bool>?
    /// `single: true`: the page, or the value at `items`, is one record (a detail endpoint), not an array
    /// of them; `single: either`: one record or an array of them.
    public var single: Located<SingleRecord>?
    /// Where the declaration starts.
    public var location: SourceLocation
}

/// Pagination: page number + page count (seed 004), a next-page URL in the body (seed 000), or the
/// response's `Link` header (RFC 8288, as GitHub and many REST APIs page).
public enum PaginationDeclaration: Hashable, Sendable {
    /// `?page=N` requests until `pageCount` pages were read.
    case pageNumber(
        pageCount: Located<JSONKeyPath>, parameter: Located<String>?, firstPage: ValueNode?, location: SourceLocation)
    /// Follow the URL at `nextURL` until it is null or absent.
    case nextURL(Located<JSONKeyPath>, location: SourceLocation)
    /// Follow the `Link` header's URL whose relation is `relation` (`next`) until there is none.
    case linkHeader(relation: Located<String>, location: SourceLocation)

    /// Where the declaration starts.
    public var location: SourceLocation {
        switch self {
        case let .pageNumber(_, _, _, location), let .nextURL(_, location), let .linkHeader(_, location):
            return location
        }
    }
}

/// The action envelope of a diff feed: each item has a type (add, update, delete) and a payload whose
/// discriminator selects the entity.
public struct ActionsDeclaration: Hashable, Sendable {
    /// Key of the action type in each item (default `type`).
    public var typeKey: Located<JSONKeyPath>?
    /// Key of the payload in each item (default `payload`).
    public var payloadKey: Located<JSONKeyPath>?
    /// The type value meaning "add" (default `add`).
    public var add: Located<String>?
    /// The type value meaning "update" (default `update`).
    public var update: Located<String>?
    /// The type value meaning "delete" (default `delete`).
    public var delete: Located<String>?
    /// Where the declaration starts.
    public var location: SourceLocation
}

/// What a feed's `single:` says about its records.
public enum SingleRecord: String, Hashable, Sendable {
    /// `false`: an array of records.
    case no = "false"
    /// `true`: one record, an object.
    case yes = "true"
    /// `either`: an array of records, or one record.
    case either
}
