/// An attribute as written: a typed value read from a JSON key path.
public struct AttributeDeclaration: Hashable, Sendable {
    /// The attribute's name (becomes the Swift property name after lower camel casing).
    public var name: Located<String>
    /// Doc comment text.
    public var description: Located<String>?
    /// The type. May be omitted when a custom transformer gives it.
    public var type: Located<TypeExpression>?
    /// `true` when written `Type?` or `optional: true`.
    public var isOptional: Located<Bool>?
    /// The JSON key path; default derived from the name and key convention.
    public var key: Located<JSONKeyPath>?
    /// Key paths tried in order when `key` is absent or null.
    public var fallbackKeys: [Located<JSONKeyPath>] = []
    /// Default value used when the key is absent or null (and by `onFailure: default`).
    public var defaultValue: ValueNode?
    /// A built-in or custom transformer's name.
    public var transformer: Located<String>?
    /// A date pattern (`EEE MMM dd HH:mm:ss Z yyyy`); the custom-pattern date transformer.
    public var dateFormat: Located<String>?
    /// What to do when the value is present but cannot be mapped.
    public var onFailure: Located<FailurePolicy>?
    /// What an import does with the stored value when the key is absent (`keep` unless the entity says otherwise).
    public var onAbsent: Located<AbsentKeyPolicy>?
    /// Whether a `nil` value is written as `null` rather than left out (`writeNulls: true`, for APIs that
    /// send `null` for what they have no value for); unset: the entity's setting, then `false`.
    public var writeNulls: Located<Bool>?
    /// The attribute's former name: the migration renames its column, keeping the stored values.
    public var renamedFrom: Located<String>?
    /// What to do with an array element that cannot be mapped.
    public var onInvalidElement: Located<ElementFailurePolicy>?
    /// Validation constraints.
    public var constraints = ConstraintsDeclaration()
    /// JSON values the attribute must read, and read again from what it writes (`examples:`), checked
    /// by lint through the interpreter.
    public var examples: [ValueNode] = []
    /// Where the declaration starts (the name).
    public var location: SourceLocation
}

/// Validation constraints on a value. Numbers bound numeric values; lengths bound string length (in
/// characters) or array and map counts; `pattern` is a regular expression a string must match in full;
/// `oneOf` lists the allowed values.
public struct ConstraintsDeclaration: Hashable, Sendable {
    /// Inclusive lower bound for numbers.
    public var minimum: ValueNode?
    /// Inclusive upper bound for numbers.
    public var maximum: ValueNode?
    /// Minimum length or count.
    public var minLength: ValueNode?
    /// Maximum length or count.
    public var maxLength: ValueNode?
    /// Regular expression (ICU syntax, as `NSRegularExpression`), anchored to the whole string.
    public var pattern: Located<String>?
    /// Allowed values.
    public var oneOf: ValueNode?

    /// Whether no constraint is set.
    public var isEmpty: Bool {
        minimum == nil && maximum == nil && minLength == nil && maxLength == nil && pattern == nil && oneOf == nil
    }
}
