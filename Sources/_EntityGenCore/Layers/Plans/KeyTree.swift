/// JSON keys to write, grouped by key path so `license.type` and `license.file` share one object. Shared
/// by the renderer and the interpreter so both write the same shape.
struct KeyTree<Leaf> {
    indirect enum Node {
        case leaf(Leaf)
        case tree(KeyTree)
    }

    /// Children in first-insertion order.
    private(set) var children: [(String, Node)] = []

    mutating func insert(_ path: ArraySlice<String>, leaf: Leaf) {
        guard let key = path.first else { return }
        let rest = path.dropFirst()
        if let index = children.firstIndex(where: { $0.0 == key }) {
            if case var .tree(subtree) = children[index].1, !rest.isEmpty {
                subtree.insert(rest, leaf: leaf)
                children[index].1 = .tree(subtree)
            }
            return  // the validator rejects overlapping paths; nothing else can land here
        }
        if rest.isEmpty {
            children.append((key, .leaf(leaf)))
        } else {
            var subtree = KeyTree()
            subtree.insert(rest, leaf: leaf)
            children.append((key, .tree(subtree)))
        }
    }

    /// All leaves below this tree.
    var leaves: [Leaf] {
        children.flatMap { _, node -> [Leaf] in
            switch node {
            case let .leaf(leaf): return [leaf]
            case let .tree(subtree): return subtree.leaves
            }
        }
    }
}
