/// Which places of the samples are one entity: the objects met under several keys with the same shape
/// (a `user` in a tweet and in its retweet, a `urls` entry wherever it appears) become one entity, as do
/// the places one entity's member leads to. Union-find over places, deterministic in the order places
/// were met.
struct ShapeClustering {
    /// An object place: objects with a fixed set of keys met at one path.
    struct Place {
        /// The node whose objects these are.
        var node: ShapeNode
        /// The key it was met under (`nil` for the records).
        var hint: String?
        /// Whether it was met as the elements of a list or the values of a map (named in the singular).
        var isElement: Bool
    }

    /// Places, the records first.
    private(set) var places: [Place] = []
    /// Child places by (place, member key).
    private(set) var children: [Int: [String: Int]] = [:]
    private var parents: [Int] = []
    /// The place each place was first met under.
    private var parentPlace: [Int: Int] = [:]
    private var indexOfNode: [ObjectIdentifier: Int] = [:]

    /// Finds every place below the records and groups them.
    init(records: ShapeNode) {
        _ = visit(records, hint: nil, isElement: false)
        unionSimilarShapes()
        unionChildrenUnderSameKey()
    }

    /// The place of a node, when it is one.
    func place(of node: ShapeNode) -> Int? { indexOfNode[ObjectIdentifier(node)] }

    /// The place a place was first met under (`nil` for the records).
    func parent(of place: Int) -> Int? { parentPlace[place] }

    /// The cluster (its lowest place index) of a place.
    func cluster(of place: Int) -> Int {
        var current = place
        while parents[current] != current { current = parents[current] }
        return current
    }

    /// Clusters in the order their first place was met, with their places.
    var clusters: [(id: Int, places: [Int])] {
        var order: [Int] = []
        var members: [Int: [Int]] = [:]
        for index in places.indices {
            let root = cluster(of: index)
            if members[root] == nil { order.append(root) }
            members[root, default: []].append(index)
        }
        return order.map { ($0, members[$0]!) }
    }

    // MARK: Finding places

    private mutating func visit(_ node: ShapeNode, hint: String?, isElement: Bool) -> Int {
        if let known = place(of: node) { return known }
        let index = places.count
        places.append(Place(node: node, hint: hint, isElement: isElement))
        parents.append(index)
        indexOfNode[ObjectIdentifier(node)] = index
        guard let object = node.object else { return index }
        for key in object.keys {
            let member = object.member(key)!.node
            if let child = entityNode(of: member) {
                let childIndex = visit(child.node, hint: key, isElement: child.isElement)
                children[index, default: [:]][key] = childIndex
                if parentPlace[childIndex] == nil, childIndex != index { parentPlace[childIndex] = index }
            }
        }
        return index
    }

    /// The entity node a member leads to: its own objects, a list's elements or a map's values.
    private func entityNode(of member: ShapeNode) -> (node: ShapeNode, isElement: Bool)? {
        switch ValueShape.of(member) {
        case let .entity(node), let .expandable(node, _): return (node, false)
        case let .array(.entity(node)), let .map(.entity(node), _): return (node, true)
        case .unknown, .any, .bool, .number, .string, .array, .map: return nil
        }
    }

    // MARK: Grouping

    private mutating func union(_ first: Int, _ second: Int) {
        let (a, b) = (cluster(of: first), cluster(of: second))
        guard a != b else { return }
        // The lower index stays the root: clusters are named after the place met first.
        if a < b { parents[b] = a } else { parents[a] = b }
    }

    /// Places with the same keys, or nearly (Jaccard similarity of 0.7 or more with four keys or more).
    private mutating func unionSimilarShapes() {
        let keySets = places.map { Set($0.node.object?.keys ?? []) }
        for first in places.indices {
            for second in places.indices where second > first && cluster(of: first) != cluster(of: second) {
                let (a, b) = (keySets[first], keySets[second])
                if a == b, !a.isEmpty {
                    union(first, second)
                    continue
                }
                guard a.count >= 4, b.count >= 4 else { continue }
                let shared = a.intersection(b).count
                if Double(shared) / Double(a.union(b).count) >= 0.7 { union(first, second) }
            }
        }
    }

    /// The places one entity's member leads to are one entity, until nothing changes.
    private mutating func unionChildrenUnderSameKey() {
        var changed = true
        while changed {
            changed = false
            var targets: [Int: [String: Int]] = [:]
            for (place, byKey) in children.sorted(by: { $0.key < $1.key }) {
                let owner = cluster(of: place)
                for (key, child) in byKey.sorted(by: { $0.key < $1.key }) {
                    if let existing = targets[owner]?[key], cluster(of: existing) != cluster(of: child) {
                        union(existing, child)
                        changed = true
                    } else {
                        targets[owner, default: [:]][key] = child
                    }
                }
            }
        }
    }
}
