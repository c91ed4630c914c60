/// An entity as written: a model type with attributes, relationships, identity and mapping rules.
public struct EntityDeclaration: Hashable, Sendable {
    /// The entity's name (becomes the Swift type name).
    public var name: Located<String>
    /// Doc comment text.
    public var description: Located<String>?
    /// Whether the entity is an abstract parent of a polymorphic family (never instantiated itself).
    public var isAbstract: Located<Bool>?
    /// The parent entity's name.
    public var extends: Located<String>?
    /// On a family's root: the JSON key whose value selects the concrete entity.
    public var discriminator: Located<JSONKeyPath>?
    /// On a concrete member: the discriminator value that selects it (default: the entity's name).
    public var discriminatorValue: ValueNode?
    /// The attributes that identify an instance (find-or-create, upsert), in order.
    public var identifiedBy: [Located<String>] = []
    /// Where `identifiedBy` was written.
    public var identifiedByLocation: SourceLocation?
    /// The key path the entity's own members' keys are read under (`properties` for a GeoJSON feature):
    /// `key:`, `fallbackKeys:` and derived keys are relative to it.
    public var basePath: Located<JSONKeyPath>?
    /// The entity-wide key convention, overriding the file's and the project's.
    public var keyConvention: Located<KeyConvention>?
    /// Attributes in written order.
    public var attributes: [AttributeDeclaration] = []
    /// Relationships in written order.
    public var relationships: [RelationshipDeclaration] = []
    /// A key whose presence means the payload is an error response, not this entity.
    public var errorEnvelope: ErrorEnvelopeDeclaration?
    /// What an import does with stored values whose keys are absent (`keep`, the default, or `clear`).
    public var onAbsent: Located<AbsentKeyPolicy>?
    /// Whether the optional members the entity declares write `nil` as `null` (`writeNulls: true`)
    /// unless a member says otherwise.
    public var writeNulls: Located<Bool>?
    /// The entity's former name: the migration renames its table (and its link tables), keeping the rows.
    public var renamedFrom: Located<String>?
    /// Removed or retyped attributes and relationships whose stored values the next migration may
    /// discard: the explicit acknowledgment without which removing them, or changing their type, is an
    /// error.
    public var discardStoredData: [Located<String>] = []
    /// The requests that send local edits of the entity to the server (`push:`).
    public var push: PushDeclaration?
    /// Where the declaration starts.
    public var location: SourceLocation
}

/// An error envelope (seed 003): when `key` is present in the JSON object, mapping stops with an error
/// that carries the message found at `message` (or at `key` when no message path is given).
public struct ErrorEnvelopeDeclaration: Hashable, Sendable {
    /// The key path whose presence marks an error response.
    public var key: Located<JSONKeyPath>
    /// The key path of a human-readable message, if different from `key`.
    public var message: Located<JSONKeyPath>?
    /// Where the declaration starts.
    public var location: SourceLocation
}
