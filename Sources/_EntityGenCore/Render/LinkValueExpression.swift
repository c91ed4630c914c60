extension TablePlan.LinkValue {
    /// The expression a backend store's `save` writes for a link key column: the owner's row id or
    /// property, the owned target's row id, or the element's identity.
    var saveExpression: String {
        switch self {
        case .ownerRowID: return "_rowID"
        case let .ownerProperty(identifier): return "\(Spelling.storedEntity).\(identifier)"
        case .targetRowID: return "_target"
        case .referenceID: return "_element.id"
        case let .elementProperty(identifier): return "_element.\(identifier)"
        }
    }
}

extension TablePlan.Link {
    /// The loop over the relationship's elements in a backend store's `save`, binding `_position` and
    /// `_element` (and `_key` for a map, in key order); `nil` saves like `[]`.
    var elementLoop: String {
        isMap
            ? "for (_position, (_key, _element)) in \(collection).sorted(by: { $0.key < $1.key }).enumerated() {"
            : "for (_position, _element) in \(collection).enumerated() {"
    }

    /// The absent keys of the element the loop is at, in the owner's `absent` tree.
    var absentChild: String {
        isMap ? "absent.child(\(slot), key: _key)" : "absent.child(\(slot), _position)"
    }

    /// The relationship's elements (`nil` as empty).
    var collection: String {
        let property = "\(Spelling.storedEntity).\(identifier)"
        return isOptional ? "(\(property) ?? \(isMap ? "[:]" : "[]"))" : property
    }
}
