/// A Swift type that generated code names, as data. Translate decides it; only Render spells it
/// (standard library and Foundation types fully qualified, so a user's own `String` cannot shadow them).
indirect enum TypeUsage: Hashable, Sendable {
    /// A built-in schema type (`Swift.String`, `Foundation.Date`).
    case builtin(BuiltinType)
    /// A type generated from the schema (an entity, a family, an enum, a custom transformer), by its
    /// Swift name.
    case generated(String)
    /// A Swift type the project defines itself, named by a custom transformer's `swiftType`.
    case custom(String)
    /// A generic type of the runtime module (`EntityGenRuntime.EntityReference<Owner>`).
    case runtime(String, [TypeUsage])
    /// `[Element]`.
    case array(TypeUsage)
    /// `[Swift.String: Value]`.
    case dictionary(TypeUsage)
    /// `Wrapped?`.
    case optional(TypeUsage)

    /// The type made optional, unless it already is.
    var optional: TypeUsage {
        if case .optional = self { return self }
        return .optional(self)
    }
}
