import Foundation

/// Converts between a JSON value and a Swift value, both ways. Generated mappers apply one per attribute
/// (composed for arrays and maps); custom transformers named in a schema conform to it too.
public protocol JSONTransformer: Sendable {
    /// The Swift type produced.
    associatedtype Value

    /// Converts a (non-null) JSON value. `context` receives non-fatal issues (a lossy array's skipped
    /// elements); throw ``TransformFailure`` when the value cannot be converted.
    func decode(_ value: JSONValue, context: inout MappingContext) throws(TransformFailure) -> Value

    /// Writes the value as JSON.
    func encode(_ value: Value, to writer: inout JSONWriter)
}

/// JSON strings.
public struct StringTransformer: JSONTransformer {
    /// Creates the transformer.
    @inlinable public init() {}
    @inlinable public func decode(_ value: JSONValue, context: inout MappingContext) throws(TransformFailure) -> String
    {
        guard let string = value.string() else { throw .expected("a string", found: value) }
        return string
    }
    public func encode(_ value: String, to writer: inout JSONWriter) { writer.string(value) }
}

/// JSON `true` / `false`.
public struct BoolTransformer: JSONTransformer {
    /// Creates the transformer.
    @inlinable public init() {}
    @inlinable public func decode(_ value: JSONValue, context: inout MappingContext) throws(TransformFailure) -> Bool {
        guard let bool = value.bool() else { throw .expected("true or false", found: value) }
        return bool
    }
    public func encode(_ value: Bool, to writer: inout JSONWriter) { writer.bool(value) }
}

/// Integer literals, exactly: `1.0`, `1e2` and out-of-range literals are failures, never rounded.
public struct IntegerTransformer<Integer: FixedWidthInteger & Sendable>: JSONTransformer {
    /// Creates the transformer.
    @inlinable public init() {}
    @inlinable public func decode(_ value: JSONValue, context: inout MappingContext) throws(TransformFailure) -> Integer
    {
        if let integer = value.integer(Integer.self) { return integer }
        guard value.kind == .number else { throw .expected("an integer", found: value) }
        if value.isIntegerLiteral {
            throw TransformFailure(
                "\(value.numberExcerpt) is out of range for \(Integer.self) (\(Integer.min)...\(Integer.max))")
        }
        throw .expected("an integer", found: value)
    }
    public func encode(_ value: Integer, to writer: inout JSONWriter) { writer.integer(value) }
}

/// Numbers as correctly rounded `Double`s.
public struct DoubleTransformer: JSONTransformer {
    /// Creates the transformer.
    @inlinable public init() {}
    @inlinable public func decode(_ value: JSONValue, context: inout MappingContext) throws(TransformFailure) -> Double
    {
        if let double = value.double() { return double }
        if value.kind == .number {
            throw TransformFailure("\(value.numberExcerpt) is beyond the range of Double")
        }
        throw .expected("a number", found: value)
    }
    public func encode(_ value: Double, to writer: inout JSONWriter) { writer.double(value) }
}

/// Numbers as `Float`s, rounded once from the literal.
public struct FloatTransformer: JSONTransformer {
    /// Creates the transformer.
    @inlinable public init() {}
    @inlinable public func decode(_ value: JSONValue, context: inout MappingContext) throws(TransformFailure) -> Float {
        if let float = value.float() { return float }
        if value.kind == .number {
            throw TransformFailure("\(value.numberExcerpt) is beyond the range of Float")
        }
        throw .expected("a number", found: value)
    }
    public func encode(_ value: Float, to writer: inout JSONWriter) { writer.float(value) }
}

/// Numbers as `Decimal`s, from the literal's digits (no binary rounding).
public struct DecimalTransformer: JSONTransformer {
    /// Creates the transformer.
    @inlinable public init() {}
    @inlinable public func decode(_ value: JSONValue, context: inout MappingContext) throws(TransformFailure) -> Decimal
    {
        guard value.kind == .number else { throw .expected("a number", found: value) }
        guard let decimal = value.decimal() else {
            throw TransformFailure("\(value.numberExcerpt) is beyond the range of Decimal")
        }
        // Decimal keeps 38 significant digits: more would be rounded silently.
        let digits = Self.significantDigits(value.numberLiteral() ?? "")
        guard digits <= 38 else {
            throw TransformFailure(
                "\(value.numberExcerpt) has \(digits) significant digits; Decimal keeps 38 and would round it")
        }
        return decimal
    }
    public func encode(_ value: Decimal, to writer: inout JSONWriter) { writer.decimal(value) }

    /// The significant digits of a JSON number literal: its mantissa's digits without leading and
    /// trailing zeros (`0.00120` has 2, `1e200` has 1).
    @usableFromInline static func significantDigits(_ literal: String) -> Int {
        let mantissa = literal.prefix { $0 != "e" && $0 != "E" }.filter(\.isNumber)
        let trimmed = mantissa.drop { $0 == "0" }.reversed().drop { $0 == "0" }
        return trimmed.count
    }
}

/// UUID strings.
public struct UUIDTransformer: JSONTransformer {
    /// Creates the transformer.
    @inlinable public init() {}
    @inlinable public func decode(_ value: JSONValue, context: inout MappingContext) throws(TransformFailure) -> UUID {
        guard let string = value.string() else { throw .expected("a UUID string", found: value) }
        guard let uuid = UUID(uuidString: string) else { throw TransformFailure("\"\(string)\" is not a UUID") }
        return uuid
    }
    public func encode(_ value: UUID, to writer: inout JSONWriter) { writer.string(value.uuidString) }
}

/// URL strings (absolute or relative).
public struct URLTransformer: JSONTransformer {
    /// Creates the transformer.
    @inlinable public init() {}
    @inlinable public func decode(_ value: JSONValue, context: inout MappingContext) throws(TransformFailure) -> URL {
        guard let string = value.string() else { throw .expected("a URL string", found: value) }
        guard let url = URL(string: string) else { throw TransformFailure("\"\(string)\" is not a URL") }
        return url
    }
    public func encode(_ value: URL, to writer: inout JSONWriter) { writer.string(value.absoluteString) }
}

/// Base64 strings as `Data`.
public struct Base64Transformer: JSONTransformer {
    /// Creates the transformer.
    @inlinable public init() {}
    @inlinable public func decode(_ value: JSONValue, context: inout MappingContext) throws(TransformFailure) -> Data {
        guard let string = value.string() else { throw .expected("a base64 string", found: value) }
        guard let data = Data(base64Encoded: string) else { throw TransformFailure("the string is not base64") }
        return data
    }
    public func encode(_ value: Data, to writer: inout JSONWriter) { writer.string(value.base64EncodedString()) }
}

/// A number that may arrive as a string (`"42"`, `" 1.5"` is rejected: no spaces) or as a number;
/// written back as a number.
public struct NumberFromStringTransformer<Base: JSONTransformer>: JSONTransformer {
    @usableFromInline let base: Base
    /// Creates the transformer over the number type's own transformer.
    @inlinable public init(_ base: Base) { self.base = base }
    @inlinable public func decode(
        _ value: JSONValue, context: inout MappingContext
    ) throws(TransformFailure) -> Base.Value {
        guard value.kind == .string, let text = value.string() else { return try base.decode(value, context: &context) }
        guard let document = try? JSONDocument(bytes: Array(text.utf8)),
            let result = document.withRoot({ root -> Result<Base.Value, TransformFailure>? in
                guard root.kind == .number else { return nil }
                do throws(TransformFailure) { return .success(try base.decode(root, context: &context)) } catch {
                    return .failure(error)
                }
            })
        else {
            throw TransformFailure("\"\(JSONValue.excerpt(text))\" is not a number")
        }
        return try result.get()
    }
    public func encode(_ value: Base.Value, to writer: inout JSONWriter) { base.encode(value, to: &writer) }
}

/// A boolean that may arrive as a string: `"true"`/`"false"`, `"yes"`/`"no"`, `"1"`/`"0"` (any case),
/// or as `true`/`false` or the numbers 1 and 0.
public struct BoolFromStringTransformer: JSONTransformer {
    /// Creates the transformer.
    @inlinable public init() {}
    @inlinable public func decode(_ value: JSONValue, context: inout MappingContext) throws(TransformFailure) -> Bool {
        if let bool = value.bool() { return bool }
        if let number = value.int64(), number == 0 || number == 1 { return number == 1 }
        guard let text = value.string() else { throw .expected("a boolean", found: value) }
        switch text.lowercased() {
        case "true", "yes", "1": return true
        case "false", "no", "0": return false
        default: throw TransformFailure("\"\(JSONValue.excerpt(text))\" is not a boolean (true/false, yes/no, 1/0)")
        }
    }
    public func encode(_ value: Bool, to writer: inout JSONWriter) { writer.bool(value) }
}
