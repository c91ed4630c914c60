import _EntityGenCore
import OpenAPIKit

extension OpenAPIInference {
    /// Query parameters that number pages, besides `page` (the default).
    static let pageParameterNames: Set<String> = ["p", "pg", "page_number", "pageNumber", "page_index", "pageIndex"]

    /// Keys an envelope's next-page URL and page count go by.
    static let nextURLKeys: Set<String> = ["next", "next_url", "nextUrl", "nextURL", "next_page_url", "nextPageUrl"]
    static let pageCountKeys: Set<String> = [
        "total_pages", "totalPages", "page_count", "pageCount", "number_of_pages", "numberOfPages", "pages",
    ]

    /// A feed for every GET whose success response is JSON listing one entity: a top-level array of it,
    /// or an envelope with one array of it (`items:`), with the pagination its properties show (a
    /// next-page URL or a page count) or its `Link` response header.
    mutating func feeds() -> [InferredSchema.Feed] {
        var feeds: [InferredSchema.Feed] = []
        var names = TypeNamer()
        for (path, item) in document.paths {
            guard case let .b(pathItem) = item, let get = pathItem.get,
                let schema = successJSONSchema(get)
            else { continue }
            let location = "#/paths/\(Self.pointerToken(path.rawValue))/get"
            guard var feed = feed(for: schema) ?? inlineFeed(for: schema, path: path.rawValue, at: location)
            else { continue }
            // Pages numbered by a query parameter other than `page` (`?p=2`).
            if feed.pagination?.kind == "pageCount" {
                let parameters = get.parameters.compactMap { document.components[$0] }.filter { $0.location == .query }
                if !parameters.contains(where: { $0.name == "page" }),
                    let named = parameters.first(where: { Self.pageParameterNames.contains($0.name) })
                {
                    feed.pageParameter = named.name
                }
            }
            // A `Link` response header pages by `rel="next"` (RFC 8288), as GitHub's lists do.
            if feed.pagination == nil, successHeaders(get).contains(where: { $0.lowercased() == "link" }) {
                feed.pagination = ("link", "next")
            }
            feed.name = names.unique(get.operationId ?? "\(feed.entity) list \(path.rawValue)")
            feed.reason =
                "GET \(path.rawValue)"
                + (feed.items.map { ", records in '\($0.joined(separator: "."))'" } ?? ": a list")
            feed.location = self.path + location
            feeds.append(feed)
        }
        return feeds
    }

    /// The header names of a GET's success responses (a `$ref` to `components.responses` followed).
    func successHeaders(_ operation: OpenAPI.Operation) -> [String] {
        operation.responses.filter { $0.key.isSuccess }.flatMap { _, response -> [String] in
            guard let response = document.components[response] else { return [] }
            return Array((response.headers ?? [:]).keys)
        }
    }

    /// The schema of a GET's first success response in JSON (a `$ref` to `components.responses`, as
    /// Spotify's `ManyArtists`, followed).
    func successJSONSchema(_ operation: OpenAPI.Operation) -> JSONSchema? {
        for (status, response) in operation.responses where status.isSuccess {
            guard let response = document.components[response] else { continue }
            for (type, content) in response.content where type.rawValue.contains("json") {
                if let content = document.components[content], let schema = content.schema { return schema }
            }
        }
        return nil
    }

    /// The entity a response lists, and where.
    private func feed(for schema: JSONSchema) -> InferredSchema.Feed? {
        if let entity = listedEntity(schema) {
            return InferredSchema.Feed(name: "", entity: entity, items: nil, pagination: nil, reason: "")
        }
        let (properties, _) = self.properties(component(schema)?.schema ?? schema)
        // A record is no envelope: `GET /artists/{id}` answers an artist (with an `id`), whose one list
        // is its images, not a page of images.
        guard !properties.contains(where: { $0.0 == "id" }) else { return nil }
        let lists = properties.compactMap { key, property in listedEntity(property).map { (key, $0) } }
        guard lists.count == 1 else { return nil }
        return InferredSchema.Feed(
            name: "", entity: lists[0].1, items: [lists[0].0], pagination: Self.pagination(in: properties), reason: "")
    }

    /// An envelope's pagination: a next-page URL or a page count among its properties.
    static func pagination(in properties: [(String, JSONSchema)]) -> (kind: String, key: String)? {
        var pagination: (kind: String, key: String)?
        for (key, property) in properties {
            if nextURLKeys.contains(key), property.isString || property.isReference {
                pagination = ("nextURL", key)
            } else if pageCountKeys.contains(key), property.isInteger {
                pagination = ("pageCount", key)
            }
        }
        return pagination
    }

    /// A GET whose response's records are written inline, not as a component: the records become an
    /// entity of their own, named after the envelope's key or the path (`GET /users` -> `User`), and a
    /// list of them a feed. A record answered alone (`GET /users/{id}`) becomes an entity without a feed.
    /// Nothing a response declares is dropped unsaid.
    mutating func inlineFeed(
        for schema: JSONSchema, path: String, at location: String
    ) -> InferredSchema.Feed? {
        let word = InferenceText.singular(
            path.split(separator: "/").last { !$0.hasPrefix("{") }.map(String.init) ?? "record")
        if case let .array(_, array) = schema.value, let items = array.items, component(items) == nil,
            isObject(items)
        {
            let name = types.unique(TypeNamer.typeName(word))
            entity(name, items, at: location + "/responses (items)")
            return InferredSchema.Feed(name: "", entity: name, items: nil, pagination: nil, reason: "")
        }
        guard component(schema) == nil, isObject(schema) else { return nil }
        let (properties, _) = self.properties(schema)
        let lists = properties.filter { _, property in
            guard case let .array(_, array) = property.value, let items = array.items else { return false }
            return component(items) == nil && isObject(items)
        }
        if lists.count == 1, !properties.contains(where: { $0.0 == "id" }),
            case let .array(_, array) = lists[0].1.value, let items = array.items
        {
            let name = types.unique(TypeNamer.typeName(InferenceText.singular(lists[0].0)))
            entity(name, items, at: location + "/responses (\(lists[0].0) items)")
            return InferredSchema.Feed(
                name: "", entity: name, items: [lists[0].0], pagination: Self.pagination(in: properties), reason: "")
        }
        // One record, inline: an entity, so that what the API answers is declared.
        if !properties.isEmpty {
            entity(types.unique(TypeNamer.typeName(word)), schema, at: location + "/responses")
        }
        return nil
    }

    /// The entity (or family) an array schema lists.
    private func listedEntity(_ schema: JSONSchema) -> String? {
        guard case let .array(_, array) = schema.value, let items = array.items,
            case let .reference(reference, _) = items.value, let name = reference.name
        else { return nil }
        switch components[name] {
        case let .entity(entity)?, let .family(entity)?: return entity
        case .enumeration?, .alias?, nil: return nil
        }
    }
}
