/// The hand-written code the compile-cost comparison measures generated code against: what a user
/// writes without EntityGen for the scale benchmark's flat entities (the same 12 attributes). Without
/// persistence, `Codable, Hashable` structs with a `CodingKeys` enum; with it, the same structs also
/// `FetchableRecord, PersistableRecord` with a `Columns` enum, as GRDB's record guide writes them.
enum HandWrittenModels {
    /// The source of entity `index`.
    static func source(_ index: Int, persistence: Bool) -> String {
        let name = "Entity\(index)"
        let members: [(String, String)] = [
            ("identifier", "Int64"), ("name", "String"), ("summary", "String?"), ("count", "Int32"),
            ("ratio", "Double?"), ("isActive", "Bool"), ("created", "Date"), ("updated", "Date?"),
            ("homepage", "URL?"), ("token", "UUID?"), ("tags", "[String]"), ("scores", "[String: Double]"),
        ]
        let conformances = persistence ? "Codable, Hashable, FetchableRecord, PersistableRecord" : "Codable, Hashable"
        var lines = [
            "import Foundation",
            persistence ? "import GRDB" : "",
            "",
            "/// Entity number \(index), written by hand.",
            "struct \(name): \(conformances) {",
        ]
        if persistence { lines.append("    static let databaseTableName = \"entity\(index)\"") }
        for (member, type) in members { lines.append("    var \(member): \(type)") }
        lines.append("")
        lines.append("    enum CodingKeys: String, CodingKey {")
        for (member, _) in members {
            let key = member.reduce(into: "") { key, character in
                if character.isUppercase { key += "_" + character.lowercased() } else { key.append(character) }
            }
            lines.append("        case \(member) = \"\(key)\"")
        }
        lines.append("    }")
        if persistence {
            lines.append("")
            lines.append("    enum Columns {")
            for (member, _) in members {
                lines.append("        static let \(member) = Column(CodingKeys.\(member))")
            }
            lines.append("    }")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
