/// Everything the renderers print for one concrete entity, decided in one place.
struct EntityPlan {
    /// A stored property with its mapping.
    struct Property {
        /// The Swift property name, unescaped (also the init label).
        var name: String
        /// The property name as written in code (backticked if a keyword).
        var identifier: String
        /// The public type, e.g. `Swift.String?`.
        var type: String
        /// Whether the type is optional (`?`).
        var isOptional: Bool
        /// How the value is stored: inline, or behind a reference to break a cycle.
        var storage: Storage
        /// Doc comment text.
        var documentation: String?
        /// The `MappingField` initializer expression.
        var field: String
        /// Schema location of the declaration, as a string literal.
        var schemaLocation: String
        /// The transformer expression.
        var transformer: String
        /// Whether the field is kept in a stored `static let` (it allocates: key paths, fallbacks,
        /// constraints); otherwise it is built inline where used, which costs nothing.
        var storesField: Bool
        /// The runtime's direct entry points for the value (a built-in type read the default way, an
        /// embedded entity); `writeJSON` uses them whenever they exist.
        var direct: DirectAccess?
        /// Whether `map` reads through ``direct`` too: the field is one top-level key with the default
        /// failure policy and no constraints (anything else needs the `MappingField`).
        var readsDirectly: Bool
        /// Whether the transformer is kept in a stored `static let` (it allocates: a date formatter);
        /// stateless transformers are built inline.
        var storesTransformer: Bool
        /// How it is read: `required`, `optional` or `toMany` (optional, empty when absent).
        var read: Read
        /// For to-many: the empty value used when the key is absent (`[]` or `[:]`).
        var emptyValue: String = "[]"
        /// The Swift default expression, if the schema gives one.
        var defaultValue: String?
        /// The JSON key path written back (the primary one).
        var writePath: [String]
        /// Schema name (for the name constants).
        var schemaName: String
        /// Whether it is a relationship.
        var isRelationship: Bool

        enum Read { case required, optional, toMany }

        /// Where a property's value lives.
        enum Storage: Equatable {
            /// A stored property of the public type.
            case inline
            /// A private stored `Indirect<target>` (optional when the property is), behind a computed
            /// property: a to-one embedding inside a cycle of embeddings.
            case indirect(box: String)
            /// A private stored `IndirectCollection<collection>`, behind a computed property that mutates
            /// in place: a to-many or map relationship inside a cycle through several entities.
            case indirectCollection(box: String)
        }
    }

    /// The Swift type name.
    var typeName: String
    /// The schema name.
    var schemaName: String
    /// Doc comment text.
    var documentation: String?
    /// Schema location of the entity, `"file:line:column"` as a literal.
    var schemaLocation: String
    /// Properties, inherited first.
    var properties: [Property]
    /// The single identification property and its type, for `Identifiable`.
    var identity: (name: String, type: String)?
    /// The family's discriminator key path and this entity's value, for concrete members.
    var discriminator: (path: [String], value: String)?
    /// Error envelope key path and message path.
    var errorEnvelope: (key: [String], message: [String])?
}

extension EntityPlan.Property {
    /// The field as used in `map`.
    var fieldReference: String { storesField ? "_Fields.\(identifier)" : field }

    /// The transformer as used in `map` and `writeJSON`.
    var transformerReference: String { storesTransformer ? "_Transformers.\(identifier)" : transformer }

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

    /// The statement writing `value` in `writeJSON` through the transformer (after its key).
    func encodeStatement(_ value: String) -> String {
        "\(transformerReference).encode(\(value), to: &writer)"
    }

    /// The private stored property behind a boxed (``Storage/indirect(box:)``,
    /// ``Storage/indirectCollection(box:)``) property: `_name`.
    var boxIdentifier: String { "_" + name }

    /// The stored property that holds the value: the property itself, or its box.
    var storedIdentifier: String { storage == .inline ? identifier : boxIdentifier }

    /// The local variable holding the mapped value (`_name`: schema names cannot start with `_`, so
    /// locals never collide with each other or with the `json` and `context` parameters).
    var local: String { "_" + name }
}
