/// What `entitygen infer` decided, as data: the entities, enums and feed of one schema file, each
/// decision with the reason a comment gives in the file. ``InferredSchemaPrinter`` only prints it.
public struct InferredSchema: Sendable {
    /// The schema file's name (`Status.yaml`).
    public var fileName: String
    /// The file's lines of introduction (what was read).
    public var header: [String]
    /// A file-wide key convention, when every key follows it.
    public var keyConvention: KeyConvention?
    /// Why the convention was chosen.
    public var keyConventionReason: String?
    /// Entities, the record entity first, then in the order they were met.
    public var entities: [Entity]
    /// Enums, in the order they were met.
    public var enums: [Enumeration]
    /// The feed that imports the records (none when they have no identity).
    public var feed: Feed?
    /// Further feeds (an OpenAPI document's other list endpoints).
    public var moreFeeds: [Feed] = []
    /// Why there is no feed.
    public var feedNote: String?
    /// Feeds found for entities with no identity yet (an OpenAPI document that does not require `id`):
    /// not written until ``settleFeeds()`` finds their entity identified, as samples may identify it.
    public var feedsAwaitingIdentity: [Feed] = []

    /// An entity.
    public struct Entity: Sendable {
        /// Schema name (a type name).
        public var name: String
        /// The entity's doc comment (an OpenAPI schema's `description`).
        public var description: String?
        /// Where it was met (`$.statuses[].user`), for the comment above it.
        public var paths: [String]
        /// Objects read.
        public var objects: Int
        /// Identification attributes (schema names); empty when nothing identifies.
        public var identifiedBy: [String]
        /// Why (or why nothing).
        public var identityReason: String
        /// `onAbsent: clear`, with the reason.
        public var clearsAbsent: String?
        /// `writeNulls: true` for every optional member, with the reason.
        public var writesNulls: String?
        /// Keys no member can read (an empty key): said in a comment and the report.
        public var skippedKeys: [String] = []
        /// Attributes, in the order the keys were first met.
        public var attributes: [Member]
        /// Relationships, in the order the keys were first met.
        public var relationships: [Member]
        /// A family's root (`abstract: true`).
        public var isAbstract = false
        /// A family root's discriminator key.
        public var discriminator: String?
        /// Why the records are a family.
        public var familyReason: String?
        /// The family a member belongs to (`extends:`).
        public var extends: String?
        /// The value that selects a family member.
        public var discriminatorValue: String?
    }

    /// An attribute or relationship.
    public struct Member: Sendable {
        /// Schema name.
        public var name: String
        /// The member's doc comment (an OpenAPI property's `description`).
        public var description: String?
        /// The type as written (`Int64?`, `'[String]'`, `{String: Event}`).
        public var type: String
        /// The JSON key when the convention does not give it.
        public var key: String?
        /// A key path into nested objects (`license.url`), written instead of ``key``: a member
        /// `infer --update` adds beside one that reads into the same object.
        public var keyPath: [String]?
        /// A built-in transformer's name.
        public var transformer: String?
        /// A date pattern.
        public var dateFormat: String?
        /// Whether it is a relationship (`to:` in the mapping form).
        public var isRelationship = false
        /// `writeNulls: true` on this member alone.
        public var writesNull = false
        /// The JSON key, as sent.
        public var jsonKey = ""
        /// Whether the samples both sent `null` and left the key out: written back one way for both, the
        /// one place an inferred schema does not give back what it read (said in its comment).
        public var nullOrAbsent = false
        /// Why the type, when it was a guess.
        public var reason: String?
        /// A relationship holding the target's identifier (`reference: true`).
        public var isReference = false
        /// A reference the API may send as the whole object (`expandable: true`).
        public var isExpandable = false
        /// A reference's identifier type, as sent (`Int64`, `String`).
        public var identifierType: String?
        /// A reference by foreign id: the attribute's name before it became one (`ownerId`).
        public var attributeName: String?
    }

    /// An enum of the strings one member had.
    public struct Enumeration: Sendable {
        /// Schema name (a type name).
        public var name: String
        /// Raw values, in first-seen order.
        public var cases: [String]
        /// The fallback case that keeps values the samples did not have.
        public var fallback: String
        /// Why it is an enum.
        public var reason: String
    }

    /// The feed of the records.
    public struct Feed: Sendable {
        /// Where it was found (an OpenAPI document's path to the operation), for warnings.
        public var location: String?
        /// Feed name.
        public var name: String
        /// The entity it imports.
        public var entity: String
        /// The key path of the records in a page (the envelope key, or `--records`' path), as keys.
        public var items: [String]?
        /// `single: true` (one record per page) or `either`.
        public var single: String?
        /// `pagination: {nextURL: key}`, `{pageCount: key}` or `{link: next}`.
        public var pagination: (kind: String, key: String)?
        /// The query parameter a page-count feed names pages with, when not `page` (`pageParameter:`).
        public var pageParameter: String?
        /// Where the records come from.
        public var reason: String
    }
}

extension InferredSchema {
    /// A schema file's plan.
    public init(
        fileName: String, header: [String], keyConvention: KeyConvention?, keyConventionReason: String?,
        entities: [Entity], enums: [Enumeration], feeds: [Feed], feedNote: String? = nil,
        feedsAwaitingIdentity: [Feed] = []
    ) {
        self.init(
            fileName: fileName, header: header, keyConvention: keyConvention,
            keyConventionReason: keyConventionReason, entities: entities, enums: enums, feed: feeds.first,
            feedNote: feedNote)
        self.moreFeeds = Array(feeds.dropFirst())
        self.feedsAwaitingIdentity = feedsAwaitingIdentity
    }

    /// Makes feeds of the awaiting ones whose entity is now identified (in the order they were found);
    /// the others are dropped, each with a located warning, since a feed updates rows by identity.
    public mutating func settleFeeds() -> [String] {
        var warnings: [String] = []
        for feed in feedsAwaitingIdentity {
            if let entity = entities.first(where: { $0.name == feed.entity }), !entity.identifiedBy.isEmpty {
                if self.feed == nil { self.feed = feed } else { moreFeeds.append(feed) }
            } else {
                warnings.append(
                    "\(feed.location ?? feed.name): lists '\(feed.entity)', which has no identity: no feed (a feed updates rows by identity)"
                )
            }
        }
        feedsAwaitingIdentity = []
        return warnings
    }
}

extension InferredSchema.Entity {
    /// An entity with no members yet.
    public init(name: String, paths: [String], objects: Int, identifiedBy: [String], identityReason: String) {
        self.init(
            name: name, paths: paths, objects: objects, identifiedBy: identifiedBy, identityReason: identityReason,
            clearsAbsent: nil, writesNulls: nil, attributes: [], relationships: [])
    }
}

extension InferredSchema.Member {
    /// A member.
    public init(name: String, type: String, key: String?, isRelationship: Bool, reason: String?) {
        self.init(
            name: name, type: type, key: key, transformer: nil, dateFormat: nil, isRelationship: isRelationship,
            reason: reason)
    }
}

extension InferredSchema.Enumeration {
    /// Whether raw values can be an enum's cases as written (`cases: [open, closed]`): lower-case words
    /// of letters, digits and `_`, none a reserved member name, no two giving one case name.
    public static func canBeCases(_ values: [String]) -> Bool {
        var names = Set<String>()
        for value in values {
            let bytes = Array(value.utf8)
            guard let first = bytes.first, first >= 0x61, first <= 0x7A,
                bytes.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }),
                !MemberNamer.reserved(value), names.insert(SwiftNaming.memberName(value)).inserted
            else { return false }
        }
        return !values.isEmpty
    }

    /// The fallback case's name: `unknown`, or the first of `other`, `unrecognized`, `unknown2`, ... no
    /// case of `values` takes.
    public static func fallbackName(besides values: [String]) -> String {
        let names = Set(values.map(SwiftNaming.memberName))
        let candidates = ["unknown", "other", "unrecognized"]
        if let free = candidates.first(where: { !names.contains($0) }) { return free }
        var number = 2
        while names.contains("unknown\(number)") { number += 1 }
        return "unknown\(number)"
    }

    /// An enum.
    public init(name: String, cases: [String], fallback: String, reason: String, description: String? = nil) {
        self.name = name
        self.cases = cases
        self.fallback = fallback
        self.reason = reason
    }
}

extension InferredSchema.Feed {
    /// A feed.
    public init(
        name: String, entity: String, items: [String]?, pagination: (kind: String, key: String)?, reason: String
    ) {
        self.init(name: name, entity: entity, items: items, single: nil, pagination: pagination, reason: reason)
    }
}
