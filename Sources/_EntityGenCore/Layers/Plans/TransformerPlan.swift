import EntityGenRuntime

/// How a value converts between JSON and Swift, as data: the transformer generated code builds and the
/// interpreter builds too (``SchemaInterpreter``), so the two cannot drift.
indirect enum TransformerPlan: Hashable, Sendable {
    /// A built-in type read plainly or under a built-in transformer: a transformer the runtime provides.
    case builtin(BuiltinConversion)
    /// `ArrayTransformer` over the element's; skipping invalid elements (reported at the location) when
    /// the location is given.
    case array(TransformerPlan, skipsInvalidElementsAt: SourceLocation?)
    /// `PluckTransformer`: the element's transformer applied to the value at `path` in each element of
    /// an array of objects (`hashtags[].text`), skipping as for arrays.
    case pluck(TransformerPlan, path: [String], skipsInvalidElementsAt: SourceLocation?)
    /// `MapTransformer` over the value's, skipping as for arrays.
    case map(TransformerPlan, skipsInvalidElementsAt: SourceLocation?)
    /// `EnumTransformer` of a generated enum.
    case enumeration(typeName: String, location: SourceLocation)
    /// A custom transformer generated from the schema (the user writes its conversion).
    case custom(typeName: String)
    /// `EntityTransformer` of an embedded entity or family.
    case entity(typeName: String)
    /// `ReferenceTransformer`: a target entity's identity, read with the identity's own transformer.
    case reference(target: String, identity: TransformerPlan)
    /// `ExpandableTransformer`: a target entity's identity, or the whole target object.
    case expandable(target: String, identity: TransformerPlan)

    /// Whether building the transformer allocates (a date formatter), so generated code keeps one in a
    /// stored `static let` rather than building it at each use.
    var allocates: Bool {
        switch self {
        case let .builtin(conversion): return conversion.runtime.allocates
        case let .array(element, _), let .map(element, _), let .reference(_, element), let .pluck(element, _, _),
            let .expandable(_, element):
            return element.allocates
        case .enumeration, .custom, .entity: return false
        }
    }

    /// The transformer of the value's stored form (a JSON column): a pluck is stored as the plain array
    /// of its values (`["swift", "json"]`), everything else as it is written to JSON.
    var storageForm: TransformerPlan {
        switch self {
        case let .pluck(element, _, skips): return .array(element, skipsInvalidElementsAt: skips)
        case .builtin, .array, .map, .enumeration, .custom, .entity, .reference, .expandable: return self
        }
    }
}

/// A built-in scalar conversion: which built-in type, read plainly or under which built-in transformer.
/// Generated code prints its ``runtime`` value; the interpreter builds ``instantiate()``; both come from
/// the one table of each (``BuiltinType/plainTransformer``, ``BuiltinTransformer/descriptor``).
struct BuiltinConversion: Hashable, Sendable {
    /// How the value is converted.
    enum Transformer: Hashable, Sendable {
        /// The type's plain transformer.
        case plain
        /// A named built-in transformer.
        case named(BuiltinTransformer)
        /// `dateFormat: pattern`.
        case dateFormat(String)
    }

    /// The built-in type made.
    var type: BuiltinType
    /// How it is converted.
    var transformer: Transformer

    /// The runtime transformer generated code builds.
    var runtime: RuntimeTransformer {
        switch transformer {
        case .plain: return type.plainTransformer
        case let .named(named): return named.descriptor.runtime(type)
        case let .dateFormat(pattern): return BuiltinTransformerDescriptor.dateFormat(pattern).runtime(type)
        }
    }

    /// The same transformer as a runtime value (the interpreter's).
    func instantiate() -> any JSONTransformer {
        switch transformer {
        case .plain: return type.instantiatePlainTransformer()
        case let .named(named): return named.descriptor.instantiate(type)
        case let .dateFormat(pattern): return BuiltinTransformerDescriptor.dateFormat(pattern).instantiate(type)
        }
    }
}

/// A transformer value of the runtime module: its type, generic argument and initializer arguments.
/// ``BuiltinTransformer/descriptor`` and ``BuiltinType/plainTransformer`` are the only places that make one.
struct RuntimeTransformer: Hashable, Sendable {
    /// The type's name in `EntityGenRuntime` (`ISO8601DateTransformer`).
    var typeName: String
    /// The generic argument (`IntegerTransformer<Swift.Int32>`), if the type has one.
    var genericArgument: BuiltinType?
    /// Initializer arguments, in order.
    var arguments: [RuntimeArgument]
    /// Whether building it allocates (see ``TransformerPlan/allocates``).
    var allocates: Bool

    /// Creates a runtime transformer value.
    init(
        _ typeName: String, genericArgument: BuiltinType? = nil, _ arguments: [RuntimeArgument] = [],
        allocates: Bool = false
    ) {
        self.typeName = typeName
        self.genericArgument = genericArgument
        self.arguments = arguments
        self.allocates = allocates
    }
}

/// One initializer argument of a ``RuntimeTransformer``.
indirect enum RuntimeArgument: Hashable, Sendable {
    /// `label: true`.
    case bool(label: String, Bool)
    /// `.member` (an enum case of the runtime: `.seconds`).
    case member(String)
    /// A string literal (a date pattern).
    case string(String)
    /// Another runtime transformer it wraps.
    case transformer(RuntimeTransformer)
}
