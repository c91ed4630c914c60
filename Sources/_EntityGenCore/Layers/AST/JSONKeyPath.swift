/// A path of object keys into a JSON value: `license.type` reads `json["license"]["type"]`.
///
/// In text form a `.` separates keys; `\.` is a literal dot and `\\` a literal backslash, so a key
/// like `a.b` is written `a\.b`. An attribute's key may pluck one member of each element of an array
/// with `[]`: `entities.hashtags[].text` reads the array at `entities.hashtags` and `text` in each of
/// its elements (``element``). Elsewhere `[` and `]` are reserved in the text form: a key with brackets
/// is written in the sequence form (`key: [license, type]`), which needs no escaping.
public struct JSONKeyPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The keys, outermost first. Never empty; no key is empty. With an ``element`` path, the keys of the
    /// array.
    public var components: [String]
    /// The keys read in each element of the array at ``components`` (`text` of `hashtags[].text`), or
    /// `nil` for a plain path. Never empty when present.
    public var element: [String]?

    /// Creates a path from its keys.
    public init(_ components: [String], element: [String]? = nil) {
        self.components = components
        self.element = element
    }

    /// The path in text form, with dots and backslashes inside keys escaped.
    public var description: String {
        let text = Self.text(components)
        guard let element else { return text }
        return text + "[]." + Self.text(element)
    }

    private static func text(_ keys: [String]) -> String {
        keys.map { component in
            component.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ".", with: "\\.")
        }.joined(separator: ".")
    }

    /// Whether `self` is a strict prefix of `other` (`license` of `license.type`).
    public func isStrictPrefix(of other: JSONKeyPath) -> Bool {
        components.count < other.components.count && Array(other.components.prefix(components.count)) == components
    }

    public static func < (lhs: JSONKeyPath, rhs: JSONKeyPath) -> Bool {
        if lhs.components != rhs.components { return lhs.components.lexicographicallyPrecedes(rhs.components) }
        return (lhs.element ?? []).lexicographicallyPrecedes(rhs.element ?? [])
    }

    /// Parses the text form. Fails on an empty key (`a..b`, leading or trailing dot), a dangling `\`, or a
    /// bracket; with `allowsElement`, one `[]` directly after a key and followed by `.` and a key path
    /// marks an element path (`hashtags[].text`).
    public static func parse(_ text: String, allowsElement: Bool = false) -> Result<JSONKeyPath, KeyPathSyntaxError> {
        if allowsElement, let marker = text.range(of: "[].") {
            let outer = String(text[..<marker.lowerBound])
            let inner = String(text[marker.upperBound...])
            guard !outer.isEmpty, !outer.hasSuffix(".") else {
                return .failure(KeyPathSyntaxError("'\(text)': '[]' must follow a key, as in 'hashtags[].text'"))
            }
            if inner.contains("[") || inner.contains("]") {
                return .failure(
                    KeyPathSyntaxError(
                        "'\(text)': only one '[]' per key path (an array inside each element is not supported)"))
            }
            return parse(outer).flatMap { array in
                parse(inner).map { JSONKeyPath(array.components, element: $0.components) }
            }
        }
        var components: [String] = []
        var current = ""
        var escaping = false
        for character in text {
            if escaping {
                guard character == "." || character == "\\" else {
                    return .failure(
                        KeyPathSyntaxError(
                            "'\\\(character)' is not an escape; use '\\.' for a dot or '\\\\' for a backslash"))
                }
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "." {
                components.append(current)
                current = ""
            } else if character == "[" || character == "]" {
                let usage =
                    allowsElement && text.hasSuffix("[]")
                    ? "'[]' plucks a member of each element and needs one after it, as in 'hashtags[].text' (the array itself is '\(text.dropLast(2))')"
                    : allowsElement
                        ? "brackets are reserved in key paths except '[].', which plucks a member of each element ('hashtags[].text')"
                        : "brackets are reserved in key paths (element paths such as 'hashtags[].text' are only for an attribute's key)"
                return .failure(
                    KeyPathSyntaxError(
                        "'\(text)': \(usage); for a key that contains brackets, write the path as a list of keys: key: ['\(text)']"
                    ))
            } else {
                current.append(character)
            }
        }
        guard !escaping else { return .failure(KeyPathSyntaxError("key path ends in a lone '\\'")) }
        components.append(current)
        if components.contains(where: \.isEmpty) {
            return .failure(
                KeyPathSyntaxError(
                    text.isEmpty
                        ? "key path is empty" : "key path '\(text)' has an empty key (escape a literal dot as '\\.')"))
        }
        return .success(JSONKeyPath(components))
    }
}

/// Why a key path could not be parsed.
public struct KeyPathSyntaxError: Error, Hashable, Sendable {
    /// What is wrong.
    public var message: String
    init(_ message: String) { self.message = message }
}
