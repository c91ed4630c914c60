import EntityGenRuntime
import Foundation

/// A reason a schema value does not fit a type, and where.
struct ValueProblem {
    var message: String
    var location: SourceLocation
}

extension SchemaValidator {
    /// Why `value` is not a value of `type` (defaults, `oneOf` entries, bounds), or `nil` when it is.
    func valueProblem(_ value: ValueNode, _ type: ResolvedType) -> ValueProblem? {
        func problem(_ message: String) -> ValueProblem { ValueProblem(message: message, location: value.location) }
        switch type {
        case let .array(element):
            guard case let .sequence(elements) = value.kind else {
                return problem("expected a sequence, found \(value.kindDescription)")
            }
            return elements.lazy.compactMap { valueProblem($0, element) }.first
        case let .map(element):
            guard case let .mapping(entries) = value.kind else {
                return problem("expected a mapping, found \(value.kindDescription)")
            }
            return entries.lazy.compactMap { valueProblem($0.value, element) }.first
        case .custom:
            return problem("custom types take no literal values")
        case let .enumeration(name):
            guard let declaration = enums[name] else { return nil }
            let text: String
            switch value.scalar {
            case let .string(string)?, let .integer(string)?: text = string
            default: return problem("expected a case of '\(name)', found \(value.kindDescription)")
            }
            if declaration.case(named: text) != nil { return nil }
            let raws = declaration.cases.compactMap { $0.rawValue.textOrIntegerText }
            let listed = raws.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            return problem(
                "'\(text)' is not a case of '\(name)' (cases: \(listed.joined(separator: ", ")))\(Suggestions.didYouMean(text, in: raws))"
            )
        case let .builtin(builtin):
            return builtinProblem(value, builtin).map(problem)
        }
    }

    private func builtinProblem(_ value: ValueNode, _ type: BuiltinType) -> String? {
        let scalar = value.scalar
        func text() -> String? {
            if case let .string(string)? = scalar { return string }
            return nil
        }
        switch type {
        case .string:
            if text() != nil { return nil }
            if case .scalar = value.kind {
                return "expected text, found \(value.kindDescription); quote it if you mean the text"
            }
            return "expected text, found \(value.kindDescription)"
        case .bool:
            if case .bool? = scalar { return nil }
            return "expected true or false, found \(value.kindDescription)"
        case .double, .float, .decimal:
            switch scalar {
            case .integer?: return nil
            case let .float(literal)?:
                return literal.contains("inf") || literal.contains("Inf") || literal.contains("INF")
                    || literal.lowercased().contains("nan")
                    ? "'\(literal)' cannot be written in JSON" : nil
            default: return "expected a number, found \(value.kindDescription)"
            }
        case .date:
            guard let string = text() else {
                return "expected an ISO-8601 date text (2014-03-07T07:00:00Z), found \(value.kindDescription)"
            }
            // The runtime's own parser, so lint, generated code and `check` agree on every default.
            var text = string
            return text.withUTF8(ISO8601.parse) != nil
                ? nil : "'\(string)' is not an ISO-8601 date-time with a zone (2014-03-07T07:00:00Z)"
        case .url:
            guard let string = text() else { return "expected a URL text, found \(value.kindDescription)" }
            return URL(string: string) == nil ? "'\(string)' is not a URL" : nil
        case .uuid:
            guard let string = text() else { return "expected a UUID text, found \(value.kindDescription)" }
            return UUID(uuidString: string) == nil ? "'\(string)' is not a UUID" : nil
        case .data:
            guard let string = text() else { return "expected base64 text, found \(value.kindDescription)" }
            return Data(base64Encoded: string) == nil ? "'\(string)' is not base64" : nil
        case .anyJSON:
            return "an AnyJSON attribute takes no default (make it optional: a missing value is nil)"
        case .int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64:
            guard case let .integer(literal)? = scalar else {
                return "expected an integer, found \(value.kindDescription)"
            }
            guard let number = Self.integerValue(literal), let range = type.integerRange else {
                return "'\(literal)' is not an integer"
            }
            return range.contains(number)
                ? nil : "\(literal) is out of range for \(type.rawValue) (\(range.lowerBound)...\(range.upperBound))"
        }
    }

    /// The value of a whole number of at least 0 written as a YAML integer (lengths, page numbers), if it
    /// is one.
    static func wholeNumber(_ value: ValueNode) -> Int128? {
        guard case let .integer(literal)? = value.scalar, let number = integerValue(literal), number >= 0 else {
            return nil
        }
        return number
    }

    /// The value of a YAML core-schema integer literal (decimal, `0x`, `0o`), if it fits 128 bits.
    static func integerValue(_ literal: String) -> Int128? {
        var body = Substring(literal)
        var negative = false
        if body.first == "+" || body.first == "-" {
            negative = body.first == "-"
            body = body.dropFirst()
        }
        let magnitude: Int128?
        if body.hasPrefix("0x") {
            magnitude = Int128(body.dropFirst(2), radix: 16)
        } else if body.hasPrefix("0o") {
            magnitude = Int128(body.dropFirst(2), radix: 8)
        } else {
            magnitude = Int128(body, radix: 10)
        }
        return magnitude.map { negative ? -$0 : $0 }
    }

    /// A numeric bound's value as a Double, for ordering bounds.
    static func numericValue(_ value: ValueNode) -> Double? {
        switch value.scalar {
        case let .integer(literal)?: return integerValue(literal).map(Double.init)
        case let .float(literal)?: return Double(literal)
        default: return nil
        }
    }
}
