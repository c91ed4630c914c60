@testable import _EntityGenCore
import EntityGenTestSupport
import Foundation

/// Writes random valid schemas for the property test: every type and transformer, keywords, Unicode and
/// hostile strings, deep key paths and nested collections, families, references, cycles.
struct RandomSchema {
    var generator: SplitMix64
    let prefix: String
    private(set) var yaml = ""
    /// Swift support code the schema needs (custom transformer types and conversions).
    private(set) var support = ""

    static let hostile = [
        "\"\"\"", "\\(x)", "*/", "/*", "#", "#\"x\"#", "\n", "\0", "\u{202E}rtl", "\u{2066}", "é", "名前", "🚀", "'", "\\",
        "\t", ":", "- ", "{}", "[]", "&a", "*a", "%", "@",
    ]
    static let names = [
        "name", "value", "json", "context", "writer", "default", "class", "import", "let", "where", "in", "inout",
        "Type_", "größe", "ñandú", "名前", "data", "date", "url", "map", "count", "self_value", "protocol", "switch",
        "true_value", "attributes", "Relationships", "fields", "transformers", "init_value",
        // Close to what generated code declares (GeneratedNames, GRDB's record members): accepted, must compile.
        "columns", "rowKeys", "entityTable", "databaseTableName", "save", "writeJSON", "requestIncludingRelationships",
    ]

    /// Whether the schema is generated with persistence, where a relationship cannot target a family
    /// root (`unstored-relationship`): relationships then target a concrete member.
    let persistence: Bool

    init(seed: UInt64, prefix: String, persistence: Bool = false) {
        generator = SplitMix64(seed: seed)
        self.prefix = prefix
        self.persistence = persistence
    }

    mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &generator) }
    mutating func bool() -> Bool { int(0..<2) == 1 }
    mutating func pick<T>(_ values: [T]) -> T { values[int(0..<values.count)] }

    /// A YAML double-quoted scalar with exactly this text.
    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                    || (0x2028...0x2029).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
                    || (0x2066...0x2069).contains(scalar.value)
                {
                    result += String(format: "\\u%04X", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    mutating func hostileText() -> String {
        (0..<int(1..<4)).map { _ in pick(Self.hostile) }.joined(separator: pick([" ", "", "x"]))
    }

    /// Builds the schema.
    mutating func build() -> String {
        let entityCount = int(1..<5)
        let entities = (0..<entityCount).map { "\(prefix)E\($0)" }
        let enumName = "\(prefix)Kind"
        let intEnumName = "\(prefix)Level"
        let transformer = "\(prefix)Custom"
        let customType = "\(prefix)CustomValue"
        yaml += "keyConvention: \(pick(KeyConvention.allCases).rawValue)\n"
        yaml +=
            "enums:\n  \(enumName):\n    description: \(Self.quote(hostileText()))\n    cases: {alpha: alpha, beta-gamma: beta-gamma, \(pick(["case", "default", "class"])): \(Self.quote("\u{202E}")), spaced: \(Self.quote("x y"))}\n"
        if bool() { yaml += "    fallback: unknown\n" }
        yaml += "  \(intEnumName):\n    rawType: Int\n    cases: {low: -1, high: 9223372036854775807}\n"
        yaml +=
            "transformers:\n  \(transformer):\n    swiftType: \(customType)\n    json: \(pick(JSONValueKind.allCases).rawValue)\n"
        support += """
            struct \(customType): Hashable, Sendable { var text: String }
            extension \(transformer) {
                static func fromJSON(_ value: JSONValue) throws(TransformFailure) -> \(customType) { \(customType)(text: value.kindDescription) }
                static func toJSON(_ value: \(customType), to writer: inout JSONWriter) { writer.string(value.text) }
            }

            """
        yaml += "entities:\n"
        let family = entityCount >= 3 && bool()
        for (index, entity) in entities.enumerated() {
            yaml += "  \(entity):\n    description: \(Self.quote(hostileText()))\n"
            let isRoot = family && index == 0
            let isMember = family && index > 0
            if isRoot {
                yaml += "    abstract: true\n    discriminator: \(pick(["kind", "meta.type", "['@type']"]))\n"
            }
            if isMember {
                yaml +=
                    "    extends: \(entities[0])\n    discriminatorValue: \(Self.quote(hostileText() + "\(index)"))\n"
            }
            if !isMember {
                yaml += "    identifiedBy: ident\n"
            }
            if int(0..<3) == 0 {
                yaml += "    onAbsent: \(pick(["keep", "clear"]))\n"
            }
            if int(0..<4) == 0, !isMember {
                yaml +=
                    "    errorEnvelope: {key: \(pick(["error", "message"])), message: \(pick(["error.detail", "message"]))}\n"
            }
            yaml += "    attributes:\n"
            if !isMember {
                yaml +=
                    "      ident: {type: \(pick(["String", "Int64", "UUID", "UInt8"])), key: [\(Self.quote("id" + (bool() ? "" : hostileText())))]}\n"
            }
            if index == 0 {
                // Every declaration is used, so the schema is clean of warnings too.
                yaml +=
                    "      usesKind: {type: \(enumName)?, key: usesKind}\n      usesLevels: {type: \"[\(intEnumName)]\", key: usesLevels}\n      usesCustom: {transformer: \(transformer), optional: true, key: usesCustom}\n"
            }
            var used: Set<String> = ["ident", "usesKind", "usesLevels", "usesCustom"]
            for attributeIndex in 0..<int(1..<9) {
                var name = pick(Self.names)
                if isMember { name = "m\(index)\(name)" }
                if used.contains(name) { name = "a\(attributeIndex)\(name)" }
                used.insert(name)
                yaml += attribute(
                    name: name, index: attributeIndex, entity: index, enumName: enumName, intEnumName: intEnumName,
                    transformer: transformer, customType: customType)
            }
            if entityCount > 1, bool() {
                yaml += "    relationships:\n"
                let target = entities[(index + 1) % entityCount]
                let concreteTarget = family && target == entities[0] ? entities[entityCount - 1] : target
                yaml +=
                    "      next\(index): {to: \(persistence ? concreteTarget : target)?, key: [next\(index), \(Self.quote(hostileText()))], onFailure: drop}\n"
                yaml +=
                    "      many\(index): {to: [\(entity == entities[0] && family ? entities[1] : entity)], onInvalidElement: \(pick(["skip", "fail"]))}\n"
                if !family || concreteTarget != entity {
                    yaml +=
                        "      ref\(index): {to: \(concreteTarget)?, key: refId\(index), reference: true, onMissingTarget: drop}\n"
                }
            }
        }
        return yaml
    }

    private mutating func attribute(
        name: String, index: Int, entity: Int, enumName: String, intEnumName: String, transformer: String,
        customType: String
    ) -> String {
        let unique = "\(entity)_\(index)"
        let keys = [
            "[" + Self.quote(hostileText() + unique) + "]",
            "[" + Self.quote("a.b" + unique) + ", " + Self.quote(hostileText()) + "]", "deep\(unique).er.path",
            "[" + Self.quote(name + unique) + "]",
        ]
        let key = ", key: " + pick(keys)
        let optional = bool()
        let q = optional ? "?" : ""
        let kinds = 12
        switch int(0..<kinds) {
        case 0:
            return
                "      \(Self.quote(name)): {type: String\(q)\(key), default: \(Self.quote(hostileText())), minLength: 0, pattern: \(Self.quote("[^\\n]*"))}\n"
        case 1:
            return
                "      \(Self.quote(name)): {type: \(pick(["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"]))\(q)\(key), default: 7, minimum: 0, maximum: 100, transformer: \(pick(["numberFromString", "numberFromString"]))}\n"
        case 2:
            return
                "      \(Self.quote(name)): {type: \(pick(["Double", "Float", "Decimal"]))\(q)\(key), default: \(pick(["1.5", "-2", "0"])), onFailure: default}\n"
        case 3:
            return
                "      \(Self.quote(name)): {type: Date\(q)\(key), transformer: \(pick(["iso8601", "iso8601Fractional", "epochSeconds", "epochMilliseconds"])), default: 2014-03-07T07:00:00Z}\n"
        case 4:
            return
                "      \(Self.quote(name)): {type: Date\(q)\(key), dateFormat: \(Self.quote(pick(["EEE MMM dd HH:mm:ss Z yyyy", "yyyy-MM-dd'T'HH:mm", "''yy''"])))}\n"
        case 5:
            return
                "      \(Self.quote(name)): {type: Bool\(q)\(key), transformer: boolFromString, default: \(bool() ? "true" : "false")}\n"
        case 6:
            return
                "      \(Self.quote(name)): {type: \(pick(["URL", "UUID", "Data", "AnyJSON"]))?\(key), onFailure: drop, onAbsent: \(pick(["keep", "clear"])), writeNulls: \(bool())}\n"
        case 7:
            return
                "      \(Self.quote(name)): {type: \(Self.quote(pick(["[String]", "[[Int]]", "[String: [Double]]", "[String: [String: Bool]]", "[[[UUID]]]", "[AnyJSON]", "[String: AnyJSON]"])))\(key), onInvalidElement: \(pick(["skip", "fail"])), minLength: 0}\n"
        case 8: return "      \(Self.quote(name)): {type: \(enumName)\(q)\(key), default: alpha}\n"
        case 9:
            return
                "      \(Self.quote(name)): {type: \"[\(intEnumName)]\"\(key), default: [low, 9223372036854775807]}\n"
        case 10: return "      \(Self.quote(name)): {transformer: \(transformer)\(key), optional: \(optional)}\n"
        default: return "      \(Self.quote(name)): {type: \"[\(customType)]\", transformer: \(transformer)\(key)}\n"
        }
    }
}
