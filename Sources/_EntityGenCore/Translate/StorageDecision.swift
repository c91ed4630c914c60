/// Where a relationship's value is stored in the generated struct: inline, or behind a reference. One
/// decision, kept apart from printing (like swift-protobuf's `MessageStorageDecision`).
///
/// Cost model. A struct cannot contain itself, so a to-one embedding that closes a cycle of to-one
/// embeddings (a self-reference, a ring) must be boxed (`Indirect`): that is correctness. Collections
/// already hold their elements out of line, but the compiler's type lowering of an inline `[Target]`
/// visits `Target`'s stored properties; a cycle of such collections through several entities (a ring
/// of 1,000 entities) is walked whole in every compiler job, so those collections are boxed too
/// (`IndirectCollection`): that is compile time, measured by the scale benchmark. A box costs one
/// allocation per value and a pointer hop per read; everything outside a cycle stays inline.
struct StorageDecision: Sendable {
    /// Pairs (entity, target) whose to-one embedding must be stored indirectly.
    let indirectEdges: Set<Edge>
    /// Pairs (entity, target) whose to-many or map collection is stored behind a reference.
    let indirectCollectionEdges: Set<Edge>

    /// A relationship from one entity to another, by schema names.
    struct Edge: Hashable, Sendable {
        var from: String
        var to: String
    }

    /// Decides the storage of every relationship of the schema.
    init(schema: ResolvedSchema) {
        indirectEdges = Self.cyclicEdges(schema)
        indirectCollectionEdges = Self.cyclicCollectionEdges(schema, indirectEdges: indirectEdges)
    }

    /// How a relationship of `entity` is stored.
    func storage(of relationship: ResolvedRelationship, in entity: ResolvedEntity) -> EntityPlan.Property.Storage {
        let edge = Edge(from: entity.name, to: relationship.target)
        guard !relationship.isReference else { return .inline }
        // An optional collection (`[Target]?`) stays inline: correct for layout, only costlier to compile.
        if relationship.isToMany, !relationship.isOptional, indirectCollectionEdges.contains(edge) {
            return .indirectCollection
        }
        if !relationship.isToMany, indirectEdges.contains(edge) { return .indirect }
        return .inline
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
                guard !relationship.isReference, let target = schema.entity(named: relationship.target),
                    !target.isAbstract
                else { return nil }
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
