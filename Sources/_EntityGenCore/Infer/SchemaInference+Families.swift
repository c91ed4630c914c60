/// Polymorphic records as a family: when a discriminator-like key (`type`, `kind`) sorts the records into
/// shapes with keys of their own (``VariantTracker``), the records' entity is abstract, holds the keys
/// every kind has (and the identity), and each value gets a member entity with its own keys.
///
/// Only the records: persistence stores each member in its own table and has no place for a relationship
/// to a family, so polymorphic objects nested in a record stay one entity whose members are optional
/// (what it read, it writes back).
struct EntityScope {
    /// The entity's name.
    var name: String
    /// The keys it declares.
    var keys: Set<String>
    /// Objects it stands for.
    var objects: Int?
    /// How many of them carried each key (`nil`: counted over the cluster's objects).
    var present: [String: Int] = [:]
    /// Set for a family member: its identity is the root's, with this reason.
    var inheritedIdentity: String?
}

extension SchemaInference {
    /// The family of the records, root first, when the records are one (and are met nowhere else).
    mutating func family(_ cluster: (id: Int, places: [Int])) -> [InferredSchema.Entity]? {
        guard cluster.places == [0], let object = clustering.places[0].node.object,
            let tracker = object.variants, let variants = tracker.family
        else { return nil }
        let discriminator = tracker.key
        let allKeys = object.keys.filter { $0 != discriminator }
        let shared = allKeys.filter { key in variants.allSatisfy { $0.present[key] != nil } }
        let rootName = entityNames[cluster.id]!
        var root = entity(cluster, scope: EntityScope(name: rootName, keys: Set(shared)))
        guard !root.identifiedBy.isEmpty else { return nil }
        root.isAbstract = true
        root.discriminator = discriminator
        let values = InferenceText.list(variants.map { "'\($0.value)'" })
        root.familyReason =
            "family: '\(discriminator)' is \(values), and each kind has keys of its own; a kind the samples did not have fails its record"
        var members: [InferredSchema.Entity] = []
        for variant in variants {
            let word = SwiftNaming.typeName(variant.value)
            let name = uniqueTypeName(word.hasSuffix(rootName) ? word : word + rootName)
            let own = Set(variant.present.keys).subtracting(shared).subtracting([discriminator])
            var member = entity(
                cluster,
                scope: EntityScope(
                    name: name, keys: own, objects: variant.count, present: variant.present,
                    inheritedIdentity: "identified by \(rootName)'s identity"))
            member.extends = rootName
            member.discriminatorValue = variant.value
            members.append(member)
        }
        return [root] + members
    }
}
