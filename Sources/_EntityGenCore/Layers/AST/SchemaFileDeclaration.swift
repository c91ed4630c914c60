/// One schema file as written: its entities, enums, custom transformers and feeds, in file order.
public struct SchemaFileDeclaration: Hashable, Sendable {
    /// The file's path as the user named it.
    public var path: String
    /// The file-wide key convention, overriding the project's.
    public var keyConvention: Located<KeyConvention>?
    /// Entities, in file order.
    public var entities: [EntityDeclaration] = []
    /// Enums, in file order.
    public var enums: [EnumDeclaration] = []
    /// Custom transformers, in file order.
    public var transformers: [TransformerDeclaration] = []
    /// Feeds, in file order.
    public var feeds: [FeedDeclaration] = []

    /// Creates an empty file declaration.
    public init(path: String) {
        self.path = path
    }
}

/// An enum attribute type: string or integer raw values, with an optional fallback case for values the
/// schema does not list (so a new server-side value does not break a payload).
public struct EnumDeclaration: Hashable, Sendable {
    /// The raw value type.
    public enum RawType: String, CaseIterable, Hashable, Sendable {
        /// String raw values (the default).
        case string = "String"
        /// Integer raw values.
        case int = "Int"
    }

    /// One case: its Swift name and raw value.
    public struct Case: Hashable, Sendable {
        /// The case name as written, or derived from a string raw value.
        public var name: Located<String>
        /// Whether `name` was derived from the raw value (the list form).
        public var nameIsDerived: Bool
        /// The raw value.
        public var rawValue: ValueNode
    }

    /// The type name.
    public var name: Located<String>
    /// Doc comment text.
    public var description: Located<String>?
    /// `String` (default) or `Int`.
    public var rawType: Located<RawType>?
    /// Cases in written order.
    public var cases: [Case] = []
    /// Name of an extra case that receives unknown raw values (it keeps the raw value).
    public var fallback: Located<String>?
    /// Where the declaration starts.
    public var location: SourceLocation
}

extension EnumDeclaration {
    /// The case a schema value names, by raw value or by Swift case name (defaults may use either).
    public func `case`(named text: String) -> Case? {
        cases.first { $0.rawValue.textOrIntegerText == text || SwiftNaming.memberName($0.name.value) == text }
    }
}

/// A custom transformer: a named conversion the user implements in Swift (in the human file).
public struct TransformerDeclaration: Hashable, Sendable {
    /// The transformer's name, used in `transformer:`.
    public var name: Located<String>
    /// Doc comment text.
    public var description: Located<String>?
    /// The Swift type it produces (a type of the user's, e.g. `Color`).
    public var swiftType: Located<String>?
    /// The JSON value kind it reads.
    public var json: Located<JSONValueKind>?
    /// JSON values it must read, and read again from what it writes (`examples:`): checked for their kind
    /// by lint, and round-tripped through the user's code by the generated `checkExamples()`.
    public var examples: [ValueNode] = []
    /// Where the declaration starts.
    public var location: SourceLocation
}
