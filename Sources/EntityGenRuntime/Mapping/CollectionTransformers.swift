/// Arrays, optionally lossy: with `skipsInvalidElements`, an element that fails is left out and
/// reported instead of failing the whole array.
public struct ArrayTransformer<Element: JSONTransformer>: JSONTransformer {
    @usableFromInline let element: Element
    @usableFromInline let skipsInvalidElements: Bool
    @usableFromInline let schemaLocation: String

    /// Creates an array transformer.
    @inlinable public init(_ element: Element, skipsInvalidElements: Bool = false, schemaLocation: String = "") {
        self.element = element
        self.skipsInvalidElements = skipsInvalidElements
        self.schemaLocation = schemaLocation
    }

    @inlinable public func decode(
        _ value: JSONValue, context: inout MappingContext
    ) throws(TransformFailure) -> [Element.Value] {
        try value.decodeElements(
            context: &context, skipsInvalidElements: skipsInvalidElements, schemaLocation: schemaLocation
        ) { item, context throws(TransformFailure) in
            guard !item.isNull else { throw TransformFailure.expected("an element", found: item) }
            return try element.decode(item, context: &context)
        }
    }

    @inlinable public func encode(_ value: [Element.Value], to writer: inout JSONWriter) {
        writer.beginArray()
        for item in value { element.encode(item, to: &writer) }
        writer.endArray()
    }
}

/// Objects as `[String: Value]` maps, optionally lossy like ``ArrayTransformer``. Written with keys
/// sorted, so output is stable.
public struct MapTransformer<Element: JSONTransformer>: JSONTransformer {
    @usableFromInline let element: Element
    @usableFromInline let skipsInvalidElements: Bool
    @usableFromInline let schemaLocation: String

    /// Creates a map transformer.
    @inlinable public init(_ element: Element, skipsInvalidElements: Bool = false, schemaLocation: String = "") {
        self.element = element
        self.skipsInvalidElements = skipsInvalidElements
        self.schemaLocation = schemaLocation
    }

    @inlinable public func decode(
        _ value: JSONValue, context: inout MappingContext
    ) throws(TransformFailure) -> [String: Element.Value] {
        guard value.kind == .object else { throw .expected("an object", found: value) }
        // `init(minimumCapacity:)`, not `reserveCapacity`: the stdlib's `reserveCapacity` is not
        // inlinable, so its unspecialized body looked the storage's generic metadata up on every map.
        var result = [String: Element.Value](minimumCapacity: value.count)
        var failure: TransformFailure?
        value.forEachMember { key, item in
            guard failure == nil else { return }
            do throws(TransformFailure) {
                guard !item.isNull else { throw TransformFailure.expected("a value", found: item) }
                context.enterMapKey(key)
                result[key] = try element.decode(item, context: &context)
            } catch {
                failure = context.elementFailed(
                    error, at: item, skipping: skipsInvalidElements, schemaLocation: schemaLocation)
            }
        }
        if let failure { throw failure }
        return result
    }

    @inlinable public func encode(_ value: [String: Element.Value], to writer: inout JSONWriter) {
        writer.beginObject()
        // Keys in order, so that equal maps write equal bytes. A small map (most are) is sorted by
        // index in scratch memory on the stack; a larger one as an array of its members. Neither
        // looks a key up again.
        if value.count <= 16 {
            withUnsafeTemporaryAllocation(of: Dictionary<String, Element.Value>.Index.self, capacity: value.count) {
                order in
                // Initialized before use and deinitialized after: an index need not be a trivial type
                // (on Apple platforms it can refer to a bridged dictionary).
                _ = order.initialize(fromContentsOf: value.indices)
                defer { order.deinitialize() }
                // Insertion sort: at most 16 members.
                for sorted in order.indices.dropFirst() {
                    var slot = sorted
                    while slot > 0, value[order[slot]].key < value[order[slot - 1]].key {
                        order.swapAt(slot, slot - 1)
                        slot -= 1
                    }
                }
                for index in order {
                    writer.key(value[index].key)
                    element.encode(value[index].value, to: &writer)
                }
            }
        } else {
            for (key, member) in value.sorted(by: { $0.key < $1.key }) {
                writer.key(key)
                element.encode(member, to: &writer)
            }
        }
        writer.endObject()
    }
}

/// An embedded entity (a nested object, or an element of an array of objects).
public struct EntityTransformer<Entity: JSONMappable>: JSONTransformer {
    /// Creates the transformer.
    @inlinable public init() {}
    @inlinable public func decode(_ value: JSONValue, context: inout MappingContext) throws(TransformFailure) -> Entity
    {
        do {
            return try context.mapEmbedded(value, as: Entity.self)
        } catch {
            throw TransformFailure(nested: error)
        }
    }
    public func encode(_ value: Entity, to writer: inout JSONWriter) { value.writeJSON(to: &writer) }
}

extension JSONValue {
    /// The elements of this array, each converted by `convert`: an element that fails fails the array
    /// (located at the element, or deeper), or with `skipsInvalidElements` is left out and recorded in
    /// `context` as a skipped element. What ``ArrayTransformer`` and ``PluckTransformer`` share.
    @inlinable func decodeElements<Value>(
        context: inout MappingContext, skipsInvalidElements: Bool, schemaLocation: String,
        _ convert: (JSONValue, inout MappingContext) throws(TransformFailure) -> Value
    ) throws(TransformFailure) -> [Value] {
        guard kind == .array else { throw .expected("an array", found: self) }
        var result: [Value] = []
        result.reserveCapacity(count)
        var failure: TransformFailure?
        forEachElement { _, item in
            guard failure == nil else { return }
            do throws(TransformFailure) {
                result.append(try convert(item, &context))
            } catch {
                failure = context.elementFailed(
                    error, at: item, skipping: skipsInvalidElements, schemaLocation: schemaLocation)
            }
        }
        if let failure { throw failure }
        return result
    }
}

extension MappingContext {
    /// What an array or map does with an element that failed: with `skipping`, records it as a skipped
    /// element (at the deepest path known) and returns `nil`, so the collection goes on; otherwise returns
    /// the failure to throw, located at the element.
    @inlinable mutating func elementFailed(
        _ error: TransformFailure, at item: JSONValue, skipping: Bool, schemaLocation: String
    ) -> TransformFailure? {
        guard skipping else { return error.locatedIfNeeded(at: item) }
        record(
            at: error.nested?.path ?? item.path, schemaLocation: schemaLocation, action: .skippedElement,
            message: error.nested?.message ?? error.message)
        return nil
    }
}

extension TransformFailure {
    /// A failure carrying a nested entity's located error (its path is more precise than the caller's).
    public init(nested: MappingError) {
        self.init(nested.message)
        self.nested = nested
    }

    /// Keeps a nested location; otherwise pins the failure to `value` so the caller reports the
    /// element's path, not the array's.
    @usableFromInline func locatedIfNeeded(at value: JSONValue) -> TransformFailure {
        guard nested == nil else { return self }
        var located = self
        located.nested = MappingError(path: value.path, schemaLocation: "", message: message)
        return located
    }
}
