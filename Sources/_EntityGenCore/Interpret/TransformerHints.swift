import EntityGenRuntime

/// The built-in transformers that would read values an attribute refuses: what `entitygen check` notes
/// beside a mapping failure, for a price sent as text (`numberFromString`), `"yes"` for a Bool
/// (`boolFromString`) or a date sent as a number of seconds (`epochSeconds`).
///
/// Semantic, not textual: each value an attribute's own conversion refuses is tried with every built-in
/// transformer that can make the attribute's type (the one table, ``BuiltinTransformer``), through the
/// runtime's own transformers, so a hint holds exactly when the schema with that transformer would map
/// the value. Each hint also counts the values the attribute reads today that the transformer would
/// refuse, so a suggestion that breaks other objects says so. Mapping messages are untouched (the
/// differential test holds them equal to the generated mappers'); the hints are printed beside them.
///
/// Fed by a ``KeyCoverage`` walk, which meets every object as its concrete entity.
public struct TransformerHints: Sendable {
    /// One suggestion: `transformer:` on an attribute.
    public struct Hint: Sendable {
        /// The attribute's schema name.
        public var attribute: String
        /// Where the attribute is declared.
        public var location: SourceLocation
        /// The transformer that would read the refused values.
        public var transformer: BuiltinTransformer
        /// How many refused values it reads.
        public var reads: Int
        /// How many values the attribute reads today that it would refuse.
        public var refuses: Int
        /// The first refused value it reads: where (its JSON path, after the payload's name when the
        /// hints name payloads), its JSON text (excerpted) and the value it makes, as JSON.
        public var example: (place: String, json: String, value: String)
    }

    private struct Key: Hashable {
        var location: SourceLocation
        var transformer: BuiltinTransformer
    }

    /// An attribute's own conversion and the alternatives that can make its type, built once.
    private struct Trial: Sendable {
        var own: ErasedTransformer
        var plain: ErasedTransformer
        var alternatives: [(name: BuiltinTransformer, transformer: ErasedTransformer)]
    }

    private var trials: [SourceLocation: Trial?] = [:]
    private var found: [Key: Hint] = [:]
    /// Refusals by alternative, counted before the alternative has read anything (folded in when it does).
    private var pendingRefusals: [Key: Int] = [:]

    /// Whether an example names its payload (`pods/a.json at $[0].price`), for walks over many.
    private let namesPayloads: Bool

    /// An empty collection; `namesPayloads` for walks over more than one payload.
    public init(namesPayloads: Bool = false) {
        self.namesPayloads = namesPayloads
    }

    /// The hints, sorted by schema location, then transformer.
    public var hints: [Hint] {
        found.values.filter { $0.reads > 0 }.sorted {
            ($0.location, BuiltinTransformer.allCases.firstIndex(of: $0.transformer)!)
                < ($1.location, BuiltinTransformer.allCases.firstIndex(of: $1.transformer)!)
        }
    }

    /// The hints as `path:line:column: note: ...` lines.
    public func lines(displayPath: (String) -> String) -> [String] {
        hints.map { hint in
            let count = "\(hint.reads) value\(hint.reads == 1 ? "" : "s")"
            var line =
                "\(hint.location.text(displayPath: displayPath)): note: 'transformer: \(hint.transformer.rawValue)' "
                + "would read \(count) of '\(hint.attribute)' the schema refuses "
                + "(\(hint.example.place): \(hint.example.json) as \(hint.example.value))"
            if hint.refuses > 0 {
                line += "; it would refuse \(hint.refuses) value\(hint.refuses == 1 ? "" : "s") the schema reads"
            }
            return line
        }
    }

    /// The hints as a JSON array (`check --coverage --format json`): objects with `location`,
    /// `attribute`, `transformer`, `reads`, `refuses` and `example` (`place`, `json`, `value`).
    public func write(to writer: inout JSONWriter, displayPath: (String) -> String) {
        writer.beginArray()
        for hint in hints {
            writer.beginObject()
            writer.key("location")
            writer.string(hint.location.text(displayPath: displayPath))
            writer.key("attribute")
            writer.string(hint.attribute)
            writer.key("transformer")
            writer.string(hint.transformer.rawValue)
            writer.key("reads")
            writer.integer(hint.reads)
            writer.key("refuses")
            writer.integer(hint.refuses)
            writer.key("example")
            writer.beginObject()
            writer.key("place")
            writer.string(hint.example.place)
            writer.key("json")
            writer.string(hint.example.json)
            writer.key("value")
            writer.string(hint.example.value)
            writer.endObject()
            writer.endObject()
        }
        writer.endArray()
    }

    /// Tries the attributes of one object of `entity` (its concrete entity).
    mutating func observe(_ object: JSONValue, as entity: ResolvedEntity, source: String?) {
        for attribute in entity.attributes {
            let location = attribute.declaration.name.location
            if trials[location] == nil { trials[location] = Self.trial(attribute) }
            guard let trial = trials[location]! else { continue }
            Self.forEachLeaf(of: attribute, in: object) { leaf in
                let refused = trial.own.attempt(leaf) == nil
                for alternative in trial.alternatives {
                    let key = Key(location: location, transformer: alternative.name)
                    let made = alternative.transformer.attempt(leaf)
                    if refused, let made {
                        let place = namesPayloads ? "\(source ?? "payload") at \(leaf.path)" : leaf.path
                        record(key, attribute.name, (place, leaf), made, trial.plain)
                    } else if !refused, made == nil {
                        if found[key] != nil { found[key]!.refuses += 1 } else { pendingRefusals[key, default: 0] += 1 }
                    }
                }
            }
        }
    }

    private mutating func record(
        _ key: Key, _ attribute: String, _ leaf: (place: String, value: JSONValue), _ made: InterpretedValue,
        _ plain: ErasedTransformer
    ) {
        if found[key] != nil {
            found[key]!.reads += 1
            return
        }
        var text = JSONWriter()
        RawJSON.write(leaf.value, to: &text)
        var value = JSONWriter()
        plain.encode(made, to: &value)
        let excerpt = { (bytes: [UInt8]) in JSONValue.excerpt(String(decoding: bytes, as: UTF8.self)) }
        found[key] = Hint(
            attribute: attribute, location: key.location, transformer: key.transformer, reads: 1,
            refuses: pendingRefusals.removeValue(forKey: key) ?? 0,
            example: (leaf.place, excerpt(text.bytes), excerpt(value.bytes)))
    }

    /// The transformers to try on an attribute's values (`nil` when there is nothing to try: a type no
    /// built-in transformer makes, or a user's transformer, which only compiled code can run).
    private static func trial(_ attribute: ResolvedAttribute) -> Trial? {
        guard let type = attribute.type.leafBuiltin, let own = conversion(attribute, type) else { return nil }
        let alternatives = BuiltinTransformer.allCases.filter { $0.descriptor.appliesTo(type) }
        guard !alternatives.isEmpty else { return nil }
        return Trial(
            own: ErasedTransformer(own.instantiate()),
            plain: ErasedTransformer(BuiltinConversion(type: type, transformer: .plain).instantiate()),
            alternatives: alternatives.map { ($0, ErasedTransformer($0.descriptor.instantiate(type))) })
    }

    /// The attribute's own conversion of its built-in leaf type (`nil` for a user's transformer, which
    /// only compiled code can run).
    private static func conversion(_ attribute: ResolvedAttribute, _ type: BuiltinType) -> BuiltinConversion? {
        switch attribute.transformer {
        case nil: return BuiltinConversion(type: type, transformer: .plain)
        case let .builtin(named)?: return BuiltinConversion(type: type, transformer: .named(named))
        case let .dateFormat(pattern)?: return BuiltinConversion(type: type, transformer: .dateFormat(pattern))
        case .custom?: return nil
        }
    }

    /// The scalar values the attribute reads in `object`: at its first key path present, each element of
    /// an array and each value of a map (nested as its type nests), each plucked value; nulls left out.
    private static func forEachLeaf(
        of attribute: ResolvedAttribute, in object: JSONValue, _ body: (JSONValue) -> Void
    ) {
        func visit(_ value: JSONValue, _ type: ResolvedType) {
            switch (type, value.kind) {
            case (_, .null): return
            case let (.array(element), .array): value.forEachElement { _, item in visit(item, element) }
            case let (.map(element), .object): value.forEachMember { _, item in visit(item, element) }
            case (.array, _), (.map, _): return
            case (.builtin, _), (.enumeration, _), (.custom, _): body(value)
            }
        }
        for path in [attribute.keyPath] + attribute.fallbackKeyPaths {
            guard let value = object.value(at: path.components) else { continue }
            if let element = path.element, case let .array(leafType) = attribute.type, value.kind == .array {
                value.forEachElement { _, item in
                    if let plucked = item.value(at: element) { visit(plucked, leafType) }
                }
            } else {
                visit(value, attribute.type)
            }
            return
        }
    }
}

extension ErasedTransformer {
    /// The value this transformer makes of `json`, or `nil` when it refuses it.
    func attempt(_ json: JSONValue) -> InterpretedValue? {
        var context = MappingContext()
        return try? decode(json, context: &context)
    }
}
