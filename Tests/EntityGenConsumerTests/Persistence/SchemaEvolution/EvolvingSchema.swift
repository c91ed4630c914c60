@testable import _EntityGenCore

/// A schema the property test edits step by step: entities identified by `id: Int64` with scalar
/// attributes and relationships between them, written out as the YAML a user writes, with the line of
/// every entity and member (where a refusal must point).
struct EvolvingSchema {
    enum AttributeType: String, CaseIterable {
        case string = "String", int = "Int", double = "Double"
    }

    struct Attribute {
        var name: String
        var type: AttributeType
        var optional: Bool
        /// An `Int` default (the value rows stored before the column get).
        var defaultValue: Int?
        var renamedFrom: String?
    }

    struct Relationship {
        var name: String
        var target: String
        var toMany: Bool
        var cascade: Bool
        var renamedFrom: String?
    }

    struct Entity {
        var name: String
        var attributes: [Attribute] = []
        var relationships: [Relationship] = []
        var renamedFrom: String?
        var discardStoredData: [String] = []
    }

    var entities: [Entity] = []
    /// The config's `discardStoredData:`.
    var discardedEntities: [String] = []
    /// The last number a fresh name used: names are never reused, as a project's history never reuses them.
    var lastNumber = 0

    /// A name not used before (`A7`, `r12`).
    mutating func freshName(_ prefix: String) -> String {
        lastNumber += 1
        return "\(prefix)\(lastNumber)"
    }

    /// The table of the entity named `name`.
    static func table(_ entity: String) -> String {
        SwiftNaming.memberName(SwiftNaming.typeName(entity))
    }

    /// The key column of a to-one relationship (the target's `id`).
    static func keyColumn(_ relationship: String) -> String {
        relationship + "Id"
    }

    /// The link table of a to-many relationship.
    static func linkTable(_ entity: String, _ relationship: String) -> String {
        table(entity) + "_" + relationship
    }

    func index(of entity: String) -> Int? {
        entities.firstIndex { $0.name == entity }
    }

    /// Whether any relationship (of another entity) targets the entity.
    func isTargeted(_ entity: String) -> Bool {
        entities.contains { other in
            other.name != entity && other.relationships.contains { $0.target == entity }
        }
    }

    /// After a migration was recorded: acknowledgments are spent, and former names may go.
    mutating func recorded(droppingFormerNames: Bool) {
        discardedEntities = []
        for index in entities.indices {
            entities[index].discardStoredData = []
            guard droppingFormerNames else { continue }
            entities[index].renamedFrom = nil
            for member in entities[index].attributes.indices { entities[index].attributes[member].renamedFrom = nil }
            for member in entities[index].relationships.indices {
                entities[index].relationships[member].renamedFrom = nil
            }
        }
    }

    /// The config file's text.
    var config: String {
        var text = "outputs: [models, mappers, persistence]\n"
        if !discardedEntities.isEmpty { text += "discardStoredData: [\(discardedEntities.joined(separator: ", "))]\n" }
        return text
    }

    /// The schema file's text, and the line of each entity (`A1`) and member (`A1.a2`).
    func yaml() -> (text: String, lines: [String: Int]) {
        var lines = ["entities:"]
        var at: [String: Int] = [:]
        for entity in entities {
            lines.append("  \(entity.name):")
            at[entity.name] = lines.count
            lines.append("    identifiedBy: id")
            if let former = entity.renamedFrom { lines.append("    renamedFrom: \(former)") }
            if !entity.discardStoredData.isEmpty {
                lines.append("    discardStoredData: [\(entity.discardStoredData.joined(separator: ", "))]")
            }
            lines.append("    attributes:")
            lines.append("      id: Int64")
            for attribute in entity.attributes {
                var fields = ["type: '\(attribute.type.rawValue)\(attribute.optional ? "?" : "")'"]
                if let value = attribute.defaultValue { fields.append("default: \(value)") }
                if let former = attribute.renamedFrom { fields.append("renamedFrom: \(former)") }
                lines.append("      \(attribute.name): {\(fields.joined(separator: ", "))}")
                at["\(entity.name).\(attribute.name)"] = lines.count
            }
            guard !entity.relationships.isEmpty else { continue }
            lines.append("    relationships:")
            for relationship in entity.relationships {
                let target = relationship.toMany ? "[\(relationship.target)]" : "\(relationship.target)?"
                var fields = ["to: '\(target)'"]
                if relationship.cascade { fields.append("deleteRule: cascade") }
                if let former = relationship.renamedFrom { fields.append("renamedFrom: \(former)") }
                lines.append("      \(relationship.name): {\(fields.joined(separator: ", "))}")
                at["\(entity.name).\(relationship.name)"] = lines.count
            }
        }
        return (lines.joined(separator: "\n") + "\n", at)
    }
}
