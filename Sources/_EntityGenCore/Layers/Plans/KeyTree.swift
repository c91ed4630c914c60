/// JSON keys to write, grouped by key path so `license.type` and `license.file` share one object. Shared
/// by the renderer and the interpreter so both write the same shape.
struct KeyTree<Leaf> {
    indirect enum Node {
        case leaf(Leaf)
        case tree(KeyTree)
        /// A leaf writing an object (an embedded to-one relationship) and members read inside it
        /// (`authorId` at `author.id`): the object is written, then the members it lacks are added; with
        /// no object, the members are written as one.
        case merged(Leaf, KeyTree)
    }

    /// Children in first-insertion order.
    private(set) var children: [(String, Node)] = []
    /// Each child's position in ``children``, by key: an entity of 64,000 attributes inserts in linear
    /// time (a search through the children made it quadratic, 16.6 s in a debug build at 32,000).
    private var positions: [String: Int] = [:]

    mutating func insert(_ path: ArraySlice<String>, leaf: Leaf) {
        guard let key = path.first else { return }
        let rest = path.dropFirst()
        guard let index = positions[key] else {
            positions[key] = children.count
            if rest.isEmpty {
                children.append((key, .leaf(leaf)))
            } else {
                var subtree = KeyTree()
                subtree.insert(rest, leaf: leaf)
                children.append((key, .tree(subtree)))
            }
            return
        }
        // The validator lets only members inside an embedded object overlap it; nothing else lands here.
        // The child is taken out of the list first, so its subtree is the only reference to its storage
        // and grows in place (a copy per insert made a shared parent object quadratic).
        var (object, subtree) = Self.parts(children[index].1)
        children[index].1 = .tree(KeyTree())
        if !rest.isEmpty {
            if subtree == nil { subtree = KeyTree() }
            subtree!.insert(rest, leaf: leaf)
        } else if object == nil {
            object = leaf
        }
        switch (object, subtree) {
        case let (object?, subtree?): children[index].1 = .merged(object, subtree)
        case let (object?, nil): children[index].1 = .leaf(object)
        case let (nil, subtree?): children[index].1 = .tree(subtree)
        case (nil, nil): break
        }
    }

    /// A node's leaf and subtree.
    private static func parts(_ node: Node) -> (Leaf?, KeyTree?) {
        switch node {
        case let .leaf(leaf): return (leaf, nil)
        case let .tree(tree): return (nil, tree)
        case let .merged(leaf, tree): return (leaf, tree)
        }
    }

    /// All leaves below this tree.
    var leaves: [Leaf] {
        children.flatMap { _, node -> [Leaf] in
            switch node {
            case let .leaf(leaf): return [leaf]
            case let .tree(subtree): return subtree.leaves
            case let .merged(leaf, subtree): return [leaf] + subtree.leaves
            }
        }
    }
}
