/// What the values at one place can be in a schema, before names: the decision `entitygen infer` takes
/// for each member from its ``ShapeNode``, in one place, so that the entities found and the members'
/// types never disagree.
indirect enum ValueShape {
    /// Only `null`, or never a value (the elements of arrays that were always empty).
    case unknown
    /// Values of several JSON kinds, or a form no schema type has: `AnyJSON`, with the reason.
    case any(String)
    /// `true`/`false`.
    case bool
    /// Numbers.
    case number(NumberStatistics)
    /// Strings.
    case string(StringStatistics)
    /// Objects with a fixed set of keys: an entity (the node is a place of it).
    case entity(ShapeNode)
    /// The identifier of an entity (`"cus_1"`, of type `identifier`) or the whole object carrying it: an
    /// expandable reference (the node is a place of the entity).
    case expandable(ShapeNode, identifier: String)
    /// Arrays of a shape.
    case array(ValueShape)
    /// Objects with dynamic keys (ids, names) of a shape.
    case map(ValueShape, keys: Int)

    /// The shape of a node's non-null values.
    static func of(_ node: ShapeNode) -> ValueShape {
        guard node.nonNull > 0 else { return .unknown }
        if let identifier = expandableIdentifier(node) { return .expandable(node, identifier: identifier) }
        guard node.kindCount == 1 else { return .any(mixedReason(node)) }
        if node.bools > 0 { return .bool }
        if node.numbers.count > 0 { return .number(node.numbers) }
        if node.strings.count > 0 { return .string(node.strings) }
        if let object = node.object {
            if object.repeatedKeys > 0 { return .any("objects repeat a key, which a model cannot keep") }
            if object.keys.isEmpty, object.collapsed == nil { return .map(.unknown, keys: 0) }
            guard let value = MapDetection.value(of: node) else { return .entity(node) }
            if value.nulls > 0 { return .any(nullElements(value, in: "maps")) }
            return .map(element(value, in: "map"), keys: MapDetection.distinctKeys(node))
        }
        if let array = node.array {
            if array.element.count == 0 { return .array(.unknown) }
            // Collections cannot hold null: the whole value is then AnyJSON.
            if array.element.nulls > 0 { return .any(nullElements(array.element, in: "arrays")) }
            return .array(element(array.element, in: "array"))
        }
        return .unknown
    }

    /// The shape of an array's elements or a map's values (never null): a collection cannot hold a
    /// nested collection of entities.
    private static func element(_ node: ShapeNode, in collection: String) -> ValueShape {
        let shape = of(node)
        if case .entity = shape { return shape }
        if case .expandable = shape {
            return .any("\(collection)s of identifiers or objects have no relationship form")
        }
        if shape.containsEntity {
            return .any("\(collection)s of collections of objects have no relationship form")
        }
        return shape
    }

    private static func nullElements(_ node: ShapeNode, in collection: String) -> String {
        "the \(collection) hold null in \(InferenceText.count(node.nulls)) of \(InferenceText.plural(node.count, "value")), which a collection of a type cannot"
    }

    /// Whether an entity appears anywhere inside.
    var containsEntity: Bool {
        switch self {
        case .entity, .expandable: return true
        case let .array(element), let .map(element, _): return element.containsEntity
        case .unknown, .any, .bool, .number, .string: return false
        }
    }

    /// The identifier type when the values are identifiers (integers, or text) and objects (not a map)
    /// whose id-like key holds values of that type in every object: an API's "id or expanded object".
    private static func expandableIdentifier(_ node: ShapeNode) -> String? {
        guard node.kindCount == 2, node.bools == 0, node.array == nil, let object = node.object,
            object.repeatedKeys == 0, object.collapsed == nil, !object.keys.isEmpty,
            MapDetection.value(of: node) == nil, let identity = object.identity
        else { return nil }
        let identifier: String
        if node.numbers.count > 0 {
            guard node.numbers.integers == node.numbers.count, node.numbers.fitsInt64 else { return nil }
            identifier = "Int64"
        } else {
            guard node.strings.count > 0 else { return nil }
            identifier = "String"
        }
        let holds = identity.candidates.contains { candidate in
            guard candidate.alive, candidate.keys.count == 1, IdentityTracker.isIDName(candidate.keys[0]),
                let key = object.member(candidate.keys[0]), key.present == object.count
            else { return false }
            let values = key.node
            return identifier == "Int64"
                ? values.numbers.count == values.count && values.numbers.integers == values.count
                : values.strings.count == values.count
        }
        return holds ? identifier : nil
    }

    /// The node's kinds, counted, for a reason: "text in 105 and objects in 9 values".
    private static func mixedReason(_ node: ShapeNode) -> String {
        let kinds: [(String, Int)] = [
            ("true/false", node.bools), ("numbers", node.numbers.count), ("text", node.strings.count),
            ("objects", node.object?.count ?? 0), ("arrays", node.array?.count ?? 0),
        ]
        let parts = kinds.filter { $0.1 > 0 }.map { "\($0.0) in \(InferenceText.count($0.1))" }
        return "values are " + InferenceText.list(parts) + ": no single type"
    }
}

/// Objects whose keys are data (ids, names, paths) rather than a fixed set of members: maps.
enum MapDetection {
    /// The node all member values fold into, when the objects at `node` are a map.
    static func value(of node: ShapeNode) -> ShapeNode? {
        if let cached = node.mapValueCache { return cached }
        let value = computeValue(of: node)
        node.mapValueCache = .some(value)
        return value
    }

    private static func computeValue(of node: ShapeNode) -> ShapeNode? {
        guard let object = node.object else { return nil }
        if let collapsed = object.collapsed { return collapsed }
        let keys = object.keys
        guard !keys.isEmpty else { return nil }
        let dynamic = keys.filter(looksDynamic).count
        let mostPresent = keys.map { object.member($0)!.present }.max() ?? 0
        let sparse = keys.count >= 12 && object.count >= 4 && mostPresent * 2 <= object.count
        guard dynamic * 2 >= keys.count || sparse else { return nil }
        let value = ShapeNode(key: nil, path: node.path + ".*")
        for key in keys { value.absorb(object.member(key)!.node) }
        // The values' identities, checked across the whole map (an id met under two keys must carry
        // the same object).
        let trackers = keys.compactMap { object.member($0)!.node.object?.identity }
        if let valueObject = value.object, trackers.count == keys.count, !trackers.isEmpty {
            valueObject.identity = IdentityTracker.merged(trackers)
            valueObject.identityUnknown = false
        }
        return value
    }

    /// Distinct keys seen (at least the collapse limit when collapsed).
    static func distinctKeys(_ node: ShapeNode) -> Int {
        guard let object = node.object else { return 0 }
        return object.collapsed != nil ? ObjectShape.mapCollapseLimit : object.keys.count
    }

    /// A key that is data: digits, a UUID, or text no member name could be (spaces, slashes, dots).
    static func looksDynamic(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first else { return true }
        if first.properties.numericType != nil { return true }
        if UUIDTransformerProbe.isUUID(key) { return true }
        return key.unicodeScalars.contains { " /.:@#+".unicodeScalars.contains($0) } || !SwiftNaming.isUsable(key)
    }
}
