/// Names of inferred entities, the file's key convention and the records' feed.
extension SchemaInference {
    // MARK: Names

    mutating func entityName(_ cluster: (id: Int, places: [Int]), recordsName: String) -> String {
        var base: String
        if cluster.id == 0 {
            base = recordsName
        } else {
            var counts: [String: Int] = [:]
            var order: [String] = []
            for index in cluster.places {
                let place = clustering.places[index]
                guard let hint = place.hint else { continue }
                let word = place.isElement ? InferenceText.singular(hint) : hint
                if counts[word] == nil { order.append(word) }
                counts[word, default: 0] += 1
            }
            base =
                order.max {
                    counts[$0]! < counts[$1]!
                        || (counts[$0]! == counts[$1]! && order.firstIndex(of: $0)! > order.firstIndex(of: $1)!)
                } ?? "Item"
            // A name met before under another parent: qualified by this one's parent (`UserEntities`).
            let typeName = TypeNamer.typeName(base)
            if typeNameTaken(typeName), let parent = clustering.parent(of: cluster.places[0]),
                let parentName = entityNames[clustering.cluster(of: parent)]
            {
                base = parentName + typeName
            }
        }
        return uniqueTypeName(base)
    }

    /// Types that can identify a row (``SchemaValidator/canIdentify(_:)``, as inferred types are spelled).
    public static let identifyingTypes: Set<String> = ["Int64", "UInt64", "String", "Decimal", "Date", "URL", "UUID"]

    /// Whether a type name is taken.
    func typeNameTaken(_ name: String) -> Bool { typeNames.isTaken(name) }

    /// A usable type name from a word, not taken, not reserved (``TypeNamer``).
    mutating func uniqueTypeName(_ word: String) -> String { typeNames.unique(word) }

    /// `snake_case` when nearly every key is (four in five, one with an underscore): the others get their
    /// `key:` written; otherwise keys as they are.
    public static func convention(_ keys: [String]) -> KeyConvention {
        let snake = keys.filter { key in
            guard let first = key.utf8.first, first >= 0x61, first <= 0x7A, !key.hasSuffix("_"), !key.contains("__")
            else { return false }
            return key.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
        }
        return snake.count * 5 >= keys.count * 4 && snake.contains { $0.contains("_") } ? .snakeCase : .verbatim
    }

    static func containsNull(_ node: ShapeNode) -> Bool {
        if node.nulls > 0 { return true }
        if let object = node.object {
            if let collapsed = object.collapsed, containsNull(collapsed) { return true }
            for key in object.keys where containsNull(object.member(key)!.node) { return true }
        }
        if let array = node.array, containsNull(array.element) { return true }
        return false
    }

    // MARK: Feed

    func feed(_ records: InferredSchema.Entity) -> InferredSchema.Feed? {
        // A feed updates rows by identity: records without one can be mapped, not imported.
        guard !records.identifiedBy.isEmpty else { return nil }
        let summary = reader.summary
        var feed = InferredSchema.Feed(
            name: InferenceText.plural(records.name), entity: records.name, items: nil, single: nil, pagination: nil,
            reason: "")
        let envelopes = summary.forms.compactMap { form -> String? in
            if case let .envelope(key) = form { return key }
            return nil
        }
        if let path = reader.recordsPath {
            feed.items = path
            feed.reason = "records at '\(path.joined(separator: "."))' (--records)"
        } else if envelopes.count == 1, summary.forms.count == 1 {
            feed.items = [envelopes[0]]
            let others = summary.envelopeKeys.sorted().map { "'\($0)'" }
            feed.reason =
                "records in '\(envelopes[0])' of each page"
                + (others.isEmpty ? "" : "; beside them \(InferenceText.list(others)), which no entity reads")
            if summary.pagination.count == 1, let pagination = summary.pagination.first {
                feed.pagination = (pagination.kind, pagination.key)
            }
        } else if summary.forms == [.single] {
            feed.single = "true"
            feed.reason = "one record per document"
        } else if summary.forms == [.array] {
            feed.reason = "a list of records per document"
        } else {
            feed.single = "either"
            feed.reason = "documents hold one record or a list of them"
        }
        return feed
    }
}
