import EntityGenRuntime

/// Which payload keys a schema reads (`entitygen check --keys`, `--coverage`): walking payloads beside
/// the schema, the keys of each entity's objects that no member reads (a field the schema may be
/// missing, or a typo in a `key:`), with how many objects hold each and where one is, and the members
/// whose keys never appear (a key the API does not send, under that name).
///
/// A member reading a whole value (an attribute) consumes it; a relationship's value is walked as its
/// target entity's objects (each element of an array, each value of a map; a family member chosen by
/// its discriminator value); a nested key path (`license.type`) walks into the objects on its way.
public struct KeyCoverage: Sendable {
    /// One entity's figures.
    public struct EntityCoverage: Sendable, Equatable {
        /// Objects of the entity the payload held.
        public var objects = 0
        /// Keys no member reads (`license.file` for a key inside a read object), with the number of
        /// objects holding each.
        public var unread: [String: Int] = [:]
        /// Where each unread key was first seen: the payload's name and the JSON path.
        public var examples: [String: String] = [:]
        /// Each member with a key path, with the number of objects holding any of its keys.
        public var present: [String: Int] = [:]
    }

    /// Figures by entity name.
    public private(set) var entities: [String: EntityCoverage] = [:]
    private let schema: ResolvedSchema
    private var trees: [String: KeyTree] = [:]
    /// When set, every object walked is also given, whole, to its entity's sample reader (what
    /// `entitygen infer --update` infers the unread keys' types from).
    var objectsByEntity: EntitySamples?
    /// When set, every object walked is also tried for the built-in transformers that would read values
    /// its attributes refuse (what `entitygen check` notes beside a failure).
    public var transformerHints: TransformerHints?

    /// Prepares a walk with `schema`.
    public init(schema: ResolvedSchema) {
        self.schema = schema
    }

    /// What an entity reads of its objects: key paths as a tree; a leaf consumes its value, or, for a
    /// relationship, holds the target's objects.
    struct KeyTree: Sendable {
        var children: [String: KeyTree] = [:]
        /// Read whole by an attribute (nothing inside is reported).
        var consumed = false
        /// Relationships reading the value: target entity names, and whether the value is a map.
        var targets: [(entity: String, isMap: Bool)] = []
        /// What plucks (`tags[].name`) read in each element of the array here: none or one tree.
        var elementTree: [KeyTree] = []

        /// Marks the value at `keys` below this node as read whole.
        mutating func consume(_ keys: ArraySlice<String>) {
            guard let key = keys.first else {
                consumed = true
                return
            }
            children[key, default: KeyTree()].consume(keys.dropFirst())
        }
    }

    /// Walks one object of `entity` (a top-level payload, or an element of one) of the payload named
    /// `source` (shown in examples).
    public mutating func walk(_ object: JSONValue, as entity: String, source: String = "payload") {
        walk(object, as: entity, source: source as String?)
    }

    private mutating func walk(_ object: JSONValue, as entity: String, source: String?) {
        guard object.kind == .object, let resolved = concrete(entity, for: object) else { return }
        var coverage = entities[resolved.name] ?? EntityCoverage()
        coverage.objects += 1
        objectsByEntity?.observe(object, as: resolved.name)
        transformerHints?.observe(object, as: resolved, in: schema, source: source)
        let members =
            resolved.attributes.map { ($0.name, [$0.keyPath] + $0.fallbackKeyPaths) }
            + resolved.relationships.map { ($0.name, [$0.keyPath] + $0.fallbackKeyPaths) }
        for (name, paths) in members {
            let held = paths.contains { object.value(at: $0.components) != nil }
            coverage.present[name, default: 0] += held ? 1 : 0
        }
        var unread: [String: (count: Int, first: JSONValue)] = [:]
        let tree = self.tree(of: resolved)
        walk(object, tree, prefix: "", source: source, unread: &unread)
        for (key, found) in unread {
            if coverage.unread[key] == nil { coverage.examples[key] = "\(source ?? "payload") at \(found.first.path)" }
            coverage.unread[key, default: 0] += found.count
        }
        entities[resolved.name] = coverage
    }

    private mutating func walk(
        _ value: JSONValue, _ tree: KeyTree, prefix: String, source: String?,
        unread: inout [String: (count: Int, first: JSONValue)]
    ) {
        value.forEachMember { key, member in
            guard let node = tree.children[key] else {
                unread[prefix + key, default: (0, member)].count += 1
                return
            }
            for target in node.targets {
                switch member.kind {
                case .object where target.isMap:
                    member.forEachMember { _, element in walk(element, as: target.entity, source: source) }
                case .object: walk(member, as: target.entity, source: source)
                case .array: member.forEachElement { _, element in walk(element, as: target.entity, source: source) }
                case .null, .false, .true, .number, .string: break
                }
            }
            if let elementTree = node.elementTree.first, member.kind == .array {
                member.forEachElement { _, element in
                    if element.kind == .object {
                        walk(element, elementTree, prefix: prefix + key + "[].", source: source, unread: &unread)
                    }
                }
            }
            if !node.consumed, node.targets.isEmpty, member.kind == .object {
                walk(member, node, prefix: prefix + key + ".", source: source, unread: &unread)
            }
        }
    }

    /// The concrete entity an object of `name` is: itself, or the family member its discriminator
    /// names (`nil` when none matches: the mapper would reject the object).
    private func concrete(_ name: String, for object: JSONValue) -> ResolvedEntity? {
        guard let entity = schema.entity(named: name) else { return nil }
        guard entity.isAbstract || !entity.children.isEmpty else { return entity }
        let members = schema.entities.filter { $0.root == entity.root && !$0.isAbstract }
        let key = members.lazy.compactMap(\.discriminatorKey).first
        let value = key.flatMap { object.value(at: $0.components)?.string() }
        return members.first { $0.discriminatorValue == value } ?? (entity.isAbstract ? nil : entity)
    }

    private mutating func tree(of entity: ResolvedEntity) -> KeyTree {
        if let tree = trees[entity.name] { return tree }
        var tree = KeyTree()
        func insert(_ path: JSONKeyPath, _ update: (inout KeyTree) -> Void) {
            func descend(_ node: inout KeyTree, _ keys: ArraySlice<String>) {
                guard let key = keys.first else {
                    update(&node)
                    return
                }
                descend(&node.children[key, default: KeyTree()], keys.dropFirst())
            }
            descend(&tree, path.components[...])
        }
        for attribute in entity.attributes {
            for path in [attribute.keyPath] + attribute.fallbackKeyPaths {
                guard let element = path.element else {
                    insert(path) { $0.consumed = true }
                    continue
                }
                insert(path) { node in
                    var elementTree = node.elementTree.first ?? KeyTree()
                    elementTree.consume(element[...])
                    node.elementTree = [elementTree]
                }
            }
        }
        for relationship in entity.relationships {
            for path in [relationship.keyPath] + relationship.fallbackKeyPaths {
                insert(path) { $0.targets.append((relationship.target, relationship.isMap)) }
            }
        }
        if let key = entity.discriminatorKey { insert(key) { $0.consumed = true } }
        if let envelope = entity.declaration.errorEnvelope {
            insert(envelope.key.value) { $0.consumed = true }
            if let message = envelope.message { insert(message.value) { $0.consumed = true } }
        }
        trees[entity.name] = tree
        return tree
    }

    /// The report: per entity (sorted), the keys it does not read and the members never present.
    public var report: [String] {
        var lines: [String] = []
        for name in entities.keys.sorted() {
            let coverage = entities[name]!
            let objects = "\(coverage.objects) \(name) object\(coverage.objects == 1 ? "" : "s")"
            for key in coverage.unread.keys.sorted() {
                let example = coverage.examples[key].map { "; e.g. \($0)" } ?? ""
                lines.append(
                    "\(name): key '\(key)' is not read by the schema (in \(coverage.unread[key]!) of \(objects)\(example))"
                )
            }
            for member in coverage.present.keys.sorted() where coverage.present[member] == 0 {
                lines.append("\(name).\(member): its key never appears (in none of \(objects))")
            }
        }
        return lines
    }

    /// The report as JSON: `{"entities": {"Pod": {"objects": 3, "unread": [{"key", "count", "example"}],
    /// "neverPresent": ["member"]}}}`, entities and keys sorted; with ``transformerHints`` set, also
    /// `"transformerHints": [...]` (``TransformerHints/write(to:displayPath:)``).
    public var jsonReport: [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("entities")
        writer.beginObject()
        for name in entities.keys.sorted() {
            let coverage = entities[name]!
            writer.key(name)
            writer.beginObject()
            writer.key("objects")
            writer.integer(coverage.objects)
            writer.key("unread")
            writer.beginArray()
            for key in coverage.unread.keys.sorted() {
                writer.beginObject()
                writer.key("key")
                writer.string(key)
                writer.key("count")
                writer.integer(coverage.unread[key]!)
                writer.key("example")
                writer.string(coverage.examples[key] ?? "")
                writer.endObject()
            }
            writer.endArray()
            writer.key("neverPresent")
            writer.beginArray()
            for member in coverage.present.keys.sorted() where coverage.present[member] == 0 { writer.string(member) }
            writer.endArray()
            writer.endObject()
        }
        writer.endObject()
        if let transformerHints {
            writer.key("transformerHints")
            transformerHints.write(to: &writer, displayPath: { $0 })
        }
        writer.endObject()
        return writer.bytes
    }
}

/// The objects of each entity a ``KeyCoverage`` walk met, as samples (statistics only, as
/// ``SampleReader`` keeps them). Used by one walk on one thread.
final class EntitySamples: @unchecked Sendable {
    /// A reader per entity name, fed object by object.
    private(set) var readers: [String: SampleReader] = [:]

    func observe(_ object: JSONValue, as entity: String) {
        readers[entity, default: SampleReader()].observeRecord(object)
    }

    /// Walks the records of sample files as `entity` with `schema`: the key coverage, each entity's
    /// objects as samples, and what the files held (`infer --update` and a document's refinement).
    static func walk(
        _ files: [String], recordsPath: [String]?, as entity: String, with schema: ResolvedSchema
    ) throws(SampleError) -> (coverage: KeyCoverage, objects: EntitySamples, summary: SampleSummary) {
        guard schema.entity(named: entity) != nil else {
            throw SampleError("the schema has no entity '\(entity)' (give the records' entity with --name)")
        }
        var coverage = KeyCoverage(schema: schema)
        let objects = EntitySamples()
        coverage.objectsByEntity = objects
        var reader = SampleReader(recordsPath: recordsPath)
        reader.visitRecord = { record, place in coverage.walk(record, as: entity, source: place) }
        reader.read(files)
        return (coverage, objects, reader.summary)
    }
}
