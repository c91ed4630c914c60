import EntityGenRuntime

/// A page mapped and checked, ready to be written in one transaction. Mapping needs no database, so
/// the next page can be mapped while this one is written. `Key` is how the storage backend names a
/// stored row (`RowKey` for SQLite, `PostgresRowKey` for PostgreSQL): a delete action's payload is
/// read into one while the page is mapped.
public struct PreparedPage<Entity: FeedEntity, Key: Sendable>: Sendable {
    /// What to do, in feed order.
    public enum Operation: Sendable {
        /// Insert or update an instance (and what it embeds), keeping what is stored for the keys the
        /// JSON did not have.
        case save(Entity, absent: AbsentTree)
        /// Delete the row a delete action names.
        case delete(Key)
        /// An item that was delivered but could not be mapped (reported skipped), whose identification
        /// could be read: its stored row is left as it is, and a sync's orphan deletion counts it as seen
        /// (it is still on the server).
        case keep(Key)
    }

    /// The operations.
    public var operations: [Operation] = []
    /// Skips and tolerated issues found while mapping.
    public var report = ImportReport()
    /// The page count the page announces (page-number pagination).
    public var pageCount: Int?
    /// The next page's URL text (next-URL pagination), `nil` on the last page.
    public var nextURL: String?

    /// Creates an empty page.
    public init() {}

    /// An empty page with room for `capacity` operations.
    package init(reservingCapacity capacity: Int) {
        operations.reserveCapacity(capacity)
    }
}

extension PreparedPage.Operation {
    /// Insert or update an instance built in code (nothing absent: every stored value is replaced).
    public static func save(_ entity: Entity) -> Self { .save(entity, absent: AbsentTree()) }
}

/// How a storage backend reads the row a delete action's payload names: only the identification
/// attributes (and, for a family, the discriminator) are read, so a delete payload need not be a
/// complete object. Generated for each entity and backend (`Model.SQLite.rowKey(from:context:)` for SQLite,
/// `Model.Postgres.rowKey(from:context:)` for PostgreSQL).
public typealias DeleteKeyReader<Key> = (JSONValue, inout MappingContext) throws(MappingError) -> Key

extension Feed {
    /// Maps a page's bytes, reading delete actions' payloads with `key`. A page that is not JSON, or not
    /// the feed's shape, throws and nothing of it is written; an item that fails to map is skipped and
    /// reported with its JSON path and reason. With a `reader`, the page is parsed into the memory of
    /// the reader's previous document (pages read one after another allocate once).
    public func prepare<Key>(
        _ bytes: some Collection<UInt8>, page: String = "page", reader: JSONReader? = nil, key: DeleteKeyReader<Key>
    ) throws(ImportError) -> PreparedPage<Entity, Key> {
        let document: JSONDocument
        do {
            if let reader { document = try reader.read(bytes) } else { document = try JSONDocument(bytes: bytes) }
        } catch { throw .invalidJSON(page: page, error) }
        return try document.withRoot { root throws(ImportError) in try prepare(root: root, page: page, key: key) }
    }

    package func prepare<Key>(
        root: JSONValue, page: String, key: DeleteKeyReader<Key>
    ) throws(ImportError) -> PreparedPage<Entity, Key> {
        let layout = self.layout
        var (itemsValue, prepared): (JSONValue, PreparedPage<Entity, Key>) = try header(root: root, page: page)
        prepared.operations.reserveCapacity(layout.recordCount(itemsValue))
        try layout.forEachRecord(in: itemsValue) { element throws(ImportError) in
            try prepareItem(element, page: page, key: key, into: &prepared)
        }
        return prepared
    }

    /// Checks the page's shape and reads its pagination values (``FeedLayout/header(root:page:)``);
    /// returns the records (an array, or one record) and a page with no operations yet.
    package func header<Key>(
        root: JSONValue, page: String
    ) throws(ImportError) -> (items: JSONValue, page: PreparedPage<Entity, Key>) {
        let header = try layout.header(root: root, page: page)
        var prepared = PreparedPage<Entity, Key>()
        prepared.pageCount = header.pageCount
        prepared.nextURL = header.nextURL
        return (header.items, prepared)
    }

    /// Maps a page's records (an array) in the chunks ``PageChunking/chunks(of:size:)`` cuts, one after
    /// the other, as the PostgreSQL importer's mapping thread does for a large page: `send` gets each
    /// chunk, the last one with `last` true, and returns false once the writer has given up, which stops
    /// the mapping.
    package func prepareChunks<Key>(
        items: JSONValue, page: String, size: Int, key: DeleteKeyReader<Key>,
        _ send: (PreparedPage<Entity, Key>, _ last: Bool) -> Bool
    ) throws(ImportError) {
        let chunks = PageChunking.chunks(of: items, size: size)
        for (index, chunk) in chunks.enumerated() {
            guard send(try prepare(chunk, page: page, key: key), index == chunks.count - 1) else {
                throw ImportError.database("cancelled")
            }
        }
        if chunks.isEmpty, !send(PreparedPage(), true) { throw ImportError.database("cancelled") }
    }

    /// Maps one item (or diff action) into `prepared`.
    ///
    /// Inlined, with `save(_:key:into:)`, into the loops that call it: each call of a function of this
    /// generic code looks up the type metadata it needs again, and the mapping thread of the end-to-end
    /// import spent 6.1-7.8% of its samples in those lookups, 4.8-5.6% with the two inlined.
    @inline(__always) package func prepareItem<Key>(
        _ element: JSONValue, page: String, key: DeleteKeyReader<Key>, into prepared: inout PreparedPage<Entity, Key>
    ) throws(ImportError) {
        guard actions != nil else {
            save(element, key: key, into: &prepared)
            return
        }
        switch try layout.action(element, page: page) {
        case let .ignored(skip):
            prepared.report.skipped.append(skip)
        case let .delete(payload):
            var context = MappingContext()
            do {
                prepared.operations.append(.delete(try key(payload, &context)))
            } catch {
                prepared.report.skipped.append(Self.skip(error))
            }
        case let .save(payload):
            save(payload, key: key, into: &prepared)
        }
    }

    /// Appends the save of an item that maps; for one that does not (reported skipped), the keep of the
    /// row its identification names, when that can be read.
    ///
    /// The mapped entity goes straight into the page: returning it as an optional tuple made this
    /// generic code look up the tuple's type metadata, under a lock, for every item.
    @inline(__always) private func save<Key>(
        _ item: JSONValue, key: DeleteKeyReader<Key>, into prepared: inout PreparedPage<Entity, Key>
    ) {
        var context = MappingContext()
        do {
            let (entity, absent) = try context.mapRecordingAbsentKeys(item, as: Entity.self)
            if !context.issues.isEmpty { prepared.report.issues += context.issues }
            // Moved into the operation: a copy in this generic code would retain every reference the
            // entity holds, and release them again when the local goes.
            prepared.operations.append(.save(consume entity, absent: consume absent))
            return
        } catch {
            prepared.report.skipped.append(Self.skip(error))
        }
        var keyContext = MappingContext()
        if let kept = try? key(item, &keyContext) { prepared.operations.append(.keep(kept)) }
    }

    /// The skip of an item that failed to map: where, why, and the schema declaration that decided it.
    static func skip(_ error: MappingError) -> ImportReport.Skip {
        .init(path: error.path, reason: error.message, schemaLocation: error.schemaLocation)
    }
}
