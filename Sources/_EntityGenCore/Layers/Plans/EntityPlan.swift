/// Everything the model and mapper renderers print for one concrete entity, decided in one place, as
/// data: names, types, fields, transformers and storage.
struct EntityPlan: Sendable {
    /// A stored property with its mapping.
    struct Property: Sendable {
        /// The Swift property name, unescaped (also the init label).
        var name: String
        /// The property name as written in code (backticked if a keyword).
        var identifier: String
        /// The public type, optional included.
        var type: TypeUsage
        /// Whether the type is optional (`?`).
        var isOptional: Bool
        /// Whether `writeJSON` writes `nil` as `null` (`writeNulls: true`) instead of leaving the key out.
        var writesNull = false
        /// How the value is stored: inline, or behind a reference to break a cycle (``StorageDecision``).
        var storage: Storage
        /// Doc comment text.
        var documentation: String?
        /// Where the value is read.
        var field: FieldPlan
        /// The declaration of the attribute or relationship.
        var location: SourceLocation
        /// How the value converts.
        var transformer: TransformerPlan
        /// The runtime's direct entry points for the value (a built-in type read the default way, an
        /// embedded entity); `writeJSON` uses them whenever they exist.
        var direct: DirectAccess?
        /// Whether `map` reads through ``direct`` too: the field is one top-level key with the default
        /// failure policy and no constraints (anything else needs the `MappingField`).
        var readsDirectly: Bool
        /// How it is read: `required`, `optional` or `toMany` (optional, empty when absent).
        var read: Read
        /// For to-many: whether the empty value used when the key is absent is a map (`[:]`) rather than
        /// an array (`[]`).
        var emptyIsMap = false
        /// The schema default, if the schema gives one.
        var defaultValue: ValueLiteral?
        /// The same default as the interpreter reads it: the typed value, read with the plain transformer of
        /// the attribute's type (a schema writes dates in ISO 8601 whatever the attribute's transformer).
        var interpretedDefault: (value: ResolvedValue, plain: TransformerPlan)?
        /// The JSON key path written back (the primary one).
        var writePath: [String]
        /// Schema name (for the name constants).
        var schemaName: String
        /// Whether it is a relationship.
        var isRelationship: Bool

        /// How a property is read from JSON.
        enum Read: Sendable { case required, optional, toMany }

        /// Where a property's value lives.
        enum Storage: Equatable, Sendable {
            /// A stored property of the public type.
            case inline
            /// A private stored `Indirect<Target>` (optional when the property is), behind a computed
            /// property: a to-one embedding inside a cycle of embeddings.
            case indirect
            /// A private stored `IndirectCollection<Collection>`, behind a computed property that
            /// mutates in place: a to-many or map relationship inside a cycle through several entities.
            case indirectCollection
        }
    }

    /// The Swift type name.
    var typeName: String
    /// The schema name.
    var schemaName: String
    /// Doc comment text.
    var documentation: String?
    /// The entity's declaration.
    var location: SourceLocation
    /// Properties, attributes first (inherited first), then relationships.
    var properties: [Property]
    /// How many of ``properties`` are attributes (the rest are relationships).
    var attributeCount: Int
    /// The single identification property and its type, for `Identifiable`.
    var identity: (name: String, type: TypeUsage)?
    /// The identification attributes as indexes into ``properties`` (attributes come first), in
    /// `identifiedBy` order; empty without identity.
    var identityProperties: [Int] = []
    /// The family's discriminator key path and this entity's value, for concrete members.
    var discriminator: (path: [String], value: String)?
    /// Error envelope key path and message path.
    var errorEnvelope: (key: [String], message: [String])?
    /// The properties whose absence `map` records, so that an import keeps their stored values (set by
    /// the persistence translator; empty without persistence).
    var absentChecks: [AbsentCheck] = []
    /// Whether `map` records absent keys beside the model when an import asks (persistence is on): it
    /// records ``absentChecks`` and files the objects each relationship embeds under its slot.
    var tracksAbsentKeys = false
    /// How the model is initialized from its properties (decided once the absent checks are).
    var initializer: Initializer = .explicit

    /// How a model's `init(...)` from its properties comes to be.
    enum Initializer: Sendable {
        /// Swift's memberwise initializer, with the same parameters and defaults (declared as the
        /// properties' initial values): an internal model whose stored properties are all its own.
        case memberwise
        /// Written out: a public or package model (Swift's memberwise initializer is internal), or one
        /// with private storage (boxes), which would make Swift's private.
        case explicit
    }

    /// A property whose key's absence the mapper records (`AbsentFields`, beside the model).
    struct AbsentCheck: Sendable {
        /// The property's index in ``EntityPlan/properties``.
        var property: Int
        /// The bit recorded.
        var bit: Int
        /// Which values read make the mapper look the key up.
        var lookup: Lookup

        /// Which values read may have come from an absent key, so that the mapper looks the key up.
        enum Lookup: Sendable {
            /// `nil` only (an optional without a default).
            case whenNil
            /// An empty collection only (a non-optional array or map whose default is empty, a
            /// non-optional to-many relationship): a non-empty value came from the payload.
            case whenEmpty
            /// Any value (another default stands in for an absent key).
            case always
        }
    }
}

extension EntityPlan.Property {
    /// Whether the field is kept in a stored `static let` (it allocates: key paths, fallbacks,
    /// constraints); otherwise it is built inline where used, which costs nothing.
    var storesField: Bool { field.allocates }

    /// Whether the transformer is kept in a stored `static let` (it allocates: a date formatter);
    /// stateless transformers are built inline.
    var storesTransformer: Bool { transformer.allocates }

    /// The direct entry point's method for this property's shape (`string`, `optionalString`,
    /// `entities`), or `nil` when it has none.
    var directMethod: String? {
        guard let direct else { return nil }
        switch read {
        case .required: return direct.required
        case .optional: return direct.optional
        case .toMany: return direct.toMany
        }
    }

    /// Whether `map`'s direct read of this property throws (see ``DirectAccess/requiredThrows``).
    var directReadThrows: Bool { read == .required && direct?.requiredThrows == true }

    /// `FieldReads`' method for a required read through a `MappingField`, and whether it throws: arrays
    /// and maps stand in as empty when a read fails (`requiredArray`, `requiredMap`); other values have
    /// no placeholder (`required`, with `try`).
    var requiredFieldRead: (method: String, throws: Bool) {
        switch type {
        case .array: ("requiredArray", false)
        case .dictionary: ("requiredMap", false)
        case .builtin, .generated, .custom, .runtime, .optional: ("required", true)
        }
    }

    /// The private stored property behind a boxed (``Storage/indirect``, ``Storage/indirectCollection``)
    /// property: `_name`.
    var boxIdentifier: String { "_" + name }

    /// The stored property that holds the value: the property itself, or its box.
    var storedIdentifier: String { storage == .inline ? identifier : boxIdentifier }

    /// The local variable holding the mapped value (`_name`: schema names cannot start with `_`, so
    /// locals never collide with each other or with the `json` and `context` parameters).
    var local: String { "_" + name }
}

/// A value's direct entry points in the runtime: `context.<name>(json, key, schema: …)` reads it and
/// `writer.<name>(value, forKey: key)` writes it, with no `MappingField` or transformer at the call
/// site (those cost compile time per attribute). The names are the runtime's method names.
struct DirectAccess: Hashable, Sendable {
    /// The method for a required value (`string`).
    var required: String
    /// The method for an optional value (`optionalString`).
    var optional: String
    /// The method for an array of the value (`entities`), where the runtime has one.
    var toMany: String?
    /// The type named in the `as:` argument of the generic entry points (`Swift.Int32`).
    var typeArgument: TypeUsage?
    /// Whether `FieldReads`' required read throws (`try`), having no placeholder to stand in when it
    /// fails: an embedded entity.
    var requiredThrows: Bool

    init(
        required: String, optional: String, toMany: String? = nil, typeArgument: TypeUsage? = nil,
        requiredThrows: Bool = false
    ) {
        self.required = required
        self.optional = optional
        self.toMany = toMany
        self.typeArgument = typeArgument
        self.requiredThrows = requiredThrows
    }
}
