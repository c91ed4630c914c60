import EntityGenRuntime

/// The built-in transformers that would read values an attribute refuses: what `entitygen check` notes
/// beside a mapping failure, for a price sent as text (`numberFromString`), `"yes"` for a Bool
/// (`boolFromString`), a date sent as a number of seconds (`epochSeconds`) or as a day
/// (`dateFormat: 'yyyy-MM-dd'`); where no transformer reads it, the first other type that does
/// (`type: Double` for a fraction sent to an `Int`); and `reference: true` for a to-one relationship
/// sent as its target's identifier (``observeReferences(_:as:in:source:)``); and `optional: true` for a
/// required member objects send as `null` or leave out (``observeAbsence(_:as:source:)``).
///
/// Semantic, not textual: each value an attribute's own conversion refuses is tried with every built-in
/// transformer that can make the attribute's type (the one table, ``BuiltinTransformer``), and for
/// dates with the patterns `entitygen infer` recognises (its one table, `ValueFormat`), through the
/// runtime's own transformers, so a hint holds exactly when the schema with that transformer would map
/// the value. Each hint also counts the values the attribute reads today that the transformer would
/// refuse, so a suggestion that breaks other objects says so. Mapping messages are untouched (the
/// differential test holds them equal to the generated mappers'); the hints are printed beside them.
///
/// Fed by a ``KeyCoverage`` walk, which meets every object as its concrete entity.
public struct TransformerHints: Sendable {
    /// What a hint suggests writing on the attribute.
    public enum Suggestion: Hashable, Sendable {
        /// `transformer: name`.
        case transformer(BuiltinTransformer)
        /// `dateFormat: 'pattern'`.
        case dateFormat(String)
        /// Another type (`type: Double?`, `type: '[Double]'`), when no transformer reads the values: the
        /// attribute's arrays and maps around another built-in leaf, optional when the attribute is.
        case type(ResolvedType, optional: Bool)
        /// A to-one relationship sent as its target's identifier: `reference: true`, and
        /// `expandable: true` when the whole object is sent too.
        case reference(expandable: Bool)
        /// `optional: true`, for a required member objects send as `null` or leave out.
        case optional

        /// As the schema writes it: `transformer: numberFromString`, `dateFormat: 'yyyy-MM-dd'`.
        public var spelling: String {
            switch self {
            case let .transformer(name): return "transformer: \(name.rawValue)"
            case let .dateFormat(pattern): return "dateFormat: '\(pattern)'"
            case let .type(type, optional):
                let text = "\(type)\(optional ? "?" : "")"
                return "type: " + (type.isCollection ? "'\(text)'" : text)
            case let .reference(expandable):
                return expandable ? "reference: true and expandable: true" : "reference: true"
            case .optional: return "optional: true"
            }
        }
    }

    /// One suggestion on an attribute (or, for `reference: true`, a relationship).
    public struct Hint: Sendable {
        /// The member's schema name.
        public var attribute: String
        /// Where the member is declared.
        public var location: SourceLocation
        /// What would read the refused values.
        public var suggestion: Suggestion
        /// How many refused values it reads.
        public var reads: Int
        /// How many values the member reads today that it would refuse.
        public var refuses: Int
        /// The first refused value it reads: where (its JSON path, after the payload's name when the
        /// hints name payloads), its JSON text (excerpted) and the value it makes, as JSON.
        public var example: (place: String, json: String, value: String)
        /// For `optional: true`: the member's key when no object walked sends a value at it, which a
        /// misspelled key explains as well as an optional member.
        public var unsentKey: String?
    }

    /// A suggestion at one member.
    struct Key: Hashable {
        var location: SourceLocation
        var suggestion: Suggestion
    }

    /// An attribute's own conversion and the alternatives that can make its type, built once.
    private struct Trial: Sendable {
        var own: ErasedTransformer
        /// Each alternative, and the transformer that shows what it makes (the attribute type's plain one,
        /// or the other type's).
        var alternatives: [(suggestion: Suggestion, transformer: ErasedTransformer, shows: ErasedTransformer)]
    }

    private var trials: [SourceLocation: Trial?] = [:]
    /// The hints so far, by member and suggestion (those that read nothing yet have none).
    var found: [Key: Hint] = [:]
    /// Each suggestion's place in its attribute's list (the order hints print in).
    var order: [Key: Int] = [:]
    /// Values each suggestion would refuse that the schema reads (for a reference: the whole objects).
    var refusals: [Key: Int] = [:]
    /// Each required member's key, and whether some object sent a value at it (``observeAbsence``).
    var sent: [SourceLocation: (key: String, any: Bool)] = [:]

    /// Whether an example names its payload (`pods/a.json at $[0].price`), for walks over many.
    let namesPayloads: Bool

    /// An empty collection; `namesPayloads` for walks over more than one payload.
    public init(namesPayloads: Bool = false) {
        self.namesPayloads = namesPayloads
    }

    /// The hints, sorted by schema location, then as the tables list the suggestions (built-in
    /// transformers first, then date patterns, then, only where neither reads anything, the first other
    /// type that does), then `optional: true` for objects without a value.
    public var hints: [Hint] {
        let sorted = found.sorted {
            ($0.value.location, order[$0.key] ?? 0) < ($1.value.location, order[$1.key] ?? 0)
        }.map { key, hint in
            var hint = hint
            hint.refuses = refusals[key] ?? 0
            if key.suggestion == .optional, let sent = sent[key.location], !sent.any { hint.unsentKey = sent.key }
            return hint
        }
        var result: [Hint] = []
        for hint in sorted {
            switch hint.suggestion {
            case .transformer, .dateFormat, .optional:
                result.append(hint)
            case .type:
                // Only the first type, and only where nothing before reads the values.
                let read = result.contains {
                    guard $0.location == hint.location else { return false }
                    switch $0.suggestion {
                    case .transformer, .dateFormat, .type: return true
                    case .reference, .optional: return false
                    }
                }
                if !read { result.append(hint) }
            case let .reference(expandable):
                // A reference where only identifiers came, expandable where objects came too.
                let objects = refusals[Key(location: hint.location, suggestion: .reference(expandable: false))] ?? 0
                if expandable == (objects > 0) { result.append(hint) }
            }
        }
        return result
    }

    /// The hints as `path:line:column: note: ...` lines: `note: with transformer: numberFromString,
    /// 'price' would read 2 values the schema refuses ($[0].price: "9.99" as 9.99)`, then, when it would
    /// break values read today, `; and refuse 1 it reads now`. A member objects send as `null` or leave
    /// out: `note: with optional: true, 'name' would read 2 objects the schema refuses ($[1].name: null)`.
    public func lines(displayPath: (String) -> String) -> [String] {
        hints.map { hint in
            let plural = hint.reads == 1 ? "" : "s"
            let (counted, example) =
                hint.suggestion == .optional
                ? ("object\(plural)", "\(hint.example.place): \(hint.example.json)")
                : ("value\(plural)", "\(hint.example.place): \(hint.example.json) as \(hint.example.value)")
            var line =
                "\(hint.location.text(displayPath: displayPath)): note: with \(hint.suggestion.spelling), "
                + "'\(hint.attribute)' would read \(hint.reads) \(counted) the schema refuses (\(example))"
            if hint.refuses > 0 { line += "; and refuse \(hint.refuses) it reads now" }
            if let key = hint.unsentKey { line += "; no object sends a value at its key '\(key)'" }
            return line
        }
    }

    /// The hints as a JSON array (`check --coverage --format json`): objects with `location`,
    /// `attribute`, the suggestion as the schema would write it (`transformer`, `dateFormat`, `type`, or
    /// `reference` and `expandable`), `reads`, `refuses` and `example` (`place`, `json`, `value`).
    public func write(to writer: inout JSONWriter, displayPath: (String) -> String) {
        writer.beginArray()
        for hint in hints {
            writer.beginObject()
            writer.key("location")
            writer.string(hint.location.text(displayPath: displayPath))
            writer.key("attribute")
            writer.string(hint.attribute)
            switch hint.suggestion {
            case let .transformer(name):
                writer.key("transformer")
                writer.string(name.rawValue)
            case let .dateFormat(pattern):
                writer.key("dateFormat")
                writer.string(pattern)
            case let .type(type, optional):
                writer.key("type")
                writer.string("\(type)" + (optional ? "?" : ""))
            case let .reference(expandable):
                writer.key("reference")
                writer.bool(true)
                writer.key("expandable")
                writer.bool(expandable)
            case .optional:
                writer.key("optional")
                writer.bool(true)
            }
            writer.key("reads")
            writer.integer(hint.reads)
            writer.key("refuses")
            writer.integer(hint.refuses)
            if let key = hint.unsentKey {
                writer.key("unsentKey")
                writer.string(key)
            }
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

    /// Tries the members of one object of `entity` (its concrete entity) of `schema`: its attributes,
    /// its to-one relationships (``observeReferences(_:as:in:source:)``) and its required members that have
    /// no value (``observeAbsence(_:as:source:)``).
    mutating func observe(_ object: JSONValue, as entity: ResolvedEntity, in schema: ResolvedSchema, source: String?) {
        observeReferences(object, as: entity, in: schema, source: source)
        observeAbsence(object, as: entity, source: source)
        for attribute in entity.attributes {
            let location = attribute.declaration.name.location
            if trials[location] == nil { trials[location] = Self.trial(attribute) }
            guard let trial = trials[location]! else { continue }
            Self.forEachLeaf(of: attribute, in: object) { leaf in
                let refused = trial.own.attempt(leaf) == nil
                for (index, alternative) in trial.alternatives.enumerated() {
                    let key = Key(location: location, suggestion: alternative.suggestion)
                    let made = alternative.transformer.attempt(leaf)
                    if refused, let made {
                        let place = namesPayloads ? "\(source ?? "payload") at \(leaf.path)" : leaf.path
                        record(key, rank: index, attribute.name, (place, leaf), made, alternative.shows)
                    } else if !refused, made == nil {
                        refusals[key, default: 0] += 1
                    }
                }
            }
        }
    }

    /// Counts one more refused value `key` reads, its hint made from the first (its JSON text and the
    /// value the suggestion makes of it, as `shows` writes it).
    mutating func record(
        _ key: Key, rank: Int, _ attribute: String, _ leaf: (place: String, value: JSONValue),
        _ made: InterpretedValue, _ shows: ErasedTransformer
    ) {
        count(key, rank: rank, attribute) {
            var text = JSONWriter()
            RawJSON.write(leaf.value, to: &text)
            var value = JSONWriter()
            shows.encode(made, to: &value)
            let excerpt = { (bytes: [UInt8]) in JSONValue.excerpt(String(decoding: bytes, as: UTF8.self)) }
            return (leaf.place, excerpt(text.bytes), excerpt(value.bytes))
        }
    }

    /// Counts one more value (or object) `key` reads; the first makes its hint, with `example` and its
    /// place in the attribute's list (`rank`).
    mutating func count(
        _ key: Key, rank: Int, _ attribute: String, example: () -> (place: String, json: String, value: String)
    ) {
        if found[key] != nil {
            found[key]!.reads += 1
            return
        }
        order[key] = rank
        found[key] = Hint(
            attribute: attribute, location: key.location, suggestion: key.suggestion, reads: 1, refuses: 0,
            example: example())
    }

    /// The other leaf types an attribute may be suggested, in the order they are preferred.
    private static let otherTypes: [BuiltinType] = [.int64, .double, .string, .bool]

    /// The transformers to try on an attribute's values (`nil` for a user's transformer, which only
    /// compiled code can run).
    private static func trial(_ attribute: ResolvedAttribute) -> Trial? {
        // A user's transformer resolves the type as `.custom`: no built-in leaf, nothing to try.
        guard let type = attribute.type.leafBuiltin else { return nil }
        let own = BuiltinConversion(type: type, transformer: TypeTranslator.conversion(attribute.transformer))
        let plain = ErasedTransformer(BuiltinConversion(type: type, transformer: .plain).instantiate())
        var alternatives = BuiltinTransformer.allCases.filter { $0.descriptor.appliesTo(type) }.map {
            (
                Suggestion.transformer($0),
                ErasedTransformer(BuiltinConversion(type: type, transformer: .named($0)).instantiate()), plain
            )
        }
        if type == .date {
            for pattern in ValueFormat.allCases.compactMap(\.spelling.dateFormat) {
                let conversion = BuiltinConversion(type: type, transformer: .dateFormat(pattern))
                alternatives.append((.dateFormat(pattern), ErasedTransformer(conversion.instantiate()), plain))
            }
        }
        for other in otherTypes where other != type {
            // Tried on each leaf value (an array's elements, a map's values), named with the attribute's shape.
            let transformer = ErasedTransformer(BuiltinConversion(type: other, transformer: .plain).instantiate())
            let suggested = attribute.type.replacingLeaf(with: .builtin(other))
            alternatives.append((.type(suggested, optional: attribute.isOptional), transformer, transformer))
        }
        guard !alternatives.isEmpty else { return nil }
        return Trial(own: ErasedTransformer(own.instantiate()), alternatives: alternatives)
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
