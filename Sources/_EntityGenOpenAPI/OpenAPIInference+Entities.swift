import _EntityGenCore
import Foundation
import OpenAPIKit

extension OpenAPIInference {
    /// The type a property becomes.
    struct PropertyType {
        /// As written, without `?` (`Int64`, `'[Artist]'` without its quotes: `[Artist]`).
        var base: String
        var transformer: String?
        var dateFormat: String?
        var isRelationship = false
        var reason: String?
    }

    /// An object schema's properties, its `allOf` parts' merged in (a referenced part's too), with the
    /// required ones.
    func properties(
        _ schema: JSONSchema, seen: Set<String> = []
    ) -> (
        properties: [(String, JSONSchema)], required: Set<String>
    ) {
        switch schema.value {
        case let .object(_, object):
            return (object.properties.map { ($0.key, $0.value) }, Set(object.requiredProperties))
        case let .all(of: parts, core: _):
            var merged: [(String, JSONSchema)] = []
            var required = Set<String>()
            for part in parts {
                var resolved = part
                var names = seen
                if let (name, target) = component(part) {
                    guard !seen.contains(name) else { continue }
                    resolved = target
                    names.insert(name)
                }
                let (more, requiredMore) = properties(resolved, seen: names)
                for (key, value) in more where !merged.contains(where: { $0.0 == key }) { merged.append((key, value)) }
                required.formUnion(requiredMore)
            }
            return (merged, required)
        case .null, .boolean, .number, .integer, .string, .array, .one, .any, .not, .reference, .fragment:
            return ([], [])
        }
    }

    /// Adds the entity of an object schema (and the entities of its inline objects).
    mutating func entity(_ name: String, _ schema: JSONSchema, at location: String) {
        var entity = InferredSchema.Entity(
            name: name, paths: [location], objects: 0, identifiedBy: [], identityReason: "")
        entity.description = Self.trimmed(schema.description)
        let index = entities.count
        entities.append(entity)
        var namer = MemberNamer(convention: convention)
        let (properties, required) = self.properties(schema)
        var identifiable: [String: String] = [:]
        for (key, property) in properties {
            let (memberName, writtenKey) = namer.name(for: key)
            let propertyLocation = "\(location)/properties/\(key)"
            let type = propertyType(property, at: propertyLocation, owner: name, memberName: memberName)
            let nullable = property.nullable
            let isRequired = required.contains(key)
            let optional = !isRequired || nullable
            var reasons = [type.reason].compactMap { $0 }
            if property.readOnly { reasons.append("readOnly: sent by the server") }
            var member = InferredSchema.Member(
                name: memberName, type: Self.written(type.base, optional: optional), key: writtenKey,
                isRelationship: type.isRelationship, reason: reasons.isEmpty ? nil : reasons.joined(separator: "; "))
            member.transformer = type.transformer
            member.dateFormat = type.dateFormat
            member.description = Self.trimmed(property.description)
            member.jsonKey = key
            // Required and nullable: the key is always sent, `null` when empty.
            member.writesNull = isRequired && nullable
            if type.isRelationship {
                entities[index].relationships.append(member)
            } else {
                entities[index].attributes.append(member)
                if isRequired, !nullable, SchemaInference.identifyingTypes.contains(type.base) {
                    identifiable[key] = memberName
                }
            }
        }
        if let key = ["id", "uuid", "key", "code"].first(where: { identifiable[$0] != nil }) {
            entities[index].identifiedBy = [identifiable[key]!]
            entities[index].identityReason = "the required property '\(key)'"
        } else {
            entities[index].identityReason =
                "no identity: no required 'id' (or 'uuid', 'key', 'code') property; rows are owned by what embeds them"
        }
    }

    /// Adds the enum of a string schema with allowed values.
    mutating func enumeration(_ name: String, _ schema: JSONSchema, at location: String) {
        guard let values = OpenAPIInference.enumValues(schema) else { return }
        let fallback = InferredSchema.Enumeration.fallbackName(besides: values)
        enums.append(
            InferredSchema.Enumeration(
                name: name, cases: values, fallback: fallback,
                reason: "enum at \(location); '\(fallback)' keeps any other value"))
    }

    /// A description without its leading and trailing white space (`nil` when nothing is left).
    static func trimmed(_ text: String?) -> String? {
        let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed?.isEmpty == false ? trimmed : nil
    }

    /// `Int64?`, `'[Artist]'`: quoted when it has brackets.
    static func written(_ base: String, optional: Bool) -> String {
        let text = base + (optional ? "?" : "")
        return base.hasPrefix("[") ? "'\(text)'" : text
    }
}
