import EntityGenImport
import EntityGenRuntime
import Foundation

/// Maps JSON with a resolved schema and no compiled code: what `entitygen check` runs, and the oracle the
/// differential test compares generated mappers with.
///
/// It takes every decision from the same plans generated code is rendered from (``EntityPlan`` for property
/// order, keys, read kinds and transformers, ``FamilyPlan`` for dispatch, the runtime's
/// `MappingContext` and transformers for conversion), so a difference between the two is a bug in one
/// of them, which the differential test exists to find.
public final class SchemaInterpreter: @unchecked Sendable {
    // Immutable after `init`; the programs refer to each other through this object.
    private(set) var programs: [String: Program] = [:]
    /// The feeds by schema name: the entity each delivers and the runtime layout its generated `Feed` carries.
    private(set) var feeds: [String: (entity: String, layout: FeedLayout)] = [:]

    enum Program {
        case entity(EntityProgram)
        case family(FamilyProgram)
    }

    struct EntityProgram {
        var typeName: String
        var location: String
        var envelope: (key: [String], message: [String])?
        var discriminator: (path: [String], value: String)?
        var properties: [PropertyProgram]
        /// The identification attributes as indexes into ``properties`` (empty without identity).
        var identity: [Int]
    }

    struct PropertyProgram {
        var field: MappingField
        var transformer: ErasedTransformer
        var read: EntityPlan.Property.Read
        var defaultValue: InterpretedValue?
        var writePath: [String]
        var isOptional: Bool
        /// Whether `nil` is written as `null`.
        var writesNull: Bool
        /// The value of an absent to-many: an empty array or map.
        var empty = InterpretedValue(value: [InterpretedValue]())
    }

    struct FamilyProgram {
        var typeName: String
        var location: String
        var key: [String]
        var members: [(value: String, entity: String)]
    }

    /// An entity the interpreter mapped: its schema name and property values in declaration order
    /// (`nil` for absent optionals).
    public struct Entity {
        /// The concrete entity's schema name.
        public var name: String
        /// Values by property, in the order of the generated initializer.
        public var values: [InterpretedValue?]
    }

    /// Prepares programs for every entity of the schema, from the same plans generated code is
    /// rendered from (translated here; a pipeline result passes its own, see
    /// ``GeneratorPipeline/ValidationResult/interpreter(displayPath:)``).
    public convenience init(schema: ResolvedSchema, displayPath: @escaping @Sendable (String) -> String) {
        self.init(plan: GeneratorPipeline.translate(schema), displayPath: displayPath)
    }

    /// Prepares programs for every entity and feed of `plan`, reading nothing else.
    init(plan: GenerationPlan, displayPath: @escaping @Sendable (String) -> String) {
        let enums = plan.files.flatMap(\.enums)
        let transformers = plan.files.flatMap(\.transformers)
        var names: [String: String] = [:]
        for entity in plan.entities.values { names[entity.typeName] = entity.schemaName }
        for family in plan.families.values { names[family.typeName] = family.schemaName }
        let builder = TransformerBuilder(
            displayPath: displayPath,
            enums: Dictionary(enums.map { ($0.typeName, $0) }, uniquingKeysWith: { first, _ in first }),
            transformers: Dictionary(transformers.map { ($0.typeName, $0) }, uniquingKeysWith: { first, _ in first }),
            entityNames: names
        )
        for feed in plan.feeds { feeds[feed.name] = (feed.entityName, Self.layout(feed)) }
        for (name, family) in plan.families {
            programs[name] = .family(
                FamilyProgram(
                    typeName: family.typeName, location: family.location.text(displayPath: displayPath),
                    key: family.discriminatorKey, members: family.members.map { ($0.value, $0.entityName) }))
        }
        for (name, entityPlan) in plan.entities {
            let properties = entityPlan.properties.map { property in
                var program = PropertyProgram(
                    field: Self.field(property.field, displayPath),
                    transformer: builder.erased(property.transformer, interpreter: self),
                    read: property.read, defaultValue: nil, writePath: property.writePath,
                    isOptional: property.isOptional, writesNull: property.writesNull)
                if let (value, plain) = property.interpretedDefault {
                    program.defaultValue = Self.convertDefault(value, builder.erased(plain, interpreter: self))
                }
                if property.emptyIsMap { program.empty = InterpretedValue(value: [String: InterpretedValue]()) }
                return program
            }
            programs[name] = .entity(
                EntityProgram(
                    typeName: entityPlan.typeName, location: entityPlan.location.text(displayPath: displayPath),
                    envelope: entityPlan.errorEnvelope, discriminator: entityPlan.discriminator, properties: properties,
                    identity: entityPlan.identityProperties)
            )
        }
    }

    /// Maps a JSON value as the named entity, recording tolerated problems in `context`.
    public func map(
        _ entity: String, from json: JSONValue, context: inout MappingContext
    ) throws(MappingError) -> Entity {
        switch programs[entity] {
        case let .entity(program)?:
            try context.expectObject(json, entity: program.typeName, schema: program.location)
            if let envelope = program.envelope {
                try context.checkErrorEnvelope(
                    json, key: envelope.key, message: envelope.message, schema: program.location)
            }
            var values: [InterpretedValue?] = []
            values.reserveCapacity(program.properties.count)
            for property in program.properties {
                switch property.read {
                case .required:
                    values.append(
                        try context.required(json, property.field, property.transformer, default: property.defaultValue)
                    )
                case .optional:
                    values.append(
                        try context.optional(json, property.field, property.transformer, default: property.defaultValue)
                    )
                case .toMany:
                    values.append(try context.optional(json, property.field, property.transformer) ?? property.empty)
                }
            }
            return Entity(name: entity, values: values)
        case let .family(program)?:
            try context.expectObject(json, entity: program.typeName, schema: program.location)
            let value = try context.discriminator(json, key: program.key, schema: program.location)
            guard let member = program.members.first(where: { $0.value == value }) else {
                throw context.unknownDiscriminator(
                    value, in: json, key: program.key, family: program.typeName, known: program.members.map(\.value),
                    schema: program.location)
            }
            return try map(member.entity, from: json, context: &context)
        case nil:
            throw MappingError(path: json.path, schemaLocation: "", message: "the schema has no entity '\(entity)'")
        }
    }

    /// Writes a mapped entity as generated `writeJSON(to:)` does.
    public func write(_ entity: Entity, to writer: inout JSONWriter) {
        guard case let .entity(program)? = programs[entity.name] else { writer.null(); return }
        enum Leaf { case constant(String), property(Int) }
        var tree = KeyTree<Leaf>()
        if let discriminator = program.discriminator {
            tree.insert(discriminator.path[...], leaf: .constant(discriminator.value))
        }
        for (index, property) in program.properties.enumerated() {
            tree.insert(property.writePath[...], leaf: .property(index))
        }
        func present(_ tree: KeyTree<Leaf>) -> Bool {
            tree.leaves.contains { leaf in
                if case let .property(index) = leaf {
                    let property = program.properties[index]
                    return !property.isOptional || property.writesNull || entity.values[index] != nil
                }
                return true
            }
        }
        func emit(_ tree: KeyTree<Leaf>) {
            for (key, node) in tree.children { emit(key, node) }
        }
        func emit(_ key: String, _ node: KeyTree<Leaf>.Node) {
            switch node {
            case let .leaf(.constant(value)):
                writer.key(key)
                writer.string(value)
            case let .leaf(.property(index)):
                guard let value = entity.values[index] else {
                    if program.properties[index].writesNull {
                        writer.key(key)
                        writer.null()
                    }
                    return
                }
                writer.key(key)
                program.properties[index].transformer.encode(value, to: &writer)
            case let .tree(subtree):
                guard present(subtree) else { return }
                writer.key(key)
                writer.beginObject()
                emit(subtree)
                writer.endObject()
            case let .merged(.property(index), subtree):
                // The object as its entity writes it, then the members it lacks; with no object, the members.
                guard let value = entity.values[index] else {
                    emit(key, .tree(subtree))
                    return
                }
                writer.key(key)
                let start = writer.position
                program.properties[index].transformer.encode(value, to: &writer)
                guard let keys = writer.reopenObject(writtenFrom: start) else { return }
                for (member, node) in subtree.children where !keys.contains(member) { emit(member, node) }
                writer.endObject()
            case let .merged(.constant, subtree):
                emit(key, .tree(subtree))
            }
        }
        writer.beginObject()
        emit(tree)
        writer.endObject()
    }

    // MARK: Building programs

    /// The runtime `MappingField` a field plan describes (what generated code constructs).
    private static func field(_ plan: FieldPlan, _ displayPath: (String) -> String) -> MappingField {
        let policy: MappingField.OnFailure
        switch plan.onFailure {
        case .fail: policy = .fail
        case .drop: policy = .drop
        case .default: policy = .useDefault
        }
        let constraints = plan.constraints.map { constraint -> MappingConstraint in
            switch constraint {
            case let .minimum(value): return .minimum(value)
            case let .maximum(value): return .maximum(value)
            case let .minLength(value): return .minLength(value)
            case let .maxLength(value): return .maxLength(value)
            case let .pattern(pattern): return .pattern(JSONPattern(pattern))
            case let .oneOf(values): return .oneOf(values)
            }
        }
        let location = plan.location.text(displayPath: displayPath)
        if plan.paths.count == 1, plan.paths[0].count == 1 {
            return MappingField(plan.paths[0][0], schema: location, onFailure: policy, constraints: constraints)
        }
        return MappingField(paths: plan.paths, schema: location, onFailure: policy, constraints: constraints)
    }

    /// An embedded entity's transformer: maps through this interpreter's program for it.
    /// The transformer of one property of a concrete entity (its index in the generated initializer).
    func transformer(of entity: String, property index: Int) -> ErasedTransformer? {
        guard case let .entity(program)? = programs[entity], program.properties.indices.contains(index) else {
            return nil
        }
        return program.properties[index].transformer
    }

    func entityTransformer(_ name: String) -> ErasedTransformer {
        ErasedTransformer(
            decode: { [unowned self] value, context throws(TransformFailure) in
                do throws(MappingError) {
                    return InterpretedValue(value: try self.map(name, from: value, context: &context))
                } catch {
                    throw TransformFailure(nested: error)
                }
            },
            encode: { [unowned self] value, writer in
                if let entity = value.value as? Entity { self.write(entity, to: &writer) } else { writer.null() }
            })
    }

    /// A schema default as the value generated code would hold: written as JSON and read back with the
    /// type's plain transformer (dates are ISO-8601 in schemas whatever the attribute's transformer).
    private static func convertDefault(_ value: ResolvedValue, _ transformer: ErasedTransformer) -> InterpretedValue? {
        var writer = JSONWriter()
        writeDefault(value, to: &writer)
        guard let document = try? JSONDocument(bytes: writer.bytes) else { return nil }
        return document.withRoot { root in
            var context = MappingContext()
            return try? transformer.decode(root, context: &context)
        }
    }

    /// A default as the JSON its attribute's plain transformer reads.
    private static func writeDefault(_ value: ResolvedValue, to writer: inout JSONWriter) {
        switch value {
        case let .array(elements):
            writer.beginArray()
            for element in elements { writeDefault(element, to: &writer) }
            writer.endArray()
        case let .map(entries):
            writer.beginObject()
            for entry in entries {
                writer.key(entry.key)
                writeDefault(entry.value, to: &writer)
            }
            writer.endObject()
        case let .enumCase(_, raw, rawIsInteger):
            if rawIsInteger { writer.raw(Array(raw.utf8)) } else { writer.string(raw) }
        case let .integer(text), let .number(text, _): writer.raw(Array(text.utf8))
        case let .text(text), let .uuid(text), let .data(text, _), let .date(text, _): writer.string(text)
        case let .bool(flag): writer.bool(flag)
        case .null: writer.null()
        }
    }
}
