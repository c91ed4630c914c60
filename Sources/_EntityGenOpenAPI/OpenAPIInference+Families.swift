import _EntityGenCore
import OpenAPIKit

/// Polymorphic component schemas as families: a component that is a `oneOf`/`anyOf` of object
/// components with a `discriminator` (the family is the choice), or an object component with a
/// `discriminator` that other components extend through `allOf` (the OpenAPI specification's
/// `Pet`/`Cat`/`Dog`). The root becomes an abstract entity that declares the discriminator, the
/// properties every kind has and the identity; each kind extends it with its own properties.
///
/// Persistence stores each kind in its own table and has no place for a relationship to a family, so a
/// property whose schema is the family is kept as AnyJSON (with a warning); a list endpoint of the family
/// is a feed of it.
extension OpenAPIInference {
    /// A family found among the components.
    struct Family {
        /// The root component's name.
        var component: String
        /// The discriminator's property.
        var discriminator: String
        /// The kinds: component name and discriminator value.
        var members: [(component: String, value: String)]
        /// Whether the root is a `oneOf`/`anyOf` (its shared properties come from the kinds), rather
        /// than an object the kinds extend.
        var isChoice: Bool
    }

    /// The families of the document's components, each kind in one family at most (later ones that
    /// claim a kind again are warned about and left as they were).
    mutating func findFamilies() -> [Family] {
        var families: [Family] = []
        var claimed: Set<String> = []
        for (key, schema) in document.components.schemas {
            let name = key.rawValue
            let location = "#/components/schemas/\(name)"
            guard let discriminator = schema.discriminator else { continue }
            var kinds: [String] = []
            var isChoice = false
            switch schema.value {
            case let .one(of: choices, core: _), let .any(of: choices, core: _):
                isChoice = true
                for choice in choices {
                    guard let (kind, target) = component(choice), isObject(target) else {
                        warn(location, "a choice is not a $ref to an object component: no family, kept as AnyJSON")
                        kinds = []
                        break
                    }
                    kinds.append(kind)
                }
            case .object, .all:
                guard isObject(schema) else { continue }
                kinds = document.components.schemas.compactMap { other -> String? in
                    guard case let .all(of: parts, core: _) = other.value.value,
                        parts.contains(where: { component($0)?.name == name })
                    else { return nil }
                    return other.key.rawValue
                }
            case .null, .boolean, .number, .integer, .string, .array, .not, .reference, .fragment:
                continue
            }
            guard !kinds.isEmpty else { continue }
            if let taken = kinds.first(where: claimed.contains) {
                warn(location, "'\(taken)' is already a kind of another family: no family here")
                continue
            }
            claimed.formUnion(kinds)
            let values = Self.discriminatorValues(discriminator, kinds: kinds)
            families.append(
                Family(
                    component: name, discriminator: discriminator.propertyName,
                    members: zip(kinds, values).map { ($0, $1) }, isChoice: isChoice))
        }
        return families
    }

    /// Each kind's discriminator value: the `mapping` entry naming it, else the component's name (the
    /// OpenAPI default).
    static func discriminatorValues(_ discriminator: OpenAPI.Discriminator, kinds: [String]) -> [String] {
        var byKind: [String: String] = [:]
        for (value, target) in discriminator.mapping ?? [:] {
            let kind = target.split(separator: "/").last.map(String.init) ?? target
            if byKind[kind] == nil { byKind[kind] = value }
        }
        return kinds.map { byKind[$0] ?? $0 }
    }

    /// Rewrites the entities of a family: the root abstract with the shared properties and the identity,
    /// each kind extending it with the rest (the discriminator property is the family's, not a member).
    mutating func applyFamily(_ family: Family) {
        guard case let .family(rootName)? = components[family.component] else { return }
        let kindNames = family.members.compactMap { member -> String? in
            guard case let .entity(name)? = components[member.component] else { return nil }
            return name
        }
        guard kindNames.count == family.members.count else { return }
        // The root is taken out first (and put back before its first kind), so the kinds' indices hold.
        let existing = entities.firstIndex(where: { $0.name == rootName }).map { entities.remove(at: $0) }
        let kinds = kindNames.compactMap { name in entities.firstIndex { $0.name == name } }
        var root: InferredSchema.Entity
        if let existing {
            root = existing
        } else {
            // A choice: the properties every kind declares alike are the family's.
            root = InferredSchema.Entity(
                name: rootName, paths: ["#/components/schemas/\(family.component)"], objects: 0, identifiedBy: [],
                identityReason: "")
            let first = entities[kinds[0]]
            let kindEntities = kinds.map { entities[$0] }
            let shared = {
                (member: InferredSchema.Member, list: KeyPath<InferredSchema.Entity, [InferredSchema.Member]>) in
                kindEntities.allSatisfy { kind in
                    kind[keyPath: list].contains { $0.jsonKey == member.jsonKey && $0.type == member.type }
                }
            }
            root.attributes = first.attributes.filter { shared($0, \.attributes) }
            root.relationships = first.relationships.filter { shared($0, \.relationships) }
            if let identity = first.identifiedBy.first, first.identifiedBy.count == 1,
                root.attributes.contains(where: { $0.name == identity }),
                kindEntities.allSatisfy({ $0.identifiedBy == first.identifiedBy })
            {
                root.identifiedBy = first.identifiedBy
                root.identityReason = "the required property every kind has, '\(identity)'"
            } else {
                root.identityReason =
                    "no identity: the kinds share no required 'id'; rows are owned by what embeds them"
            }
        }
        root.attributes.removeAll { $0.jsonKey == family.discriminator }
        root.isAbstract = true
        root.discriminator = family.discriminator
        let values = family.members.map { "'\($0.value)'" }.joined(separator: ", ")
        root.familyReason =
            "family: '\(family.discriminator)' selects \(values) (\(family.isChoice ? "oneOf" : "allOf") with a discriminator)"
        let inherited = Set((root.attributes + root.relationships).map(\.jsonKey) + [family.discriminator])
        for (index, member) in zip(kinds, family.members) {
            entities[index].attributes.removeAll { inherited.contains($0.jsonKey) }
            entities[index].relationships.removeAll { inherited.contains($0.jsonKey) }
            entities[index].identifiedBy = []
            entities[index].extends = rootName
            entities[index].discriminatorValue = member.value
        }
        entities.insert(root, at: kinds.min() ?? entities.endIndex)
    }
}
