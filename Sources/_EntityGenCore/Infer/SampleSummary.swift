import EntityGenRuntime

/// What ``SampleReader`` read: counts, the forms documents had, envelope keys and warnings.
public struct SampleSummary: Sendable {
    /// Nothing read (an OpenAPI document's report).
    public init() {}

    /// Files read.
    public var files = 0
    /// JSON documents (a JSON Lines file has one per line).
    public var documents = 0
    /// Records read.
    public var records = 0
    /// Records that were not objects (left out).
    public var nonObjectRecords = 0
    /// How documents held their records.
    var forms: Set<DocumentForm> = []
    /// Envelope members beside the records (`next`, `search_metadata`), which no entity reads.
    public var envelopeKeys: Set<String> = []
    /// Pagination the envelopes showed.
    var pagination: Set<Envelope.Pagination> = []
    /// Located warnings (skipped files, records that were not objects).
    public private(set) var warnings: [String] = []

    /// How one document held its records.
    enum DocumentForm: Hashable, Sendable {
        case single
        case array
        case envelope(String)
    }

    /// The envelope key holding the records, when every document had the same envelope.
    public var envelopeItemsKey: String? {
        guard forms.count == 1, case let .envelope(key)? = forms.first else { return nil }
        return key
    }

    mutating func warn(_ message: String) {
        if warnings.count < 100 { warnings.append(message) }
    }
}

/// A document whose records sit in one member beside metadata: `{"results": [...], "next": "..."}`.
struct Envelope {
    /// The member holding the records.
    var itemsKey: String
    /// The other members.
    var otherKeys: [String]
    /// Pagination a member shows.
    var pagination: Pagination?

    /// A member that pages: a next-page URL, or a page count.
    struct Pagination: Hashable, Sendable {
        /// `nextURL` or `pageCount`.
        var kind: String
        var key: String
    }

    static let nextURLKeys: Set<String> = ["next", "next_url", "nextUrl", "nextURL", "next_page_url", "nextPageUrl"]
    static let pageCountKeys: Set<String> = [
        "total_pages", "totalPages", "page_count", "pageCount", "number_of_pages", "numberOfPages", "pages",
    ]

    /// The envelope of an object whose one member is a non-empty array of objects, beside at most four
    /// others that are metadata (scalars, or objects of at most 12 scalars: `search_metadata`); `nil`
    /// for anything else (the object is then the record: a podspec with its `subspecs` has many more
    /// members).
    static func detect(_ root: JSONValue) -> Envelope? {
        var lists: [String] = []
        var others: [String] = []
        var pagination: Pagination?
        root.forEachMember { key, value in
            var objects = value.kind == .array && value.count > 0
            if objects { value.forEachElement { _, element in objects = objects && element.kind == .object } }
            if objects {
                lists.append(key)
                return
            }
            others.append(key)
            if nextURLKeys.contains(key), value.kind == .string || value.kind == .null {
                pagination = Pagination(kind: "nextURL", key: key)
            } else if pageCountKeys.contains(key), value.isIntegerLiteral {
                pagination = Pagination(kind: "pageCount", key: key)
            }
        }
        guard lists.count == 1, others.count <= 4, others.allSatisfy({ root[$0].map(isMetadata) ?? false }) else {
            return nil
        }
        return Envelope(itemsKey: lists[0], otherKeys: others, pagination: pagination)
    }

    /// A scalar, or a small object of scalars.
    private static func isMetadata(_ value: JSONValue) -> Bool {
        switch value.kind {
        case .null, .false, .true, .number, .string: return true
        case .array: return false
        case .object:
            var scalars = value.count <= 12
            value.forEachMember { _, member in scalars = scalars && member.kind != .object && member.kind != .array }
            return scalars
        }
    }
}
