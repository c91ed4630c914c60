/// Swift's reserved words and the names generated code cannot use, in one place.
public enum SwiftKeywords {
    /// Keywords that may be used as identifiers when wrapped in backticks.
    public static let escapable: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate",
        "func", "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package",
        "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript",
        "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "as", "false", "is", "nil", "super", "throws", "true", "try", "await", "async", "any", "some",
        "Any", "each", "macro",
    ]

    /// Names a generated property or enum case cannot have even with backticks: they mean something
    /// else after a dot (`x.self`, `T.Type`, `x.init`) or are the wildcard.
    public static let unusableMemberNames: Set<String> = [
        "self", "Self", "Type", "Protocol", "init", "deinit", "subscript", "super", "_",
    ]

    /// Members an attribute cannot take because every generated model is `Hashable`: a stored `hashValue`
    /// would stand in for the hash (a hand-written `Hashable` struct has the same conflict). `description`,
    /// `debugDescription` and `hash` are the user's: models conform to no protocol that claims them.
    public static let conformanceMemberNames: Set<String> = ["hashValue"]

    /// Type names a schema cannot declare: built-in schema types (a `type:` naming them would be
    /// ambiguous), Swift's and Foundation's core names, and the modules generated code qualifies with.
    public static let reservedTypeNames: Set<String> = Set([
        "Any", "AnyObject", "Self", "Type", "Protocol", "Optional", "Array", "Dictionary", "Set", "Error",
        "Codable", "Decodable", "Encodable", "Sendable", "Hashable", "Equatable", "Identifiable", "Never",
        "Void", "Character", "Swift", "Foundation", "FoundationEssentials", "EntityGenRuntime",
        "EntityGenImport",
        // `Identifiable`'s associated type: a record's `ID` would name the entity inside it.
        "ID",
    ]).union(BuiltinType.allCases.map(\.rawValue))
        .union(StorageBackendKind.allCases.flatMap(\.backend.qualifyingModules))
}
