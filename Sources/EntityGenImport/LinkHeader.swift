/// The `Link` header of an HTTP response (RFC 8288): `<https://api.test/items?page=2>; rel="next",
/// <...>; rel="last"`, as many REST APIs (GitHub's among them) announce the next page.
public struct LinkHeader: Hashable, Sendable {
    /// One link: its target (as written, possibly relative) and its relation types, lowercased.
    public struct Link: Hashable, Sendable {
        /// The target URI reference, between `<` and `>`.
        public var target: String
        /// The `rel` parameter's relation types (`rel="next last"` is two).
        public var relations: [String]
    }

    /// The links, in order; a value that is not a link is skipped to the next `,`.
    public var links: [Link]

    /// Parses a header value (several `Link` headers joined with `,` are one value).
    public init(_ value: String) {
        links = []
        let characters = Array(value)
        var index = 0
        while index < characters.count {
            // Up to the next '<'.
            while index < characters.count, characters[index] != "<" { index += 1 }
            guard index < characters.count else { break }
            index += 1
            var target = ""
            while index < characters.count, characters[index] != ">" {
                target.append(characters[index])
                index += 1
            }
            guard index < characters.count else { break }
            index += 1
            // Parameters up to the ',' that ends this link (commas inside quotes do not).
            var parameters = ""
            var quoted = false
            while index < characters.count, quoted || characters[index] != "," {
                if characters[index] == "\"" { quoted.toggle() }
                parameters.append(characters[index])
                index += 1
            }
            links.append(Link(target: target, relations: Self.relations(in: parameters)))
        }
    }

    /// The target of the first link with this relation type (compared case-insensitively).
    public func target(relation: String) -> String? {
        let wanted = relation.lowercased()
        return links.first { $0.relations.contains(wanted) }?.target
    }

    /// The relation types of a link's `; rel=...` parameter.
    private static func relations(in parameters: String) -> [String] {
        for parameter in parameters.split(separator: ";") {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, trimmed(parts[0]).lowercased() == "rel" else { continue }
            var value = trimmed(parts[1])
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            return value.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        }
        return []
    }

    private static func trimmed(_ text: Substring) -> String {
        let isBlank = { (character: Character) in character == " " || character == "\t" }
        return String(text.drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }
}
