import EntityGenRuntime

/// What an import did: per entity, rows inserted, updated, unchanged and deleted; every item skipped
/// with its JSON path and reason; the mapping issues the schema tolerated.
public struct ImportReport: Hashable, Sendable, CustomStringConvertible {
    /// Row counts of one entity.
    public struct Counts: Hashable, Sendable {
        /// New rows.
        public var inserted = 0
        /// Rows whose values changed.
        public var updated = 0
        /// Rows present with the same values (not written).
        public var unchanged = 0
        /// Rows deleted by delete actions or orphan deletion (not counting cascades).
        public var deleted = 0

        /// Creates counts.
        public init(inserted: Int = 0, updated: Int = 0, unchanged: Int = 0, deleted: Int = 0) {
            self.inserted = inserted
            self.updated = updated
            self.unchanged = unchanged
            self.deleted = deleted
        }

        /// The sum, field by field.
        public static func + (lhs: Counts, rhs: Counts) -> Counts {
            Counts(
                inserted: lhs.inserted + rhs.inserted, updated: lhs.updated + rhs.updated,
                unchanged: lhs.unchanged + rhs.unchanged, deleted: lhs.deleted + rhs.deleted)
        }
    }

    /// An item (or action) left out, or, in an item that was imported, a link or reference left out;
    /// and why.
    public struct Skip: Hashable, Sendable, CustomStringConvertible {
        /// What was left out.
        public enum Kind: Hashable, Sendable {
            /// The item or action: nothing of it was imported.
            case item
            /// One link of a to-many `reference:` relationship; its owner was imported.
            case link
            /// A to-one `reference:`, left unset; its row was imported.
            case reference
        }

        /// Where: a JSON path (`$.result[3].version`, prefixed by the page for a page of a sync), or
        /// the entity and identity of a row whose reference had no target.
        public var path: String
        /// Why.
        public var reason: String
        /// The schema declaration that decided it (`Pods.yaml:40:7`), when one did.
        public var schemaLocation: String?
        /// What was left out.
        public var kind: Kind

        /// Creates a skip.
        public init(path: String, reason: String, schemaLocation: String? = nil, kind: Kind = .item) {
            self.path = path
            self.reason = reason
            self.schemaLocation = schemaLocation
            self.kind = kind
        }

        /// `path: reason (schema: file:line:column)`
        public var description: String {
            "\(path): \(reason)" + (schemaLocation.map { $0.isEmpty ? "" : " (schema: \($0))" } ?? "")
        }

        /// How a report line names it: `skipped` (the item), `dropped link` or `unset reference` (in an
        /// item that was imported).
        public var verb: String {
            switch kind {
            case .item: "skipped"
            case .link: "dropped link"
            case .reference: "unset reference"
            }
        }

        /// What a sync reports when it delivered no row and so deleted no orphan (its feed's
        /// `deletesOrphansWhenEmpty` is off).
        public static let emptySyncKeptRows = Skip(
            path: "orphan deletion",
            reason:
                "the sync delivered no row, so nothing was deleted; set the feed's deletesOrphansWhenEmpty if an empty answer means every row is gone"
        )

        /// The skip a backend reports when a link of a to-many `reference:` relationship names no row of
        /// its target table once the page is written, and `onMissingTarget: drop` dropped it: `owner` and
        /// `target` describe the owner's key and the named identifier (`"s1"`).
        public static func droppedLink(
            entity: String, owner: String, relationship: String, targetTable: String, target: String
        ) -> Skip {
            Skip(
                path: "\(entity) \(owner)",
                reason:
                    "\(relationship): no \(targetTable) row has the identifier \(target); the link was dropped",
                kind: .link)
        }

        /// The skip a backend reports when a `reference:` relationship's key names no row of its target
        /// table once the page is written, and `onMissingTarget: drop` unset it: `row` describes the
        /// owner's identity (`serverId=w1`), `target` the key it named (`42`), when known.
        public static func unsetReference(
            entity: String, row: String, relationship: String, targetTable: String, target: String? = nil
        ) -> Skip {
            let named = target.map { "the identifier \($0)" } ?? "this identifier"
            return Skip(
                path: "\(entity) \(row)",
                reason: "\(relationship): no \(targetTable) row has \(named); the reference was left unset",
                kind: .reference)
        }
    }

    /// Counts per entity schema name.
    public var entities: [String: Counts] = [:]
    /// Per entity schema name, the identities of the rows inserted, updated and deleted, when the importer
    /// was asked for them (`reportsChanges: true`); empty otherwise.
    public var changes: [String: ChangeSet] = [:]
    /// Local edits the import overrode (`serverWins`): rows that still had an edit waiting to be pushed
    /// when the server's version was written. Filled by the SQLite importer for entities with `push:`.
    public var conflicts: [EditConflict] = []
    /// Skipped items, in input order.
    public var skipped: [Skip] = []
    /// Problems the schema's failure policies tolerated (values dropped, defaults used, elements skipped).
    public var issues: [MappingIssue] = []
    /// Pages (or streamed batches) committed.
    public var pages = 0
    /// Transactions the server aborted (a serialization failure or a deadlock, PostgreSQL) and that were
    /// run again from the start; the counts are the committed attempt's only.
    public var retries = 0

    /// An empty report.
    public init() {}

    /// Counts summed over all entities.
    public var total: Counts { entities.values.reduce(Counts(), +) }

    /// Counts `rows` as deleted rows of `entity` and lists them in its change set (an import that reports
    /// changes; the backends' deletes all go through here).
    package mutating func recordDeleted(_ rows: [RowIdentity], of entity: String) {
        entities[entity, default: Counts()].deleted += rows.count
        if !rows.isEmpty { changes[entity, default: ChangeSet()].deleted += rows }
    }

    /// Adds another report's figures to this one.
    public mutating func merge(_ other: ImportReport) {
        entities.merge(other.entities, uniquingKeysWith: +)
        changes.merge(other.changes, uniquingKeysWith: +)
        conflicts += other.conflicts
        skipped += other.skipped
        issues += other.issues
        pages += other.pages
        retries += other.retries
    }

    /// One line per entity (sorted), then skips and issues.
    public var description: String {
        var lines = ["pages \(pages)" + (retries > 0 ? ", retries \(retries)" : "")]
        for (entity, counts) in entities.sorted(by: { $0.key < $1.key }) {
            lines.append(
                "\(entity): inserted \(counts.inserted), updated \(counts.updated), unchanged \(counts.unchanged), deleted \(counts.deleted)"
            )
        }
        lines += conflicts.map { "conflict \($0)" }
        lines += skipped.map { "\($0.verb) \($0)" }
        lines += issues.map { "issue \($0)" }
        return lines.joined(separator: "\n")
    }
}

/// Why an import stopped. Nothing of the page (or batch) that failed was committed.
public enum ImportError: Error, Sendable, CustomStringConvertible {
    /// The bytes are not JSON.
    case invalidJSON(page: String, JSONError)
    /// The page is JSON but not the feed's shape (items not an array, an action without a type...).
    case malformedPage(page: String, path: String, message: String)
    /// A reference names a target that does not exist and the schema says that is an error.
    case missingTarget(entity: String, relationship: String, row: String)
    /// SQLite refused a statement.
    case database(String)
    /// Fetching a page failed (transport error or an HTTP status other than 2xx).
    case fetch(url: String, message: String)

    /// What happened, and where.
    public var description: String {
        switch self {
        case let .invalidJSON(page, error): return "\(page): invalid JSON: \(error)"
        case let .malformedPage(page, path, message): return "\(page): \(path): \(message)"
        case let .missingTarget(entity, relationship, row):
            return "\(entity) \(row): \(relationship): the referenced row does not exist"
        case let .database(message): return "database: \(message)"
        case let .fetch(url, message): return "\(url): \(message)"
        }
    }
}
