/// Builds ``EntityPlan``s from the resolved schema: Swift names, types, transformers, storage.
struct EntityTranslator: Sendable {
    let schema: ResolvedSchema
    let types: TypeTranslator
    /// Pairs (entity, target) whose to-one embedding must be stored indirectly.
    let indirectEdges: Set<Edge>
    /// Pairs (entity, target) whose to-many or map collection is stored behind a reference.
    let indirectCollectionEdges: Set<Edge>
    /// How schema locations are printed (`Pods.yaml:40:7`, relative to the output's root).
    let displayPath: @Sendable (String) -> String

    struct Edge: Hashable {
        var from: String
        var to: String
    }

    init(schema: ResolvedSchema, displayPath: @escaping @Sendable (String) -> String) {
        self.schema = schema
        types = TypeTranslator(schema: schema)
        self.displayPath = displayPath
        indirectEdges = Self.cyclicEdges(schema)
        indirectCollectionEdges = Self.cyclicCollectionEdges(schema, indirectEdges: indirectEdges)
    }

    /// A schema location as generated code and reports print it: `Pods.yaml:40:7`.
    func locationText(_ location: SourceLocation) -> String {
        "\(displayPath(location.file)):\(location.line):\(location.column)"
    }

    /// The same location as a Swift string literal.
    func location(_ location: SourceLocation) -> String {
        SwiftLiteral.string(locationText(location))
    }

    func keyPathsLiteral(_ paths: [JSONKeyPath]) -> String {
        "[" + paths.map { "[" + $0.components.map(SwiftLiteral.string).joined(separator: ", ") + "]" }.joined(separator: ", ") + "]"
    }

    func plan(_ entity: ResolvedEntity) -> EntityPlan {
        var properties: [EntityPlan.Property] = []
        for attribute in entity.attributes {
            properties.append(attributeProperty(attribute))
        }
        for relationship in entity.relationships {
            properties.append(relationshipProperty(relationship, in: entity))
        }
        var identity: (String, String)?
        if entity.identifiedBy.count == 1, let attribute = entity.attributes.first(where: { $0.name == entity.identifiedBy[0] }) {
            identity = (attribute.swiftName, types.swiftType(attribute.type))
        }
        var discriminator: ([String], String)?
        if let key = entity.discriminatorKey, let value = entity.discriminatorValue {
            discriminator = (key.components, value)
        }
        let rootEnvelope = entity.declaration.errorEnvelope
        return EntityPlan(
            typeName: entity.swiftName,
            schemaName: entity.name,
            documentation: entity.declaration.description?.value,
            schemaLocation: location(entity.declaration.name.location),
            properties: properties,
            identity: identity,
            discriminator: discriminator,
            errorEnvelope: rootEnvelope.map { ($0.key.value.components, ($0.message ?? $0.key).value.components) }
        )
    }

    /// Whether a field allocates when built (so it is stored once instead of built per use).
    static func fieldAllocates(_ paths: [JSONKeyPath], constraints: [String]) -> Bool {
        paths.count > 1 || paths[0].components.count > 1 || !constraints.isEmpty
    }

    /// Whether a transformer allocates when built (a date formatter).
    static func transformerAllocates(_ expression: String) -> Bool {
        expression.contains("DateFormatTransformer(")
    }

    /// Whether a field is one top-level key with the default failure policy and no constraints (built
    /// inline, nothing to tolerate), so the runtime's direct entry points can read it.
    static func isPlainField(_ paths: [JSONKeyPath], onFailure: FailurePolicy, constraints: [String]) -> Bool {
        !fieldAllocates(paths, constraints: constraints) && onFailure == .fail
    }

    private func field(_ paths: [JSONKeyPath], location: String, onFailure: FailurePolicy, constraints: [String]) -> String {
        let single = paths.count == 1 && paths[0].components.count == 1
        var arguments = [single ? SwiftLiteral.string(paths[0].components[0]) : "paths: " + keyPathsLiteral(paths), "schema: \(location)"]
        switch onFailure {
        case .fail: break
        case .drop: arguments.append("onFailure: .drop")
        case .default: arguments.append("onFailure: .useDefault")
        }
        if !constraints.isEmpty { arguments.append("constraints: [\(constraints.joined(separator: ", "))]") }
        return "\(TypeTranslator.runtime).MappingField(\(arguments.joined(separator: ", ")))"
    }

    private func attributeProperty(_ attribute: ResolvedAttribute) -> EntityPlan.Property {
        let declaration = attribute.declaration
        let location = location(declaration.name.location)
        let baseType = types.swiftType(attribute.type)
        let defaultValue = declaration.defaultValue.flatMap { value -> String? in
            if case .null? = value.scalar { return nil }
            return types.literal(value, attribute.type)
        }
        let isOptional = attribute.isOptional
        let paths = [attribute.keyPath] + attribute.fallbackKeyPaths
        let constraintList = constraints(declaration.constraints)
        let transformer = types.transformer(attribute.type, attribute.transformer, lossy: attribute.onInvalidElement == .skip, schemaLocation: location)
        let direct = TypeTranslator.directAccess(attribute.type, attribute.transformer)
        return EntityPlan.Property(
            name: attribute.swiftName,
            identifier: SwiftNaming.escaped(attribute.swiftName),
            type: isOptional ? baseType + "?" : baseType,
            isOptional: isOptional,
            storage: .inline,
            documentation: declaration.description?.value,
            field: field(paths, location: location, onFailure: attribute.onFailure, constraints: constraintList),
            schemaLocation: location,
            transformer: transformer,
            storesField: Self.fieldAllocates(paths, constraints: constraintList),
            direct: direct,
            readsDirectly: direct != nil && Self.isPlainField(paths, onFailure: attribute.onFailure, constraints: constraintList),
            storesTransformer: Self.transformerAllocates(transformer),
            read: isOptional ? .optional : .required,
            defaultValue: defaultValue,
            writePath: attribute.keyPath.components,
            schemaName: attribute.name,
            isRelationship: false
        )
    }

    private func relationshipProperty(_ relationship: ResolvedRelationship, in entity: ResolvedEntity) -> EntityPlan.Property {
        let declaration = relationship.declaration
        let location = location(declaration.name.location)
        let targetType = schema.entity(named: relationship.target)?.swiftName ?? SwiftNaming.typeName(relationship.target)
        var elementType = targetType
        var elementTransformer = "\(TypeTranslator.runtime).EntityTransformer<\(targetType)>()"
        if relationship.declaration.reference != nil, let target = schema.entity(named: relationship.target),
           let identity = target.attributes.first(where: { $0.name == target.identifiedBy.first }) {
            elementType = "\(TypeTranslator.runtime).EntityReference<\(targetType)>"
            let idTransformer = types.transformer(identity.type, identity.transformer, lossy: false, schemaLocation: location)
            elementTransformer = "\(TypeTranslator.runtime).ReferenceTransformer<\(targetType), \(Self.typeOf(idTransformer))>(\(idTransformer))"
        }
        let edge = Edge(from: entity.name, to: relationship.target)
        let embeds = relationship.declaration.reference == nil
        let paths = [relationship.keyPath] + relationship.fallbackKeyPaths
        // Embedded entities and arrays of them have direct entry points; maps and references do not.
        let direct = embeds && !relationship.isMap ? TypeTranslator.directAccess(entity: targetType) : nil
        let lossy = relationship.isToMany && relationship.onInvalidElement == .skip
        let type: String
        let transformer: String
        let read: EntityPlan.Property.Read
        if relationship.isToMany {
            let collection = relationship.isMap ? "MapTransformer" : "ArrayTransformer"
            type = relationship.isMap ? "[Swift.String: \(elementType)]" : "[\(elementType)]"
            transformer = lossy
                ? "\(TypeTranslator.runtime).\(collection)(\(elementTransformer), skipsInvalidElements: true, schemaLocation: \(location))"
                : "\(TypeTranslator.runtime).\(collection)(\(elementTransformer))"
            read = .toMany
        } else {
            type = relationship.isOptional ? elementType + "?" : elementType
            transformer = elementTransformer
            read = relationship.isOptional ? .optional : .required
        }
        let storage: EntityPlan.Property.Storage
        if embeds, relationship.isToMany, indirectCollectionEdges.contains(edge) {
            storage = .indirectCollection(box: "\(TypeTranslator.runtime).IndirectCollection<\(type)>")
        } else if embeds, !relationship.isToMany, indirectEdges.contains(edge) {
            storage = .indirect(box: "\(TypeTranslator.runtime).Indirect<\(targetType)>")
        } else {
            storage = .inline
        }
        var property = EntityPlan.Property(
            name: relationship.swiftName,
            identifier: SwiftNaming.escaped(relationship.swiftName),
            type: type,
            isOptional: !relationship.isToMany && relationship.isOptional,
            storage: storage,
            documentation: declaration.description?.value,
            field: field(paths, location: location, onFailure: relationship.onFailure, constraints: []),
            schemaLocation: location,
            transformer: transformer,
            storesField: Self.fieldAllocates(paths, constraints: []),
            direct: direct,
            readsDirectly: direct != nil && !lossy && Self.isPlainField(paths, onFailure: relationship.onFailure, constraints: []),
            storesTransformer: Self.transformerAllocates(transformer),
            read: read,
            defaultValue: nil,
            writePath: relationship.keyPath.components,
            schemaName: relationship.name,
            isRelationship: true
        )
        property.emptyValue = relationship.isMap ? "[:]" : "[]"
        return property
    }

    /// The type of a transformer expression `Name<...>(...)` (its text up to the call's parenthesis).
    static func typeOf(_ expression: String) -> String {
        var depth = 0
        for (offset, character) in expression.enumerated() {
            if character == "<" { depth += 1 }
            if character == ">" { depth -= 1 }
            if character == "(", depth == 0 { return String(expression.prefix(offset)) }
        }
        return expression
    }

    private func constraints(_ declaration: ConstraintsDeclaration) -> [String] {
        let values = ConstraintValues(declaration)
        var result: [String] = []
        if let minimum = values.minimum { result.append(".minimum(\(minimum))") }
        if let maximum = values.maximum { result.append(".maximum(\(maximum))") }
        if let minLength = values.minLength { result.append(".minLength(\(minLength))") }
        if let maxLength = values.maxLength { result.append(".maxLength(\(maxLength))") }
        if let pattern = values.pattern { result.append(".pattern(\(TypeTranslator.runtime).JSONPattern(\(SwiftLiteral.string(pattern))))") }
        if let oneOf = values.oneOf { result.append(".oneOf([\(oneOf.map(SwiftLiteral.string).joined(separator: ", "))])") }
        return result
    }

    /// To-one embeddings that close a cycle of to-one embeddings between structs (a self-reference, or a
    /// ring): those are stored through `Indirect` so no struct contains itself. To-many relationships
    /// (arrays) and references already hold their targets out of line (for layout; see
    /// ``cyclicCollectionEdges(_:indirectEdges:)`` for compile time), and abstract targets are enums
    /// generated `indirect`.
    static func cyclicEdges(_ schema: ResolvedSchema) -> Set<Edge> {
        edgesWithinCycles(embeddings(in: schema).filter { !$0.isToMany }.map(\.edge))
    }

    /// To-many and map relationships that close a cycle through more than one entity, counting every
    /// edge along which the compiler lays out one struct inside another's lowering: inline to-one
    /// embeddings and collections. Those collections are stored through `IndirectCollection`: an inline
    /// `[Target]` makes the compiler's type lowering visit `Target`'s stored properties, so a cycle of
    /// them (a ring of 1,000 entities) is walked whole in every compiler job. A self-reference
    /// (`Person.friends: [Person]`) stays inline: its walk ends where it starts.
    static func cyclicCollectionEdges(_ schema: ResolvedSchema, indirectEdges: Set<Edge>) -> Set<Edge> {
        let lowered = embeddings(in: schema).filter { $0.isToMany || !indirectEdges.contains($0.edge) }
        let cyclic = edgesWithinCycles(lowered.map(\.edge))
        return Set(lowered.filter { $0.isToMany && $0.edge.from != $0.edge.to && cyclic.contains($0.edge) }.map(\.edge))
    }

    /// Every relationship that holds its target's value (not a reference) between concrete entities.
    private static func embeddings(in schema: ResolvedSchema) -> [(edge: Edge, isToMany: Bool)] {
        schema.entities.filter { !$0.isAbstract }.flatMap { entity in
            entity.relationships.compactMap { relationship -> (edge: Edge, isToMany: Bool)? in
                guard relationship.declaration.reference == nil, let target = schema.entity(named: relationship.target), !target.isAbstract else { return nil }
                return (Edge(from: entity.name, to: target.name), relationship.isToMany)
            }
        }
    }

    /// The edges whose two ends lie in one strongly connected component of the graph they form.
    private static func edgesWithinCycles(_ edges: [Edge]) -> Set<Edge> {
        var graph: [String: [String]] = [:]
        for edge in edges { graph[edge.from, default: []].append(edge.to) }
        let components = StronglyConnectedComponents.compute(graph)
        return Set(edges.filter { components[$0.from] != nil && components[$0.from] == components[$0.to] })
    }
}

/// Tarjan's algorithm, iterative (a ring of 1,000 entities must not recurse 1,000 deep).
enum StronglyConnectedComponents {
    /// The component number of every node.
    static func compute(_ graph: [String: [String]]) -> [String: Int] {
        var index = 0
        var indices: [String: Int] = [:]
        var lowlinks: [String: Int] = [:]
        var onStack: Set<String> = []
        var stack: [String] = []
        var components: [String: Int] = [:]
        var componentCount = 0
        for start in graph.keys.sorted() where indices[start] == nil {
            var work: [(node: String, next: Int)] = [(start, 0)]
            indices[start] = index; lowlinks[start] = index; index += 1
            stack.append(start); onStack.insert(start)
            while let (node, next) = work.last {
                let targets = graph[node] ?? []
                if next < targets.count {
                    work[work.count - 1].next += 1
                    let target = targets[next]
                    if indices[target] == nil {
                        indices[target] = index; lowlinks[target] = index; index += 1
                        stack.append(target); onStack.insert(target)
                        work.append((target, 0))
                    } else if onStack.contains(target) {
                        lowlinks[node] = min(lowlinks[node]!, indices[target]!)
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.node { lowlinks[parent] = min(lowlinks[parent]!, lowlinks[node]!) }
                if lowlinks[node] == indices[node] {
                    while let member = stack.popLast() {
                        onStack.remove(member)
                        components[member] = componentCount
                        if member == node { break }
                    }
                    componentCount += 1
                }
            }
        }
        return components
    }
}
