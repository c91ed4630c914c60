import EntityGenRuntime
import Foundation

// User code for the Pods schema's custom transformers, as a user of EntityGen writes it: the types the
// transformers produce, and their `fromJSON` / `toJSON` (the generated `AuthorList` and `PathList`
// structs fail to compile until these exist). Both keep the JSON form they read, so model -> JSON
// writes what was received.

/// A pod's authors: `"Name"` or `{"Name": "email", ...}` in podspecs.
struct PodAuthors: Hashable, Sendable {
    /// Name -> email (empty when only a name was given).
    var emails: [String: String]
    /// Whether the JSON gave a single name as text.
    var isText: Bool
}

/// One path pattern or a list of them.
struct PodPaths: Hashable, Sendable {
    var patterns: [String]
    /// Whether the JSON gave a single pattern as text.
    var isText: Bool
}

extension AuthorList {
    static func fromJSON(_ value: JSONValue) throws(TransformFailure) -> PodAuthors {
        if let name = value.string() { return PodAuthors(emails: [name: ""], isText: true) }
        var context = MappingContext()
        return PodAuthors(emails: try MapTransformer(StringTransformer()).decode(value, context: &context), isText: false)
    }

    static func toJSON(_ value: PodAuthors, to writer: inout JSONWriter) {
        if value.isText, let name = value.emails.keys.first {
            writer.string(name)
        } else {
            MapTransformer(StringTransformer()).encode(value.emails, to: &writer)
        }
    }
}

extension PathList {
    static func fromJSON(_ value: JSONValue) throws(TransformFailure) -> PodPaths {
        if let pattern = value.string() { return PodPaths(patterns: [pattern], isText: true) }
        var context = MappingContext()
        return PodPaths(patterns: try ArrayTransformer(StringTransformer()).decode(value, context: &context), isText: false)
    }

    static func toJSON(_ value: PodPaths, to writer: inout JSONWriter) {
        if value.isText, let pattern = value.patterns.first {
            writer.string(pattern)
        } else {
            ArrayTransformer(StringTransformer()).encode(value.patterns, to: &writer)
        }
    }
}
