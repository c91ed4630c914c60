@testable import _EntityGenCore
import Foundation
import Yams

/// A JSON value, as YAML's core schema reads a document (JSON text is YAML, so both load the same way).
indirect enum JSONValue: Equatable {
    case null, bool(Bool), integer(Int), number(Double), string(String), array([JSONValue]), object(
        [(String, JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.integer(a), .integer(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)): return a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: return false
        }
    }

    /// Reads YAML text the way the loader does (quoted scalars are text, plain ones per the core schema).
    static func fromYAML(_ text: String) throws -> JSONValue {
        guard let node = try Yams.compose(yaml: text, .basic) else { return .null }
        return from(node)
    }

    private static func from(_ node: Node) -> JSONValue {
        switch node {
        case let .scalar(scalar):
            guard scalar.style == .plain else { return .string(scalar.string) }
            switch ValueNode.interpretPlain(scalar.string) {
            case .null: return .null
            case let .bool(value): return .bool(value)
            case let .integer(text):
                return SchemaValidator.integerValue(text).flatMap { Int(exactly: $0) }.map(JSONValue.integer)
                    ?? .number(Double(text) ?? 0)
            case let .float(text): return .number(Double(text) ?? .nan)
            case let .string(text): return .string(text)
            }
        case let .sequence(sequence): return .array(sequence.map(from))
        case let .mapping(mapping): return .object(mapping.map { ($0.key.string ?? "", from($0.value)) })
        case .alias: return .null
        }
    }

    subscript(key: String) -> JSONValue? {
        guard case let .object(entries) = self else { return nil }
        return entries.first { $0.0 == key }?.1
    }

    var keys: [String] {
        guard case let .object(entries) = self else { return [] }
        return entries.map(\.0)
    }

    var strings: [String] {
        guard case let .array(values) = self else { return [] }
        return values.compactMap { if case let .string(text) = $0 { return text } else { return nil } }
    }
}

/// Checks a value against the subset of JSON Schema draft-07 that `Schemas/*.schema.json` uses: type,
/// properties, additionalProperties, required, enum, const, anyOf, oneOf, items, min/maxItems,
/// minLength, minimum, uniqueItems and local `$ref`s. Returns the problems found (empty: valid).
struct JSONSchemaChecker {
    let root: JSONValue

    func problems(_ value: JSONValue, against schema: JSONValue? = nil, at path: String = "$") -> [String] {
        let schema = schema ?? root
        if case let .string(reference)? = schema["$ref"] {
            let name = String(reference.dropFirst("#/definitions/".count))
            guard let target = root["definitions"]?[name] else { return ["\(path): unresolved \(reference)"] }
            return problems(value, against: target, at: path)
        }
        var found: [String] = []
        if let type = schema["type"] {
            let allowed = type.strings.isEmpty ? (type == .string("") ? [] : [typeName(type)]) : type.strings
            if !allowed.contains(where: { matches(value, type: $0) }) {
                return ["\(path): expected \(allowed), found \(value)"]
            }
        }
        if case let .array(options)? = schema["enum"], !options.contains(value) {
            found.append("\(path): \(value) not in enum")
        }
        if let constant = schema["const"], constant != value { found.append("\(path): expected \(constant)") }
        if case let .array(options)? = schema["anyOf"],
            !options.contains(where: { problems(value, against: $0, at: path).isEmpty })
        {
            found.append("\(path): matches none of anyOf")
        }
        if case let .array(options)? = schema["oneOf"] {
            let count = options.filter { problems(value, against: $0, at: path).isEmpty }.count
            if count != 1 { found.append("\(path): matches \(count) of oneOf") }
        }
        if case let .object(entries) = value {
            for required in schema["required"]?.strings ?? [] where !entries.contains(where: { $0.0 == required }) {
                found.append("\(path): missing \(required)")
            }
            for (key, element) in entries {
                if let property = schema["properties"]?[key] {
                    found += problems(element, against: property, at: "\(path).\(key)")
                } else if let additional = schema["additionalProperties"] {
                    if additional == .bool(false) {
                        found.append("\(path): unknown key \(key)")
                    } else if additional != .bool(true) {
                        found += problems(element, against: additional, at: "\(path).\(key)")
                    }
                }
            }
        }
        if case let .array(elements) = value {
            if case let .integer(minimum)? = schema["minItems"], elements.count < minimum {
                found.append("\(path): too few items")
            }
            if case let .integer(maximum)? = schema["maxItems"], elements.count > maximum {
                found.append("\(path): too many items")
            }
            if schema["uniqueItems"] == .bool(true),
                elements.enumerated().contains(where: { index, element in elements[..<index].contains(element) })
            {
                found.append("\(path): duplicate items")
            }
            if let items = schema["items"] {
                for (index, element) in elements.enumerated() {
                    found += problems(element, against: items, at: "\(path)[\(index)]")
                }
            }
        }
        if case let .string(text) = value, case let .integer(minimum)? = schema["minLength"], text.count < minimum {
            found.append("\(path): shorter than \(minimum)")
        }
        if case let .integer(minimum)? = schema["minimum"], case let .integer(number) = value, number < minimum {
            found.append("\(path): below \(minimum)")
        }
        return found
    }

    private func typeName(_ value: JSONValue) -> String {
        if case let .string(name) = value { return name }
        return ""
    }

    private func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("integer", .integer), ("number", .integer), ("number", .number),
            ("string", .string), ("array", .array), ("object", .object):
            return true
        default: return false
        }
    }
}
