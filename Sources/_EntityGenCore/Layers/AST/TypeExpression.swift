/// A type as written in a schema: `String`, `Int64?`, `[URL]`, `[String: Int]`, `Platform`, `[[Double]]`.
///
/// Arrays and maps may be written as text (`"[String]"`, `"[String: Int]"`) or as YAML flow collections
/// (`[String]`, `{String: Int}`). A trailing `?` (or `optional: true`) makes the value optional.
public indirect enum TypeExpression: Hashable, Sendable, CustomStringConvertible {
    /// A built-in type, an enum, or a custom transformer's Swift type, by name.
    case named(String)
    /// An array of the element type.
    case array(TypeExpression)
    /// A map with `String` keys.
    case map(TypeExpression)

    /// The type in schema syntax.
    public var description: String {
        switch self {
        case let .named(name): return name
        case let .array(element): return "[\(element)]"
        case let .map(value): return "[String: \(value)]"
        }
    }

    /// The innermost named type (the element of arrays and maps).
    public var leafName: String {
        switch self {
        case let .named(name): return name
        case let .array(element), let .map(element): return element.leafName
        }
    }

    /// Whether this is an array at the top level.
    public var isArray: Bool {
        if case .array = self { return true }
        return false
    }

    /// Nesting depth limit; deeper types are rejected as unreadable rather than generated.
    public static let maximumDepth = 8

    /// Parses type text. Returns the type and whether it ended in `?`, or a message saying what is wrong.
    public static func parse(_ text: String) -> Result<(TypeExpression, optional: Bool), TypeSyntaxError> {
        var scanner = TypeScanner(Array(text.unicodeScalars))
        scanner.skipSpaces()
        guard !scanner.atEnd else { return .failure(TypeSyntaxError("type is empty")) }
        do {
            let type = try scanner.parseType(depth: 0)
            scanner.skipSpaces()
            var optional = false
            if scanner.peek == "?" {
                optional = true
                scanner.advance()
                scanner.skipSpaces()
            }
            guard scanner.atEnd else {
                throw TypeSyntaxError("unexpected '\(scanner.rest)' after type '\(type)'")
            }
            return .success((type, optional))
        } catch let error as TypeSyntaxError {
            return .failure(error)
        } catch {
            return .failure(TypeSyntaxError("\(error)"))
        }
    }
}

/// Why a type expression could not be parsed.
public struct TypeSyntaxError: Error, Hashable, Sendable {
    /// What is wrong.
    public var message: String
    init(_ message: String) { self.message = message }
}

private struct TypeScanner {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var atEnd: Bool { index >= scalars.count }
    var peek: Unicode.Scalar? { atEnd ? nil : scalars[index] }
    var rest: String { String(String.UnicodeScalarView(scalars[index...])) }
    mutating func advance() { index += 1 }
    mutating func skipSpaces() { while let next = peek, next == " " { advance() } }

    mutating func parseType(depth: Int) throws -> TypeExpression {
        guard depth < TypeExpression.maximumDepth else {
            throw TypeSyntaxError("type nests deeper than \(TypeExpression.maximumDepth) levels")
        }
        skipSpaces()
        guard let first = peek else { throw TypeSyntaxError("expected a type name") }
        if first == "[" {
            advance()
            let element = try parseType(depth: depth + 1)
            skipSpaces()
            if peek == ":" {
                advance()
                guard element == .named("String") else {
                    throw TypeSyntaxError("map keys must be String, not '\(element)'")
                }
                let value = try parseType(depth: depth + 1)
                skipSpaces()
                try expect("]")
                return .map(value)
            }
            try expect("]")
            return .array(element)
        }
        var name = String.UnicodeScalarView()
        while let next = peek, next.properties.isAlphabetic || ("0"..."9").contains(next) || next == "_" || next == "."
        {
            name.append(next)
            advance()
        }
        guard !name.isEmpty else { throw TypeSyntaxError("expected a type name, found '\(rest)'") }
        return .named(String(name))
    }

    mutating func expect(_ scalar: Unicode.Scalar) throws {
        guard peek == scalar else {
            throw TypeSyntaxError(atEnd ? "missing '\(scalar)'" : "expected '\(scalar)', found '\(rest)'")
        }
        advance()
    }
}
