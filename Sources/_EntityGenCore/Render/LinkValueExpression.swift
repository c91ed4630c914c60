extension TablePlan.LinkValue {
    /// The expression a backend's `save(in:)` writes for a link key column: the owner's row id or
    /// property, the owned target's row id, or the element's identity.
    var saveExpression: String {
        switch self {
        case .ownerRowID: return "_rowID"
        case let .ownerProperty(identifier): return "self.\(identifier)"
        case .targetRowID: return "_target"
        case .referenceID: return "_element.id"
        case let .elementProperty(identifier): return "_element.\(identifier)"
        }
    }
}
