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
    public static let unusableMemberNames: Set<String> = ["self", "Self", "Type", "Protocol", "init", "deinit", "subscript", "super", "_"]

    /// Members that every generated model already has through its conformances (`Hashable`,
    /// `CustomStringConvertible` on the mapping report...), so an attribute cannot take the name.
    public static let conformanceMemberNames: Set<String> = ["description", "debugDescription", "hashValue", "hash"]

    /// Type names a schema cannot declare: built-in schema types (a `type:` naming them would be
    /// ambiguous), Swift's and Foundation's core names, and the modules generated code qualifies with.
    public static let reservedTypeNames: Set<String> = Set([
        "Any", "AnyObject", "Self", "Type", "Protocol", "Optional", "Array", "Dictionary", "Set", "Error",
        "Codable", "Decodable", "Encodable", "Sendable", "Hashable", "Equatable", "Identifiable", "Never",
        "Void", "Character", "Swift", "Foundation", "FoundationEssentials", "EntityGenRuntime",
        "EntityGenPersistence", "GRDB",
    ]).union(BuiltinType.allCases.map(\.rawValue))
}

/// The scalar types the schema language has built in.
public enum BuiltinType: String, CaseIterable, Hashable, Sendable {
    case string = "String", bool = "Bool", int = "Int"
    case int8 = "Int8", int16 = "Int16", int32 = "Int32", int64 = "Int64"
    case uint = "UInt", uint8 = "UInt8", uint16 = "UInt16", uint32 = "UInt32", uint64 = "UInt64"
    case double = "Double", float = "Float", decimal = "Decimal"
    case date = "Date", url = "URL", uuid = "UUID", data = "Data"

    /// Whether the type is an integer type.
    public var isInteger: Bool { integerRange != nil }

    /// Whether the type is numeric (integer, floating point or decimal).
    public var isNumeric: Bool { isInteger || self == .double || self == .float || self == .decimal }

    /// The representable range of an integer type, as wide integers; `nil` for other types.
    public var integerRange: ClosedRange<Int128>? {
        switch self {
        case .int, .int64: return Int128(Int64.min)...Int128(Int64.max)
        case .int8: return Int128(Int8.min)...Int128(Int8.max)
        case .int16: return Int128(Int16.min)...Int128(Int16.max)
        case .int32: return Int128(Int32.min)...Int128(Int32.max)
        case .uint, .uint64: return 0...Int128(UInt64.max)
        case .uint8: return 0...Int128(UInt8.max)
        case .uint16: return 0...Int128(UInt16.max)
        case .uint32: return 0...Int128(UInt32.max)
        default: return nil
        }
    }

    /// The transformer used when the schema names none.
    public var defaultTransformer: BuiltinTransformer? {
        switch self {
        case .date: return .iso8601
        case .url: return .url
        case .data: return .base64
        default: return nil
        }
    }
}
