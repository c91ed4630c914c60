import EntityGenRuntime
import Foundation

extension SchemaValidator {
    /// `value` as a typed value of `type`, once ``valueProblem(_:_:)`` has accepted it (`nil` for a value
    /// it would reject, and for `null`, which any optional takes, `.null`).
    func resolvedValue(_ value: ValueNode, _ type: ResolvedType) -> ResolvedValue? {
        if case .null? = value.scalar { return .null }
        switch type {
        case let .array(element):
            guard case let .sequence(elements) = value.kind else { return nil }
            let resolved = elements.compactMap { resolvedValue($0, element) }
            return resolved.count == elements.count ? .array(resolved) : nil
        case let .map(element):
            guard case let .mapping(entries) = value.kind else { return nil }
            let resolved = entries.compactMap { entry in
                resolvedValue(entry.value, element).map { ResolvedValue.Entry(key: entry.key.value, value: $0) }
            }
            return resolved.count == entries.count ? .map(resolved) : nil
        case .custom:
            return nil
        case let .enumeration(name):
            guard let declaration = enums[name], let text = value.textOrIntegerText,
                let match = declaration.case(named: text)
            else { return nil }
            let integer = declaration.rawType?.value == .int
            return .enumCase(
                name: match.name.value, rawValue: ResolvedEnum.rawValue(of: match, integer: integer),
                rawIsInteger: integer)
        case let .builtin(builtin):
            return Self.resolvedValue(value.scalar, builtin)
        }
    }

    /// A scalar as a typed value of a built-in type (`nil` when it is not one).
    private static func resolvedValue(_ scalar: ValueNode.Scalar?, _ builtin: BuiltinType) -> ResolvedValue? {
        switch (builtin, scalar) {
        case let (.bool, .bool(flag)?): return .bool(flag)
        case let (.string, .string(text)?), let (.url, .string(text)?): return .text(text)
        case let (.uuid, .string(text)?): return UUID(uuidString: text).map { _ in .uuid(text) }
        case let (.data, .string(text)?): return Data(base64Encoded: text).map { .data(base64: text, bytes: Array($0)) }
        case let (.date, .string(text)?):
            var utf8 = text
            return utf8.withUTF8(ISO8601.parse).map { .date(text: text, date: $0) }
        case let (.double, .integer(literal)?), let (.float, .integer(literal)?), let (.decimal, .integer(literal)?):
            return integerValue(literal).map { .number(text: String($0), value: Double($0)) }
        case let (.double, .float(literal)?), let (.float, .float(literal)?), let (.decimal, .float(literal)?):
            return Double(literal).map { .number(text: literal, value: $0) }
        case let (.int, .integer(literal)?), let (.int8, .integer(literal)?), let (.int16, .integer(literal)?),
            let (.int32, .integer(literal)?), let (.int64, .integer(literal)?), let (.uint, .integer(literal)?),
            let (.uint8, .integer(literal)?), let (.uint16, .integer(literal)?), let (.uint32, .integer(literal)?),
            let (.uint64, .integer(literal)?):
            return integerValue(literal).map { .integer(String($0)) }
        case (.bool, _), (.string, _), (.url, _), (.uuid, _), (.data, _), (.date, _), (.double, _), (.float, _),
            (.decimal, _), (.int, _), (.int8, _), (.int16, _), (.int32, _), (.int64, _), (.uint, _), (.uint8, _),
            (.uint16, _), (.uint32, _), (.uint64, _), (.anyJSON, _):
            return nil
        }
    }
}
