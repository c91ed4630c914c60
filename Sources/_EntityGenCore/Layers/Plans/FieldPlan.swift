/// Where a property's value is read in JSON and how a failure there is handled: what generated code
/// builds as a `MappingField` and the interpreter builds as the same runtime value.
struct FieldPlan: Hashable, Sendable {
    /// Key paths, the primary one first, then fallbacks.
    var paths: [[String]]
    /// The declaration, reported with failures.
    var location: SourceLocation
    /// What a value that fails to convert does.
    var onFailure: FailurePolicy
    /// Constraints checked after conversion, in schema order.
    var constraints: [ResolvedConstraint]

    /// Whether building the field allocates (several or nested key paths, constraints), so generated
    /// code keeps it in a stored `static let`; a single top-level key is built inline at no cost.
    var allocates: Bool {
        paths.count > 1 || paths[0].count > 1 || !constraints.isEmpty
    }

    /// Whether the field is one top-level key with the default failure policy and no constraints, so
    /// the runtime's direct entry points can read it.
    var isPlain: Bool {
        !allocates && onFailure == .fail
    }
}
