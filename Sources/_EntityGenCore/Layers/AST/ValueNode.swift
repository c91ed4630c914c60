/// A YAML value kept verbatim (with locations) for later type checking: defaults, constraint bounds,
/// `oneOf` lists, enum raw values and discriminator values.
///
/// Plain scalars are interpreted with the YAML 1.2 core schema (`true`, `42`, `1.5`, `null`); quoted
/// scalars are always strings. So `no` is the string "no", never a boolean, and `"42"` is a string.
public struct ValueNode: Hashable, Sendable {
    /// The shape of the value.
    public indirect enum Kind: Hashable, Sendable {
        /// A scalar: its text, and whether it was written plain (unquoted).
        case scalar(String, plain: Bool)
        /// A sequence of values.
        case sequence([ValueNode])
        /// A mapping with string keys, in written order.
        case mapping([Entry])
    }

    /// One key-value pair of a mapping value.
    public struct Entry: Hashable, Sendable {
        /// The key, as written.
        public var key: Located<String>
        /// The value.
        public var value: ValueNode
    }

    /// What the value is.
    public var kind: Kind
    /// Where the value starts.
    public var location: SourceLocation

    /// Creates a value node.
    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// A scalar as the YAML 1.2 core schema reads it.
    public enum Scalar: Hashable, Sendable {
        /// `null`, `~` or nothing.
        case null
        /// `true` / `false`.
        case bool(Bool)
        /// A decimal, `0x` or `0o` integer, kept as text so no range is lost.
        case integer(String)
        /// A floating-point literal, `.inf` or `.nan`, as text.
        case float(String)
        /// Anything else, and every quoted scalar.
        case string(String)
    }

    /// The core-schema reading of a scalar value; `nil` for sequences and mappings.
    public var scalar: Scalar? {
        guard case let .scalar(text, plain) = kind else { return nil }
        guard plain else { return .string(text) }
        return Self.interpretPlain(text)
    }

    /// The core-schema reading of plain scalar text.
    public static func interpretPlain(_ text: String) -> Scalar {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN":
            return .float(text)
        default: break
        }
        let scalars = Array(text.unicodeScalars)
        if isInteger(scalars) { return .integer(text) }
        if isFloat(scalars) { return .float(text) }
        return .string(text)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func isInteger(_ scalars: [Unicode.Scalar]) -> Bool {
        var body = scalars[...]
        if body.first == "+" || body.first == "-" { body = body.dropFirst() }
        if body.starts(with: ["0", "x"]) {
            let digits = body.dropFirst(2)
            return !digits.isEmpty && digits.allSatisfy { $0.properties.isASCIIHexDigit }
        }
        if body.starts(with: ["0", "o"]) {
            let digits = body.dropFirst(2)
            return !digits.isEmpty && digits.allSatisfy { ("0"..."7").contains($0) }
        }
        return !body.isEmpty && body.allSatisfy(isDigit)
    }

    private static func isFloat(_ scalars: [Unicode.Scalar]) -> Bool {
        var index = 0
        if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
        var mantissaDigits = 0
        while index < scalars.count, isDigit(scalars[index]) { index += 1; mantissaDigits += 1 }
        if index < scalars.count, scalars[index] == "." {
            index += 1
            while index < scalars.count, isDigit(scalars[index]) { index += 1; mantissaDigits += 1 }
        }
        guard mantissaDigits > 0 else { return false }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            index += 1
            if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
            var exponentDigits = 0
            while index < scalars.count, isDigit(scalars[index]) { index += 1; exponentDigits += 1 }
            guard exponentDigits > 0 else { return false }
        }
        return index == scalars.count
    }

    /// The text of a scalar that is text or an integer (enum raw values, discriminator values).
    public var textOrIntegerText: String? {
        switch scalar {
        case let .string(text)?, let .integer(text)?: return text
        case .null?, .bool?, .float?, nil: return nil
        }
    }

    /// A short description of the value's kind for messages ("a string", "a sequence").
    public var kindDescription: String {
        switch kind {
        case .sequence: return "a sequence"
        case .mapping: return "a mapping"
        case .scalar:
            switch scalar {
            case .null: return "null"
            case .bool: return "a boolean"
            case .integer: return "an integer"
            case .float: return "a number"
            case .string, nil: return "a string"
            }
        }
    }
}
