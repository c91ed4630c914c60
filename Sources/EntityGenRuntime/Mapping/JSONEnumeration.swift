/// An enum generated from a schema, read from and written as its raw value.
public protocol JSONEnumeration: Sendable {
    /// The raw value type (`String` or `Int64`).
    associatedtype JSONRawValue: Hashable & Sendable
    /// The case for a raw value, or the fallback case, or `nil` when there is no fallback.
    init?(jsonRawValue: JSONRawValue)
    /// The raw value to write.
    var jsonRawValue: JSONRawValue { get }
    /// Whether this is the fallback case holding an unknown raw value.
    var isFallback: Bool { get }
}

/// Reads and writes schema enums; an unknown raw value goes to the fallback case (reported) or fails.
public struct EnumTransformer<Enumeration: JSONEnumeration>: JSONTransformer where Enumeration.JSONRawValue == String {
    let schemaLocation: String

    /// Creates the transformer.
    public init(schemaLocation: String = "") {
        self.schemaLocation = schemaLocation
    }

    public func decode(_ value: JSONValue, context: inout MappingContext) throws(TransformFailure) -> Enumeration {
        guard let raw = value.string() else { throw .expected("a string", found: value) }
        guard let result = Enumeration(jsonRawValue: raw) else {
            throw TransformFailure("\"\(raw)\" is not a case of \(Enumeration.self)")
        }
        if result.isFallback {
            context.record(at: value.path, schemaLocation: schemaLocation, action: .usedFallbackCase, message: "\"\(raw)\" is not a known case of \(Enumeration.self)")
        }
        return result
    }

    public func encode(_ value: Enumeration, to writer: inout JSONWriter) { writer.string(value.jsonRawValue) }
}

/// Reads and writes schema enums with integer raw values.
public struct IntegerEnumTransformer<Enumeration: JSONEnumeration>: JSONTransformer where Enumeration.JSONRawValue == Int64 {
    let schemaLocation: String

    /// Creates the transformer.
    public init(schemaLocation: String = "") {
        self.schemaLocation = schemaLocation
    }

    public func decode(_ value: JSONValue, context: inout MappingContext) throws(TransformFailure) -> Enumeration {
        guard let raw = value.int64() else { throw .expected("an integer", found: value) }
        guard let result = Enumeration(jsonRawValue: raw) else {
            throw TransformFailure("\(raw) is not a case of \(Enumeration.self)")
        }
        if result.isFallback {
            context.record(at: value.path, schemaLocation: schemaLocation, action: .usedFallbackCase, message: "\(raw) is not a known case of \(Enumeration.self)")
        }
        return result
    }

    public func encode(_ value: Enumeration, to writer: inout JSONWriter) { writer.integer(value.jsonRawValue) }
}
