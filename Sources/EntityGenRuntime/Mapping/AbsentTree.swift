/// The keys a mapped JSON object and the objects it embeds did not have, recorded beside the model,
/// never in it: an import reads it to keep what is stored for them (`onAbsent: keep`, the default).
/// ``MappingContext/mapRecordingAbsentKeys(_:as:)`` records one; a model built in code has none
/// (`AbsentTree()`), and saving it replaces every stored value.
///
/// Each embedded object's tree is found by its relationship (the `slot`, the property's index in the
/// model, which generated code passes) and its position in the relationship's array, or its key in a
/// map; a to-one target is at position 0.
public struct AbsentTree: Sendable {
    /// The object's own absent fields.
    public var fields = AbsentFields()
    /// The embedded objects' trees, by relationship (none for an object that embeds no object).
    @usableFromInline var children: [Children] = []

    /// The trees of one relationship's embedded objects.
    @usableFromInline struct Children: Sendable {
        /// The relationship's slot.
        @usableFromInline var slot: Int
        /// By position (arrays, to-one targets).
        @usableFromInline var list: [AbsentTree] = []
        /// By key (maps).
        @usableFromInline var keyed: [String: AbsentTree] = [:]

        @usableFromInline init(slot: Int) { self.slot = slot }
    }

    /// No key absent, here or below.
    @inlinable public init() {}

    /// The tree of the object at `position` of relationship `slot` (a to-one target: 0); empty when
    /// none was recorded.
    @inlinable public func child(_ slot: Int, _ position: Int = 0) -> AbsentTree {
        for children in self.children where children.slot == slot {
            return position < children.list.count ? children.list[position] : AbsentTree()
        }
        return AbsentTree()
    }

    /// The tree of the object under `key` of map relationship `slot`; empty when none was recorded.
    @inlinable public func child(_ slot: Int, key: String) -> AbsentTree {
        for children in self.children where children.slot == slot { return children.keyed[key] ?? AbsentTree() }
        return AbsentTree()
    }

    /// Files `tree` under relationship `slot`, at the next position or under `key`.
    @usableFromInline mutating func append(_ tree: AbsentTree, slot: Int, key: String?) {
        let index: Int
        if let found = children.firstIndex(where: { $0.slot == slot }) {
            index = found
        } else {
            children.append(Children(slot: slot))
            index = children.count - 1
        }
        if let key { children[index].keyed[key] = tree } else { children[index].list.append(tree) }
    }
}

/// What a ``MappingContext`` recording absent keys holds while it maps: the trees of the objects being
/// mapped, outermost first, and where the next embedded object goes in its owner's.
@usableFromInline struct AbsentRecorder: Sendable {
    /// An object being mapped: its tree so far, and where it goes in its owner's.
    @usableFromInline struct Frame: Sendable {
        @usableFromInline var tree = AbsentTree()
        @usableFromInline var slot: Int
        @usableFromInline var key: String?

        @usableFromInline init(slot: Int, key: String?) {
            self.slot = slot
            self.key = key
        }
    }

    /// The tree of the object mapped at the root. A field, not a first frame: an object without
    /// embedded objects (every item of most feeds) records its absent keys without allocating.
    @usableFromInline var root = AbsentTree()
    /// Open embedded objects, the one being mapped last.
    @usableFromInline var frames: [Frame] = []
    /// The relationship the mapper is reading (set by generated code before it reads one).
    @usableFromInline var slot = 0
    /// The map key of the element being read, inside a map relationship.
    @usableFromInline var key: String?

    @usableFromInline init() {}
}
