import EntityGenRuntime

/// What `entitygen infer` learned about the values met at one place of the samples (a record, a
/// member of an object, the elements of an array): counts by JSON kind, what the numbers and strings
/// could be, and, for objects and arrays, the nodes below. Bounded: it keeps statistics, never the
/// values (at most ``StringStatistics/distinctLimit`` short strings for enums, and identity hashes
/// within ``IdentityBudget``).
final class ShapeNode {
    /// Values seen, `null` included.
    var count = 0
    /// `null` values.
    var nulls = 0
    /// `true`/`false` values.
    var bools = 0
    /// What the numbers were.
    var numbers = NumberStatistics()
    /// What the strings were.
    var strings = StringStatistics()
    /// Objects seen here, when any.
    var object: ObjectShape?
    /// Arrays seen here, when any.
    var array: ArrayShape?
    /// The key under which the node was met (`nil` for records and array elements), for naming.
    let key: String?
    /// The parent's key path, for reports (`$.statuses[].user`).
    let path: String
    /// ``MapDetection/value(of:)``'s answer, once asked (the same node every time, so the entities
    /// found inside a map are the ones its type names).
    var mapValueCache: ShapeNode??
    /// The values, when the key names another record's id (`user_id`): a reference, if each is one.
    var referenceValues: ReferenceValues?
    /// Whether the objects here are split by a discriminator-like key (the records only: ``VariantTracker``).
    var tracksVariants = false

    init(key: String?, path: String) {
        self.key = key
        self.path = path
        if let key, IdentityTracker.foreignKeyPrefix(key) != nil { referenceValues = ReferenceValues() }
    }

    /// Values that were not `null`.
    var nonNull: Int { count - nulls }

    /// How many JSON kinds the non-null values had.
    var kindCount: Int {
        [bools, numbers.count, strings.count, object?.count ?? 0, array?.count ?? 0].filter { $0 > 0 }.count
    }

    /// Records one value.
    func observe(_ value: JSONValue, budget: IdentityBudget) {
        count += 1
        referenceValues?.observe(value, budget: budget)
        switch value.kind {
        case .null: nulls += 1
        case .false, .true: bools += 1
        case .number: numbers.observe(value)
        case .string: strings.observe(value, key: key)
        case .object:
            if object == nil {
                object = ObjectShape(path: path)
                if tracksVariants { object!.variants = VariantTracker(firstObject: value) }
            }
            object!.observe(value, budget: budget)
        case .array:
            if array == nil { array = ArrayShape(element: ShapeNode(key: nil, path: path + "[]")) }
            array!.observe(value, budget: budget)
        }
    }
}

/// The objects met at one place: each member's presence and node, in the order keys were first seen.
final class ObjectShape {
    /// Objects seen.
    var count = 0
    /// Member keys in first-seen order.
    private(set) var keys: [String] = []
    /// Members by key.
    private(set) var members: [String: Member] = [:]
    /// Set once the objects had so many distinct keys that they can only be a map: from then on every
    /// member's value goes to this one node (memory stays bounded whatever the keys).
    private(set) var collapsed: ShapeNode?
    /// Candidate identities and what their values were.
    var identity: IdentityTracker?
    /// Set when objects were folded in without their identities (a map's values): uniqueness is then
    /// unknown, and no tracker starts part-way.
    var identityUnknown = false
    /// The objects split by a discriminator-like key, when tracked.
    var variants: VariantTracker?
    /// Objects that repeated a key (`{"a": 1, "a": 2}`), which a model cannot keep.
    var repeatedKeys = 0
    let path: String

    /// Distinct keys beyond which the objects are read as a map.
    static let mapCollapseLimit = 1_000

    /// One member: how often the key was present, and its values.
    final class Member {
        var present = 0
        let node: ShapeNode
        init(node: ShapeNode) { self.node = node }
    }

    init(path: String) { self.path = path }

    func observe(_ value: JSONValue, budget: IdentityBudget) {
        count += 1
        if identity == nil, !identityUnknown { identity = IdentityTracker(firstObject: value) }
        identity?.observe(value, budget: budget)
        variants?.observe(value)
        var seen = Set<String>()
        value.forEachMember { key, member in
            guard seen.insert(key).inserted else {
                repeatedKeys += 1
                return
            }
            if let collapsed {
                collapsed.observe(member, budget: budget)
                return
            }
            let entry: Member
            if let existing = members[key] {
                entry = existing
            } else {
                entry = Member(node: ShapeNode(key: key, path: path + "." + key))
                members[key] = entry
                keys.append(key)
            }
            entry.present += 1
            entry.node.observe(member, budget: budget)
            if keys.count > Self.mapCollapseLimit { collapse() }
        }
    }

    /// Folds every member into one node: from here on the objects are a map.
    private func collapse() {
        let node = ShapeNode(key: nil, path: path + ".*")
        for key in keys { node.absorb(members[key]!.node) }
        collapsed = node
        members = [:]
        keys = []
        identity = nil
        identityUnknown = true
    }
}

/// The arrays met at one place: their elements' node.
final class ArrayShape {
    /// Arrays seen.
    var count = 0
    /// Arrays with no element.
    var empty = 0
    /// Every element of every array.
    let element: ShapeNode

    init(element: ShapeNode) { self.element = element }

    func observe(_ value: JSONValue, budget: IdentityBudget) {
        count += 1
        if value.count == 0 { empty += 1 }
        value.forEachElement { _, element in self.element.observe(element, budget: budget) }
    }
}

extension ShapeNode {
    /// Adds another node's statistics to this one (a map's members, folded into its value node).
    func absorb(_ other: ShapeNode) {
        count += other.count
        nulls += other.nulls
        bools += other.bools
        numbers.absorb(other.numbers)
        strings.absorb(other.strings)
        if let otherValues = other.referenceValues {
            if referenceValues == nil { referenceValues = ReferenceValues() }
            referenceValues!.absorb(otherValues)
        }
        if let otherObject = other.object {
            if object == nil { object = ObjectShape(path: path) }
            object!.absorb(otherObject)
        }
        if let otherArray = other.array {
            if array == nil { array = ArrayShape(element: ShapeNode(key: nil, path: path + "[]")) }
            array!.count += otherArray.count
            array!.empty += otherArray.empty
            array!.element.absorb(otherArray.element)
        }
    }
}

extension ObjectShape {
    /// Adds another place's objects (their members by key); identities are not carried over.
    func absorb(_ other: ObjectShape) {
        count += other.count
        repeatedKeys += other.repeatedKeys
        identity = nil
        identityUnknown = true
        if let otherCollapsed = other.collapsed {
            if collapsed == nil { collapsed = ShapeNode(key: nil, path: path + ".*") }
            collapsed!.absorb(otherCollapsed)
        }
        for key in other.keys {
            let theirs = other.members[key]!
            if let collapsed {
                collapsed.absorb(theirs.node)
                continue
            }
            if let mine = members[key] {
                mine.present += theirs.present
                mine.node.absorb(theirs.node)
            } else {
                let copy = Member(node: ShapeNode(key: key, path: path + "." + key))
                copy.present = theirs.present
                copy.node.absorb(theirs.node)
                members[key] = copy
                keys.append(key)
            }
        }
    }

    /// A member by key (`nil` when never seen).
    func member(_ key: String) -> Member? { members[key] }
}
