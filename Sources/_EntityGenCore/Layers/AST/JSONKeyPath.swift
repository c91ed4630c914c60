/// A path of object keys into a JSON value: `license.type` reads `json["license"]["type"]`.
///
/// In text form a `.` separates keys; `\.` is a literal dot and `\\` a literal backslash, so a key
/// like `a.b` is written `a\.b`. `[` and `]` are reserved in the text form (for element paths such as
/// `hashtags[].text`, not implemented): a key with brackets is written in the sequence form
/// (`key: [license, type]`), which needs no escaping.
public struct JSONKeyPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The keys, outermost first. Never empty; no key is empty.
    public var components: [String]

    /// Creates a path from its keys.
    public init(_ components: [String]) {
        self.components = components
    }

    /// The path in text form, with dots and backslashes inside keys escaped.
    public var description: String {
        components.map { component in
            component.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ".", with: "\\.")
        }.joined(separator: ".")
    }

    /// Whether `self` is a strict prefix of `other` (`license` of `license.type`).
    public func isStrictPrefix(of other: JSONKeyPath) -> Bool {
        components.count < other.components.count && Array(other.components.prefix(components.count)) == components
    }

    public static func < (lhs: JSONKeyPath, rhs: JSONKeyPath) -> Bool {
        lhs.components.lexicographicallyPrecedes(rhs.components)
    }

    /// Parses the text form. Fails on an empty key (`a..b`, leading or trailing dot), a dangling `\`, or a
    /// bracket (reserved).
    public static func parse(_ text: String) -> Result<JSONKeyPath, KeyPathSyntaxError> {
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
                return .failure(
                    KeyPathSyntaxError(
                        "'\(text)': brackets are reserved in key paths (element paths such as 'hashtags[].text' are not supported yet; map the array with a relationship or a custom transformer); for a key that contains brackets, write the path as a list of keys: key: ['\(text)']"
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
