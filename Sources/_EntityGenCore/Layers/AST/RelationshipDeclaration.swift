/// A relationship as written: to-one or to-many, embedded in the JSON or by reference to the target's
/// identifier.
public struct RelationshipDeclaration: Hashable, Sendable {
    /// The relationship's name (becomes the Swift property name).
    public var name: Located<String>
    /// Doc comment text.
    public var description: Located<String>?
    /// The target entity's name.
    public var target: Located<String>?
    /// `true` for `to: [Target]` and `to: {String: Target}`.
    public var isToMany: Bool = false
    /// `true` for `to: {String: Target}`: a JSON object whose values are the targets.
    public var isMap: Bool = false
    /// `true` when written `Target?` or `optional: true`.
    public var isOptional: Located<Bool>?
    /// The JSON key path; default derived from the name and key convention.
    public var key: Located<JSONKeyPath>?
    /// Key paths tried in order when `key` is absent or null.
    public var fallbackKeys: [Located<JSONKeyPath>] = []
    /// By reference: the target attribute whose value the JSON holds (`reference: serverId`), or
    /// `true` for the target's single identification attribute. `nil` means embedded.
    public var reference: Located<ReferenceSpec>?
    /// `expandable: true` on a reference: the JSON holds the identifier or the whole target object,
    /// and the property is an `Expandable` that writes back the form it read.
    public var expandable: Located<Bool>?
    /// The inverse relationship's name in the target.
    public var inverse: Located<String>?
    /// What deleting this side does to the other.
    public var deleteRule: Located<DeleteRule>?
    /// What to do when the value is present but cannot be mapped.
    public var onFailure: Located<FailurePolicy>?
    /// What an import does with the stored relationship when the key is absent.
    public var onAbsent: Located<AbsentKeyPolicy>?
    /// Whether a `nil` value is written as `null` rather than left out (`writeNulls: true`, for APIs that
    /// send `null` for what they have no value for); unset: the entity's setting, then `false`.
    public var writeNulls: Located<Bool>?
    /// The relationship's former name: the migration renames its key columns, keeping the links.
    public var renamedFrom: Located<String>?
    /// What to do with an element of a to-many that cannot be mapped.
    public var onInvalidElement: Located<ElementFailurePolicy>?
    /// What to do when a referenced target does not exist: `fail` the page, or `drop` the link
    /// (reported). Only for references.
    public var onMissingTarget: Located<FailurePolicy>?
    /// Where the declaration starts (the name).
    public var location: SourceLocation

    /// How a reference names its target attribute.
    public enum ReferenceSpec: Hashable, Sendable {
        /// The target's single identification attribute.
        case identity
        /// A named attribute of the target.
        case attribute(String)
    }
}
