import EntityGenRuntime
import Foundation

/// Maps JSON with a resolved schema and no compiled code: what `entitygen check` runs, and the oracle the
/// differential test compares generated mappers with.
///
/// It takes every decision from the same places generated code does (``EntityTranslator`` for property
/// order, keys and read kinds, ``SourceGenerator/familyPlan(_:)`` for dispatch, the runtime's
/// `MappingContext` and transformers for conversion), so a difference between the two is a bug in one
/// of them, which the differential test exists to find.
public final class SchemaInterpreter: @unchecked Sendable {
    // Immutable after `init`; the programs refer to each other through this object.
    private var programs: [String: Program] = [:]
    private let schema: ResolvedSchema

    private enum Program {
        case entity(EntityProgram)
        case family(FamilyProgram)
    }

    private struct EntityProgram {
        var typeName: String
        var location: String
        var envelope: (key: [String], message: [String])?
        var discriminator: (path: [String], value: String)?
        var properties: [PropertyProgram]
    }

    private struct PropertyProgram {
        var field: MappingField
        var transformer: ErasedTransformer
        var read: EntityPlan.Property.Read
        var defaultValue: InterpretedValue?
        var writePath: [String]
        var isOptional: Bool
        /// The value of an absent to-many: an empty array or map.
        var empty = InterpretedValue(value: [InterpretedValue]())
    }

    private struct FamilyProgram {
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

    /// Prepares programs for every entity of the schema.
    public init(schema: ResolvedSchema, displayPath: @escaping @Sendable (String) -> String) {
        self.schema = schema
        let generator = SourceGenerator(schema: schema, displayPath: displayPath)
        let translator = generator.translator
        for entity in schema.entities {
            if entity.isAbstract {
                guard let plan = generator.familyPlan(entity) else { continue }
                let members = plan.members.map { member in
                    (value: member.value, entity: schema.entities.first { $0.swiftName == member.type }?.name ?? member.type)
                }
                programs[entity.name] = .family(FamilyProgram(typeName: plan.typeName, location: translator.locationText(entity.declaration.name.location),
                                                              key: plan.discriminatorKey, members: members))
                continue
            }
            let plan = translator.plan(entity)
            let location = translator.locationText(entity.declaration.name.location)
            var properties: [PropertyProgram] = []
            for (index, property) in plan.properties.enumerated() {
                let isAttribute = index < entity.attributes.count
                properties.append(isAttribute
                    ? attributeProgram(entity.attributes[index], property, translator)
                    : relationshipProgram(entity.relationships[index - entity.attributes.count], property, translator))
            }
            programs[entity.name] = .entity(EntityProgram(typeName: plan.typeName, location: location, envelope: plan.errorEnvelope,
                                                          discriminator: plan.discriminator, properties: properties))
        }
    }

    /// Maps a JSON value as the named entity, recording tolerated problems in `context`.
    public func map(_ entity: String, from json: JSONValue, context: inout MappingContext) throws(MappingError) -> Entity {
        switch programs[entity] {
        case let .entity(program)?:
            try context.expectObject(json, entity: program.typeName, schema: program.location)
            if let envelope = program.envelope {
                try context.checkErrorEnvelope(json, key: envelope.key, message: envelope.message, schema: program.location)
            }
            var values: [InterpretedValue?] = []
            values.reserveCapacity(program.properties.count)
            for property in program.properties {
                switch property.read {
                case .required: values.append(try context.required(json, property.field, property.transformer, default: property.defaultValue))
                case .optional: values.append(try context.optional(json, property.field, property.transformer, default: property.defaultValue))
                case .toMany: values.append(try context.optional(json, property.field, property.transformer) ?? property.empty)
                }
            }
            return Entity(name: entity, values: values)
        case let .family(program)?:
            try context.expectObject(json, entity: program.typeName, schema: program.location)
            let value = try context.discriminator(json, key: program.key, schema: program.location)
            guard let member = program.members.first(where: { $0.value == value }) else {
                throw context.unknownDiscriminator(value, in: json, key: program.key, family: program.typeName, known: program.members.map(\.value), schema: program.location)
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
        if let discriminator = program.discriminator { tree.insert(discriminator.path[...], leaf: .constant(discriminator.value)) }
        for (index, property) in program.properties.enumerated() { tree.insert(property.writePath[...], leaf: .property(index)) }
        func emit(_ tree: KeyTree<Leaf>) {
            for (key, node) in tree.children {
                switch node {
                case let .leaf(.constant(value)):
                    writer.key(key)
                    writer.string(value)
                case let .leaf(.property(index)):
                    guard let value = entity.values[index] else { continue }
                    writer.key(key)
                    program.properties[index].transformer.encode(value, to: &writer)
                case let .tree(subtree):
                    let present = subtree.leaves.contains { leaf in
                        if case let .property(index) = leaf { return !program.properties[index].isOptional || entity.values[index] != nil }
                        return true
                    }
                    guard present else { continue }
                    writer.key(key)
                    writer.beginObject()
                    emit(subtree)
                    writer.endObject()
                }
            }
        }
        writer.beginObject()
        emit(tree)
        writer.endObject()
    }

    // MARK: Building programs

    private func field(_ paths: [JSONKeyPath], location: String, onFailure: FailurePolicy, constraints: [MappingConstraint]) -> MappingField {
        let policy: MappingField.OnFailure = onFailure == .drop ? .drop : onFailure == .default ? .useDefault : .fail
        if paths.count == 1, paths[0].components.count == 1 {
            return MappingField(paths[0].components[0], schema: location, onFailure: policy, constraints: constraints)
        }
        return MappingField(paths: paths.map(\.components), schema: location, onFailure: policy, constraints: constraints)
    }

    private func attributeProgram(_ attribute: ResolvedAttribute, _ property: EntityPlan.Property, _ translator: EntityTranslator) -> PropertyProgram {
        let location = translator.locationText(attribute.declaration.name.location)
        let values = ConstraintValues(attribute.declaration.constraints)
        var constraints: [MappingConstraint] = []
        if let minimum = values.minimum { constraints.append(.minimum(minimum)) }
        if let maximum = values.maximum { constraints.append(.maximum(maximum)) }
        if let minLength = values.minLength { constraints.append(.minLength(minLength)) }
        if let maxLength = values.maxLength { constraints.append(.maxLength(maxLength)) }
        if let pattern = values.pattern { constraints.append(.pattern(JSONPattern(pattern))) }
        if let oneOf = values.oneOf { constraints.append(.oneOf(oneOf)) }
        let transformer = erased(attribute.type, attribute.transformer, lossy: attribute.onInvalidElement == .skip, location: location)
        var defaultValue: InterpretedValue?
        if let node = attribute.declaration.defaultValue, property.defaultValue != nil {
            defaultValue = convertDefault(node, attribute.type)
        }
        return PropertyProgram(field: field([attribute.keyPath] + attribute.fallbackKeyPaths, location: location, onFailure: attribute.onFailure, constraints: constraints),
                               transformer: transformer, read: property.read, defaultValue: defaultValue, writePath: property.writePath, isOptional: property.isOptional)
    }

    private func relationshipProgram(_ relationship: ResolvedRelationship, _ property: EntityPlan.Property, _ translator: EntityTranslator) -> PropertyProgram {
        let location = translator.locationText(relationship.declaration.name.location)
        var element = entityTransformer(relationship.target)
        if relationship.declaration.reference != nil, let target = schema.entity(named: relationship.target),
           let identity = target.attributes.first(where: { $0.name == target.identifiedBy.first }) {
            element = erased(identity.type, identity.transformer, lossy: false, location: location)
        }
        let skips = relationship.onInvalidElement == .skip
        let transformer = !relationship.isToMany ? element
            : relationship.isMap ? ErasedTransformer(MapTransformer(element, skipsInvalidElements: skips, schemaLocation: skips ? location : ""))
            : ErasedTransformer(ArrayTransformer(element, skipsInvalidElements: skips, schemaLocation: skips ? location : ""))
        var program = PropertyProgram(field: field([relationship.keyPath] + relationship.fallbackKeyPaths, location: location, onFailure: relationship.onFailure, constraints: []),
                                      transformer: transformer, read: property.read, defaultValue: nil, writePath: property.writePath, isOptional: property.isOptional)
        if relationship.isMap { program.empty = InterpretedValue(value: [String: InterpretedValue]()) }
        return program
    }

    private func entityTransformer(_ name: String) -> ErasedTransformer {
        ErasedTransformer(decode: { [unowned self] value, context throws(TransformFailure) in
            do throws(MappingError) {
                return InterpretedValue(value: try self.map(name, from: value, context: &context))
            } catch {
                throw TransformFailure(nested: error)
            }
        }, encode: { [unowned self] value, writer in
            if let entity = value.value as? Entity { self.write(entity, to: &writer) } else { writer.null() }
        })
    }

    private func erased(_ type: ResolvedType, _ transformer: ResolvedTransformer?, lossy: Bool, location: String) -> ErasedTransformer {
        switch type {
        case let .array(element):
            let inner = erased(element, transformer, lossy: false, location: location)
            return ErasedTransformer(lossy ? ArrayTransformer(inner, skipsInvalidElements: true, schemaLocation: location) : ArrayTransformer(inner))
        case let .map(element):
            let inner = erased(element, transformer, lossy: false, location: location)
            return ErasedTransformer(lossy ? MapTransformer(inner, skipsInvalidElements: true, schemaLocation: location) : MapTransformer(inner))
        case let .enumeration(name):
            guard let declaration = schema.enums.first(where: { $0.name.value == name }) else { return ErasedTransformer.custom(nil) }
            return ErasedTransformer.enumeration(declaration, schemaLocation: location)
        case let .custom(_, name):
            return ErasedTransformer.custom(schema.transformers.first { $0.name.value == name })
        case let .builtin(builtin):
            return ErasedTransformer.builtin(builtin, transformer)
        }
    }

    /// A schema default as the value generated code would hold: written as JSON and read back with the
    /// type's plain transformer (dates are ISO-8601 in schemas whatever the attribute's transformer).
    private func convertDefault(_ node: ValueNode, _ type: ResolvedType) -> InterpretedValue? {
        var writer = JSONWriter()
        writeDefault(node, type, to: &writer)
        guard let document = try? JSONDocument(bytes: writer.bytes) else { return nil }
        let transformer = erased(type, nil, lossy: false, location: "")
        return document.withRoot { root in
            var context = MappingContext()
            return try? transformer.decode(root, context: &context)
        }
    }

    private func writeDefault(_ node: ValueNode, _ type: ResolvedType, to writer: inout JSONWriter) {
        switch (node.kind, type) {
        case let (.sequence(elements), .array(element)):
            writer.beginArray()
            for item in elements { writeDefault(item, element, to: &writer) }
            writer.endArray()
        case let (.mapping(entries), .map(element)):
            writer.beginObject()
            for entry in entries {
                writer.key(entry.key.value)
                writeDefault(entry.value, element, to: &writer)
            }
            writer.endObject()
        case let (_, .enumeration(name)):
            let text = node.textOrIntegerText ?? ""
            let declaration = schema.enums.first { $0.name.value == name }
            let raw = declaration?.case(named: text)?.rawValue.textOrIntegerText ?? text
            if declaration?.rawType?.value == .int { writer.raw(Array(raw.utf8)) } else { writer.string(raw) }
        default:
            switch node.scalar {
            case let .string(text)?: writer.string(text)
            case let .integer(text)?: writer.raw(Array((SchemaValidator.integerValue(text).map { String($0) } ?? text).utf8))
            case let .float(text)?: writer.raw(Array(text.utf8))
            case let .bool(flag)?: writer.bool(flag)
            default: writer.null()
            }
        }
    }
}
