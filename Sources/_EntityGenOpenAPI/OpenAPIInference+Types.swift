import _EntityGenCore
import OpenAPIKit

extension OpenAPIInference {
    /// The type of a property's schema: built-in types by `type` and `format`, references to entities
    /// and enums by name, inline objects as entities of their own (`<Owner><Property>`), arrays and
    /// `additionalProperties` maps of any of these; anything else AnyJSON, with a located warning.
    mutating func propertyType(
        _ schema: JSONSchema, at location: String, owner: String, memberName: String
    ) -> PropertyType {
        switch schema.value {
        case .boolean: return PropertyType(base: "Bool")
        case .integer:
            switch schema.formatString {
            case "int32": return PropertyType(base: "Int32", reason: "format: int32")
            default: return PropertyType(base: "Int64")
            }
        case .number:
            switch schema.formatString {
            case "float": return PropertyType(base: "Float", reason: "format: float")
            case "decimal": return PropertyType(base: "Decimal", reason: "format: decimal")
            default: return PropertyType(base: "Double")
            }
        case .string:
            if OpenAPIInference.enumValues(schema) != nil {
                let name = types.unique(owner + SwiftNaming.typeName(memberName))
                enumeration(name, schema, at: location)
                return PropertyType(base: name)
            }
            switch schema.formatString {
            case "date-time": return PropertyType(base: "Date", reason: "format: date-time")
            case "date": return PropertyType(base: "Date", dateFormat: "yyyy-MM-dd", reason: "format: date")
            case "uri", "url": return PropertyType(base: "URL", reason: "format: \(schema.formatString ?? "")")
            case "uuid": return PropertyType(base: "UUID", reason: "format: uuid (UUID writes upper case)")
            case "byte": return PropertyType(base: "Data", reason: "format: byte (base64)")
            default: return PropertyType(base: "String")
            }
        case let .reference(reference, _):
            guard let name = reference.name, reference.isInternal, let component = components[name] else {
                warn(
                    location, "$ref '\(reference.absoluteString)' is not a component of this document: kept as AnyJSON")
                return PropertyType(base: "AnyJSON", reason: "unresolved $ref")
            }
            switch component {
            case let .entity(entity): return PropertyType(base: entity, isRelationship: true)
            case let .family(family):
                warn(
                    location,
                    "'\(name)' is a family, and persistence has no table for a relationship to a family: kept as AnyJSON (a list endpoint of it is a feed)"
                )
                return PropertyType(base: "AnyJSON", reason: "the family \(family)")
            case let .enumeration(enumeration): return PropertyType(base: enumeration)
            case let .alias(target):
                // An alias of an alias...: a cycle (`A: {$ref: B}`, `B: {$ref: A}`) names no type.
                guard !aliasesBeingResolved.contains(name) else {
                    warn(location, "$ref cycle through '\(name)' with no object in it: kept as AnyJSON")
                    return PropertyType(base: "AnyJSON", reason: "a $ref cycle")
                }
                aliasesBeingResolved.insert(name)
                defer { aliasesBeingResolved.remove(name) }
                return propertyType(target, at: "#/components/schemas/\(name)", owner: owner, memberName: memberName)
            }
        case let .array(_, array):
            guard let items = array.items else {
                return PropertyType(base: "[AnyJSON]", reason: "an array without 'items'")
            }
            var element = propertyType(items, at: location + "/items", owner: owner, memberName: memberName)
            if element.isRelationship, element.base.hasPrefix("[") {
                warn(location, "an array of arrays of objects has no relationship form: kept as AnyJSON")
                return PropertyType(base: "AnyJSON", reason: "an array of arrays of objects")
            }
            element.base = "[\(element.base)]"
            return fitsAType(element, at: location)
        case let .object(_, object):
            if object.properties.isEmpty {
                guard case let .b(values)? = object.additionalProperties else {
                    return PropertyType(base: "[String: AnyJSON]", reason: "an object with no declared properties")
                }
                var value = propertyType(
                    values, at: location + "/additionalProperties", owner: owner, memberName: memberName)
                if value.isRelationship, value.base.hasPrefix("[") {
                    warn(location, "a map of arrays of objects has no relationship form: kept as AnyJSON")
                    return PropertyType(base: "AnyJSON", reason: "a map of arrays of objects")
                }
                value.base = "[String: \(value.base)]"
                value.reason = ["additionalProperties: a map", value.reason].compactMap { $0 }.joined(separator: "; ")
                return fitsAType(value, at: location)
            }
            return inlineEntity(schema, at: location, owner: owner, memberName: memberName)
        case .all:
            return inlineEntity(schema, at: location, owner: owner, memberName: memberName)
        case let .one(of: choices, core: _), let .any(of: choices, core: _):
            let reason =
                schema.discriminator == nil
                ? "without a discriminator, nothing says which schema an object is"
                : "with a discriminator, but written inline: a family is inferred from a component schema, and persistence has no table for a relationship to a family"
            warn(location, "oneOf/anyOf of \(choices.count) schemas \(reason): kept as AnyJSON (any of them maps)")
            return PropertyType(base: "AnyJSON", reason: "oneOf/anyOf: any of \(choices.count) schemas")
        case .not:
            warn(location, "'not' cannot be expressed: kept as AnyJSON")
            return PropertyType(base: "AnyJSON", reason: "'not'")
        case .null:
            return PropertyType(base: "AnyJSON", reason: "type null")
        case .fragment:
            return PropertyType(base: "AnyJSON", reason: "no type given")
        }
    }

    /// `AnyJSON`, with a warning, in place of arrays and maps nested deeper than a schema type can say.
    mutating func fitsAType(_ type: PropertyType, at location: String) -> PropertyType {
        guard type.base.filter({ $0 == "[" }).count >= TypeExpression.maximumDepth else { return type }
        warn(location, "arrays and maps nested deeper than a schema type can say: kept as AnyJSON")
        return PropertyType(base: "AnyJSON", reason: "nested deeper than a schema type can say")
    }

    /// An inline object as an entity of its own, named after its owner and property.
    private mutating func inlineEntity(
        _ schema: JSONSchema, at location: String, owner: String, memberName: String
    ) -> PropertyType {
        let name = types.unique(owner + SwiftNaming.typeName(memberName))
        entity(name, schema, at: location)
        return PropertyType(base: name, isRelationship: true, reason: "an inline object")
    }
}
