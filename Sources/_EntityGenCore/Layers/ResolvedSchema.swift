/// The validated schema: every name resolved, inheritance flattened, types and JSON key paths decided.
/// It exists only when validation found no errors, and is what the translator consumes.
public struct ResolvedSchema: Sendable {
    /// The resolved project config.
    public var config: ProjectConfig
    /// Schema files sorted by path.
    public var files: [SchemaFileDeclaration]
    /// Entities sorted by name.
    public var entities: [ResolvedEntity] {
        didSet { entityIndex = Self.index(entities) }
    }
    /// Enums sorted by name, their raw values read.
    public var enums: [ResolvedEnum] {
        didSet { enumIndex = Dictionary(enums.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a }) }
    }
    /// Custom transformers sorted by name.
    public var transformers: [TransformerDeclaration]
    /// Feeds sorted by name, resolved.
    public var feeds: [ResolvedFeed]
    /// The project config file, where project-wide findings point; `nil` without one.
    public var configPath: String?
    /// Each backend's recorded migrations (missing: none recorded yet).
    public var migrationHistories: [StorageBackendKind: MigrationHistory] = [:]

    /// A backend's recorded migrations (``MigrationHistory/empty`` when it has none yet).
    public func migrationHistory(for backend: StorageBackendKind) -> MigrationHistory {
        migrationHistories[backend] ?? .empty
    }

    /// Where a backend's migration history is, or will be, recorded: beside the config file.
    public func migrationHistoryPath(for backend: StorageBackendKind) -> String? {
        configPath.map(backend.historyPath(besideConfig:))
    }

    private var entityIndex: [String: Int]
    private var enumIndex: [String: Int]

    /// Creates a resolved schema.
    public init(
        config: ProjectConfig, files: [SchemaFileDeclaration], entities: [ResolvedEntity], enums: [ResolvedEnum],
        transformers: [TransformerDeclaration], feeds: [ResolvedFeed]
    ) {
        self.config = config
        self.files = files
        self.entities = entities
        self.enums = enums
        self.transformers = transformers
        self.feeds = feeds
        entityIndex = Self.index(entities)
        enumIndex = Dictionary(enums.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private static func index(_ entities: [ResolvedEntity]) -> [String: Int] {
        Dictionary(entities.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The entity with a schema name.
    public func entity(named name: String) -> ResolvedEntity? {
        entityIndex[name].map { entities[$0] }
    }

    /// The enum with a schema name.
    public func enumeration(named name: String) -> ResolvedEnum? {
        enumIndex[name].map { enums[$0] }
    }
}

/// A type after name resolution.
public indirect enum ResolvedType: Hashable, Sendable, CustomStringConvertible {
    /// A built-in scalar.
    case builtin(BuiltinType)
    /// A schema enum, by name.
    case enumeration(String)
    /// A custom transformer's Swift type.
    case custom(swiftType: String, transformer: String)
    /// An array.
    case array(ResolvedType)
    /// A map with String keys.
    case map(ResolvedType)

    /// The innermost scalar type.
    public var leaf: ResolvedType {
        switch self {
        case let .array(element), let .map(element): return element.leaf
        case .builtin, .enumeration, .custom: return self
        }
    }

    /// The built-in leaf type, if the leaf is built in.
    public var leafBuiltin: BuiltinType? {
        if case let .builtin(type) = leaf { return type }
        return nil
    }

    /// Whether the top level is an array or map.
    public var isCollection: Bool {
        switch self {
        case .array, .map: return true
        case .builtin, .enumeration, .custom: return false
        }
    }

    /// Schema syntax.
    public var description: String {
        switch self {
        case let .builtin(type): return type.rawValue
        case let .enumeration(name): return name
        case let .custom(swiftType, _): return swiftType
        case let .array(element): return "[\(element)]"
        case let .map(value): return "[String: \(value)]"
        }
    }

    /// The same arrays and maps around another leaf (`[Int64]` with `Double`: `[Double]`).
    public func replacingLeaf(with leaf: ResolvedType) -> ResolvedType {
        switch self {
        case let .array(element): return .array(element.replacingLeaf(with: leaf))
        case let .map(value): return .map(value.replacingLeaf(with: leaf))
        case .builtin, .enumeration, .custom: return leaf
        }
    }
}

/// How a scalar value is converted between JSON and Swift.
public enum ResolvedTransformer: Hashable, Sendable {
    /// A built-in transformer.
    case builtin(BuiltinTransformer)
    /// A custom date pattern.
    case dateFormat(String)
    /// A transformer the user implements.
    case custom(String)
}

/// An entity with inherited members flattened in (ancestors' members first).
public struct ResolvedEntity: Sendable {
    /// The declaration.
    public var declaration: EntityDeclaration
    /// The schema file that declares it.
    public var file: String
    /// Schema name.
    public var name: String { declaration.name.value }
    /// Swift type name.
    public var swiftName: String
    /// Parent entity name.
    public var parent: String?
    /// The family root (itself when it has no parent).
    public var root: String
    /// Direct children's names, sorted.
    public var children: [String]
    /// Whether it is abstract.
    public var isAbstract: Bool
    /// The discriminator value selecting it, when it is a concrete member of a family.
    public var discriminatorValue: String?
    /// The family's discriminator key, for every member of a family.
    public var discriminatorKey: JSONKeyPath?
    /// Attributes, inherited first.
    public var attributes: [ResolvedAttribute]
    /// Relationships, inherited first.
    public var relationships: [ResolvedRelationship]
    /// Identification attribute names as the root declares them (the root's, for family members), for messages;
    /// translate reads ``identity``.
    public var identifiedBy: [String]
    /// The identification attributes as indexes into ``attributes``, in `identifiedBy` order.
    public var identity: [Int]

    /// The identification attributes, in `identifiedBy` order.
    public var identityAttributes: [ResolvedAttribute] { identity.map { attributes[$0] } }

    /// The single identification attribute, if the entity has exactly one (what `Identifiable.id` returns).
    public var singleIdentity: ResolvedAttribute? { identity.count == 1 ? attributes[identity[0]] : nil }
}

/// An attribute with its type, Swift name and JSON key path decided.
public struct ResolvedAttribute: Sendable {
    /// The declaration.
    public var declaration: AttributeDeclaration
    /// The entity that declares it (an ancestor for inherited attributes).
    public var declaringEntity: String
    /// Schema name.
    public var name: String { declaration.name.value }
    /// Swift property name (unescaped).
    public var swiftName: String
    /// Resolved type.
    public var type: ResolvedType
    /// Whether the property is optional.
    public var isOptional: Bool
    /// Primary JSON key path.
    public var keyPath: JSONKeyPath
    /// Fallback key paths, in order.
    public var fallbackKeyPaths: [JSONKeyPath]
    /// Scalar conversion, if any (defaults applied: Date -> iso8601, URL -> url, Data -> base64).
    public var transformer: ResolvedTransformer?
    /// The `default:`, typed (`nil` without one; `.null` for an optional's explicit `default: null`).
    public var defaultValue: ResolvedValue?
    /// The constraints, in schema order, their bounds read.
    public var constraints: [ResolvedConstraint] = []
    /// Failure policy.
    public var onFailure: FailurePolicy
    /// Element failure policy.
    public var onInvalidElement: ElementFailurePolicy
    /// Whether `nil` is written as `null` (optional only; the member's `writeNulls`, else its entity's).
    public var writesNull = false
}

/// A relationship with its target and JSON key path decided.
public struct ResolvedRelationship: Sendable {
    /// The declaration.
    public var declaration: RelationshipDeclaration
    /// The entity that declares it.
    public var declaringEntity: String
    /// Schema name.
    public var name: String { declaration.name.value }
    /// Swift property name (unescaped).
    public var swiftName: String
    /// Target entity name.
    public var target: String
    /// To-many or to-one.
    public var isToMany: Bool
    /// A to-many held as a `[String: Target]` map (a JSON object of targets).
    public var isMap: Bool
    /// Whether a to-one is optional.
    public var isOptional: Bool
    /// Primary JSON key path.
    public var keyPath: JSONKeyPath
    /// Fallback key paths.
    public var fallbackKeyPaths: [JSONKeyPath]
    /// Whether the relationship holds its target's identity (`reference: true` or `reference: <the
    /// identity attribute>`) rather than embedding the target. Validation accepts only the target's single
    /// identification attribute, so both spellings mean the same thing.
    public var isReference: Bool
    /// Whether the reference may also be sent as the whole target object (`expandable: true`).
    public var isExpandable: Bool = false
    /// Inverse relationship name.
    public var inverse: String?
    /// Delete rule.
    public var deleteRule: DeleteRule
    /// Failure policy.
    public var onFailure: FailurePolicy
    /// Element failure policy.
    public var onInvalidElement: ElementFailurePolicy
    /// Missing-target policy (references only).
    public var onMissingTarget: FailurePolicy
    /// Whether `nil` is written as `null` (optional only; the member's `writeNulls`, else its entity's).
    public var writesNull = false
}

extension ResolvedSchema {
    /// Whether any attribute or transformer gives `examples:` (checked after translation).
    var hasExamples: Bool {
        transformers.contains { !$0.examples.isEmpty }
            || entities.contains { entity in entity.attributes.contains { !$0.declaration.examples.isEmpty } }
    }
}
