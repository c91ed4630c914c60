import EntityGenImport
import EntityGenRuntime

extension SchemaInterpreter {
    /// What one feed page maps to (`entitygen check --feed`): what the importer would save, delete and
    /// skip, found through the same ``FeedLayout`` the generated feed uses.
    public struct FeedPageOutcome {
        /// The records the page saves, mapped (kept only when asked).
        public var values: [Entity] = []
        /// How many records map (saves).
        public var saves = 0
        /// How many delete actions name a row by a readable identity.
        public var deletes = 0
        /// Items the importer would skip, with their JSON paths and reasons, then tolerated issues.
        public var report = ImportReport()
        /// The page count the page announces (page-number pagination).
        public var pageCount: Int?
        /// The next page's URL (next-URL pagination).
        public var nextURL: String?
    }

    /// The layout and entity of a feed of the schema, or `nil` when it has no feed of that name.
    public func feed(named name: String) -> (entity: String, layout: FeedLayout)? {
        feeds[name]
    }

    /// The runtime layout of a feed plan (what generated `Feed` values carry).
    static func layout(_ plan: FeedPlan) -> FeedLayout {
        FeedLayout(items: plan.items, records: plan.records, pagination: plan.pagination, actions: plan.actions)
    }

    /// Maps one page of the feed as its importer would, without a database: records that fail are
    /// skipped and reported, a page that is not the feed's shape throws.
    public func mapFeedPage(
        _ feed: (entity: String, layout: FeedLayout), root: JSONValue, page: String, keepsValues: Bool
    ) throws(ImportError) -> FeedPageOutcome {
        let header = try feed.layout.header(root: root, page: page)
        var outcome = FeedPageOutcome(pageCount: header.pageCount, nextURL: header.nextURL)
        try feed.layout.forEachRecord(in: header.items) { item throws(ImportError) in
            guard feed.layout.actions != nil else {
                save(item, feed.entity, keepsValues, into: &outcome)
                return
            }
            switch try feed.layout.action(item, page: page) {
            case let .ignored(skip): outcome.report.skipped.append(skip)
            case let .save(payload): save(payload, feed.entity, keepsValues, into: &outcome)
            case let .delete(payload):
                var context = MappingContext()
                do throws(MappingError) {
                    try readIdentity(feed.entity, from: payload, context: &context)
                    outcome.deletes += 1
                } catch {
                    outcome.report.skipped.append(.init(path: error.path, reason: error.message))
                }
            }
        }
        return outcome
    }

    private func save(_ value: JSONValue, _ entity: String, _ keepsValues: Bool, into outcome: inout FeedPageOutcome) {
        var context = MappingContext()
        do throws(MappingError) {
            let mapped = try map(entity, from: value, context: &context)
            outcome.saves += 1
            if keepsValues { outcome.values.append(mapped) }
            outcome.report.issues += context.issues
        } catch {
            outcome.report.skipped.append(.init(path: error.path, reason: error.message))
        }
    }

    /// Reads what a delete action needs, the identification attributes, as generated `rowKey(from:)` does.
    func readIdentity(_ name: String, from json: JSONValue, context: inout MappingContext) throws(MappingError) {
        guard case let .entity(program)? = programs[name] else {
            throw MappingError(path: json.path, schemaLocation: "", message: "the schema has no entity '\(name)'")
        }
        guard !program.identity.isEmpty else {
            throw MappingError.notIdentifiable(name, schema: program.location)
        }
        try context.expectObject(json, entity: program.typeName, schema: program.location)
        for index in program.identity {
            let property = program.properties[index]
            _ = try context.required(json, property.field, property.transformer)
        }
    }
}
