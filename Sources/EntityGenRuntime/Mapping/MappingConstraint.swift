import Foundation

/// A validation constraint from the schema, checked after a value is converted. Number bounds, patterns
/// and `oneOf` apply to each element of an array; lengths apply to text or to the count of an array or map.
public enum MappingConstraint: Sendable {
    /// Inclusive lower bound.
    case minimum(Double)
    /// Inclusive upper bound.
    case maximum(Double)
    /// Minimum length (characters) or count.
    case minLength(Int)
    /// Maximum length (characters) or count.
    case maxLength(Int)
    /// A regular expression the whole text must match.
    case pattern(JSONPattern)
    /// The allowed values, as text (numbers compare numerically).
    case oneOf([String])

    /// Why `value` breaks the constraint, or `nil`.
    public func violation(by value: Any) -> String? {
        if let subject = value as? any ConstraintSubject { return violation(by: subject.constrainedValue) }
        switch self {
        case let .minLength(bound), let .maxLength(bound):
            let length: Int
            if let text = value as? String {
                length = text.count
            } else if let array = value as? [Any] {
                length = array.count
            } else if let map = value as? [String: Any] {
                length = map.count
            } else {
                return nil
            }
            if case .minLength = self, length < bound { return "length \(length) is below the minimum length \(bound)" }
            if case .maxLength = self, length > bound { return "length \(length) is above the maximum length \(bound)" }
            return nil
        default:
            if let array = value as? [Any] { return array.lazy.compactMap { self.violation(by: $0) }.first }
            return scalarViolation(value)
        }
    }

    private func scalarViolation(_ value: Any) -> String? {
        switch self {
        case let .minimum(bound):
            guard let number = Self.number(value) else { return nil }
            return number < bound ? "\(Self.text(value)) is below the minimum \(Self.format(bound))" : nil
        case let .maximum(bound):
            guard let number = Self.number(value) else { return nil }
            return number > bound ? "\(Self.text(value)) is above the maximum \(Self.format(bound))" : nil
        case let .pattern(pattern):
            guard let text = value as? String else { return nil }
            return pattern.matches(text) ? nil : "\"\(text)\" does not match the pattern \(pattern.source)"
        case let .oneOf(allowed):
            let text = Self.text(value)
            if allowed.contains(text) { return nil }
            if let number = Self.number(value), allowed.contains(where: { Double($0) == number }) { return nil }
            return "\(text) is not one of \(allowed.joined(separator: ", "))"
        case .minLength, .maxLength:
            return nil
        }
    }

    private static func number(_ value: Any) -> Double? {
        switch value {
        case let integer as any BinaryInteger: return Double(integer)
        case let double as Double: return double
        case let float as Float: return Double(float)
        case let decimal as Decimal: return NSDecimalNumber(decimal: decimal).doubleValue
        default: return nil
        }
    }

    private static func text(_ value: Any) -> String {
        if let raw = value as? any RawRepresentable { return "\(raw.rawValue)" }
        return "\(value)"
    }

    private static func format(_ bound: Double) -> String {
        bound == bound.rounded() && abs(bound) < 1e15 ? String(Int64(bound)) : String(bound)
    }
}

/// A value that stands for another when constraints are checked (the interpreter's type-erased values).
public protocol ConstraintSubject {
    /// The value constraints apply to.
    var constrainedValue: Any { get }
}

/// A compiled regular expression for the `pattern` constraint, anchored to the whole string.
/// `NSRegularExpression` is immutable and safe to share across threads.
public final class JSONPattern: @unchecked Sendable {
    /// The pattern as written in the schema.
    public let source: String
    private let expression: NSRegularExpression?

    /// Compiles a pattern (the linter has already checked that ``anchored(_:)`` of it compiles).
    public init(_ source: String) {
        self.source = source
        expression = try? NSRegularExpression(pattern: Self.anchored(source))
    }

    /// The expression actually compiled: the pattern anchored to the whole text. The end anchor is
    /// `\z` (the very end): ICU's `$` also matches before a final line break (`\n`, `\r\n`, U+2029),
    /// which would let `"1.0\n"` pass `[0-9.]+` and become a second identity beside `"1.0"`.
    public static func anchored(_ source: String) -> String {
        "^(?:" + source + ")\\z"
    }

    /// Whether the whole text matches.
    public func matches(_ text: String) -> Bool {
        guard let expression else { return false }
        let range = NSRange(text.startIndex..., in: text)
        return expression.firstMatch(in: text, options: [], range: range) != nil
    }
}
