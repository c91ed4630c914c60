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

    mutating func insert(_ path: ArraySlice<String>, leaf: Leaf) {
        guard let key = path.first else { return }
        let rest = path.dropFirst()
        guard let index = children.firstIndex(where: { $0.0 == key }) else {
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
        switch (children[index].1, rest.isEmpty) {
        case (var .tree(subtree), false):
            subtree.insert(rest, leaf: leaf)
            children[index].1 = .tree(subtree)
        case let (.tree(subtree), true):
            children[index].1 = .merged(leaf, subtree)
        case let (.leaf(object), false):
            var subtree = KeyTree()
            subtree.insert(rest, leaf: leaf)
            children[index].1 = .merged(object, subtree)
        case (.merged(let object, var subtree), false):
            subtree.insert(rest, leaf: leaf)
            children[index].1 = .merged(object, subtree)
        case (.leaf, true), (.merged, true):
            return
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
