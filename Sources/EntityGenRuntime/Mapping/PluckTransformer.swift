/// One member of each element of an array of objects, as an array: the key path `hashtags[].text`
/// reads `[{"text": "swift"}, {"text": "json"}]` as `["swift", "json"]`.
///
/// Every element must be an object holding a non-null value at `path`; an element that is not, or
/// whose value fails to convert, fails the whole array, or with `skipsInvalidElements` is left out and
/// reported like a lossy array's element. Written back as one object per value (`{"text": "swift"}`),
/// so mapping what was written reads the same values.
public struct PluckTransformer<Element: JSONTransformer>: JSONTransformer {
    @usableFromInline let element: Element
    @usableFromInline let path: [String]
    @usableFromInline let skipsInvalidElements: Bool
    @usableFromInline let schemaLocation: String

    /// Creates a transformer reading `path` in each element with `element`.
    @inlinable public init(
        _ element: Element, path: [String], skipsInvalidElements: Bool = false, schemaLocation: String = ""
    ) {
        precondition(!path.isEmpty, "a pluck reads a member of each element")
        self.element = element
        self.path = path
        self.skipsInvalidElements = skipsInvalidElements
        self.schemaLocation = schemaLocation
    }

    @inlinable public func decode(
        _ value: JSONValue, context: inout MappingContext
    ) throws(TransformFailure) -> [Element.Value] {
        try value.decodeElements(
            context: &context, skipsInvalidElements: skipsInvalidElements, schemaLocation: schemaLocation
        ) { item, context throws(TransformFailure) in try pluck(item, context: &context) }
    }

    /// The converted value at `path` in one element, or a failure located where it went wrong.
    @inlinable func pluck(_ item: JSONValue, context: inout MappingContext) throws(TransformFailure) -> Element.Value {
        guard item.kind == .object else {
            throw TransformFailure.expected("an object", found: item).locatedIfNeeded(at: item)
        }
        guard let member = item.value(at: path), !member.isNull else {
            var failure = TransformFailure("missing value at '\(path.joined(separator: "."))'")
            failure.nested = MappingError(
                path: item.path(appending: path), schemaLocation: "", message: failure.message)
            throw failure
        }
        do throws(TransformFailure) {
            return try element.decode(member, context: &context)
        } catch {
            throw error.locatedIfNeeded(at: member)
        }
    }

    public func encode(_ value: [Element.Value], to writer: inout JSONWriter) {
        writer.beginArray()
        for item in value {
            for key in path {
                writer.beginObject()
                writer.key(key)
            }
            element.encode(item, to: &writer)
            for _ in path { writer.endObject() }
        }
        writer.endArray()
    }
}
