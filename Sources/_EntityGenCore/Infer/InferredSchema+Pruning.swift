/// Keeping part of an inferred schema: an API of 90 schemas, of which an app stores five, infers the five
/// and what they need (`entitygen infer openapi.yaml --only ArtistObject`), the way
/// swift-openapi-generator's `filter:` generates part of a document.
extension InferredSchema {
    /// The schema with only the named entities and what they reach: their relationships' targets, the
    /// enums their members use, a family's root and kinds, and the feeds of the entities kept. Returns
    /// the names that are no entity of the schema.
    public func pruned(keeping roots: [String]) -> (schema: InferredSchema, unknown: [String]) {
        let byName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let enumNames = Set(enums.map(\.name))
        let unknown = roots.filter { byName[$0] == nil }
        var kept = Set<String>()
        var usedEnums = Set<String>()
        var pending = roots.filter { byName[$0] != nil }
        while let name = pending.popLast() {
            guard kept.insert(name).inserted, let entity = byName[name] else { continue }
            var reached: [String] = []
            if let family = entity.extends { reached.append(family) }
            if entity.isAbstract { reached += entities.filter { $0.extends == name }.map(\.name) }
            for member in entity.attributes + entity.relationships {
                for word in Self.typeNames(in: member.type) {
                    if byName[word] != nil { reached.append(word) }
                    if enumNames.contains(word) { usedEnums.insert(word) }
                }
            }
            pending += reached.filter { !kept.contains($0) }
        }
        var result = self
        result.entities = entities.filter { kept.contains($0.name) }
        result.enums = enums.filter { usedEnums.contains($0.name) }
        let feeds = ((feed.map { [$0] } ?? []) + moreFeeds).filter { kept.contains($0.entity) }
        result.feed = feeds.first
        result.moreFeeds = Array(feeds.dropFirst())
        result.feedsAwaitingIdentity = feedsAwaitingIdentity.filter { kept.contains($0.entity) }
        if !result.entities.isEmpty, !kept.contains(entities.first?.name ?? "") {
            result.fileName = result.entities[0].name + ".yaml"
        }
        return (result, unknown)
    }

    /// The type names a written type mentions (`'[String: Event]?'` -> `String`, `Event`).
    static func typeNames(in type: String) -> [String] {
        type.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init)
    }
}
