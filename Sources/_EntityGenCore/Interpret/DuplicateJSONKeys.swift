import EntityGenRuntime

/// Objects of a payload that repeat a key. RFC 8259 leaves the meaning of a repeated name open; the
/// reader and every generated mapper read the *first* occurrence (documented in MappingSemantics), so a
/// later one is ignored without a word: `entitygen check` reports each repeat as a warning.
public enum DuplicateJSONKeys {
    /// One repeated key: the object's JSON path, the key, and how often it appears there.
    public struct Repeat: Hashable, Sendable {
        /// The object's JSON path (`$.result[3]`).
        public var path: String
        /// The repeated key.
        public var key: String
        /// How many times it appears in that object.
        public var count: Int
    }

    /// Every repeated key in `root`'s objects, in document order, the first `limit` of them.
    public static func find(in root: JSONValue, limit: Int = 100) -> [Repeat] {
        var found: [Repeat] = []
        var pending = [root]
        while let value = pending.popLast(), found.count < limit {
            switch value.kind {
            case .object:
                var counts: [String: Int] = [:]
                var order: [String] = []
                var members: [JSONValue] = []
                value.forEachMember { key, member in
                    if counts[key, default: 0] == 0 { order.append(key) }
                    counts[key, default: 0] += 1
                    members.append(member)
                }
                for key in order where counts[key]! > 1 {
                    found.append(Repeat(path: value.path, key: key, count: counts[key]!))
                }
                pending += members.reversed()  // the first member is visited next: document order
            case .array:
                var elements: [JSONValue] = []
                value.forEachElement { _, element in elements.append(element) }
                pending += elements.reversed()
            case .null, .true, .false, .number, .string:
                break
            }
        }
        return Array(found.prefix(limit))
    }
}
