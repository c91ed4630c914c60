import EntityGenRuntime
import Foundation

/// A value the interpreter mapped: the Swift value a generated mapper would hold, type-erased.
/// Constraints see through it to the value itself.
public struct InterpretedValue: ConstraintSubject {
    /// The value (`String`, `Int64`, `Date`, `[InterpretedValue]`, ``InterpretedEntity``...).
    public let value: Any
    public var constrainedValue: Any { value }
}

/// Wraps one of the runtime's transformers so the interpreter can use it without knowing its type at
/// compile time. Decoding and encoding go through the wrapped transformer unchanged, so the interpreter
/// has the generated mappers' semantics by construction.
struct ErasedTransformer: JSONTransformer {
    private let decodeValue: @Sendable (JSONValue, inout MappingContext) throws(TransformFailure) -> InterpretedValue
    private let encodeValue: @Sendable (InterpretedValue, inout JSONWriter) -> Void

    init<Base: JSONTransformer>(_ base: Base) {
        decodeValue = { value, context throws(TransformFailure) in InterpretedValue(value: try base.decode(value, context: &context)) }
        encodeValue = { value, writer in
            if let typed = value.value as? Base.Value { base.encode(typed, to: &writer) } else { writer.null() }
        }
    }

    init(decode: @escaping @Sendable (JSONValue, inout MappingContext) throws(TransformFailure) -> InterpretedValue,
         encode: @escaping @Sendable (InterpretedValue, inout JSONWriter) -> Void) {
        decodeValue = decode
        encodeValue = encode
    }

    func decode(_ value: JSONValue, context: inout MappingContext) throws(TransformFailure) -> InterpretedValue {
        try decodeValue(value, &context)
    }

    func encode(_ value: InterpretedValue, to writer: inout JSONWriter) {
        encodeValue(value, &writer)
    }
}

extension ErasedTransformer {
    /// The runtime transformer of a built-in scalar under a built-in transformer: the same choice
    /// ``TypeTranslator/baseTransformer(_:_:)`` prints for generated code.
    static func builtin(_ builtin: BuiltinType, _ transformer: ResolvedTransformer?) -> ErasedTransformer {
        switch transformer {
        case .builtin(.iso8601)?: return ErasedTransformer(ISO8601DateTransformer())
        case .builtin(.iso8601Fractional)?: return ErasedTransformer(ISO8601DateTransformer(fractionalSeconds: true))
        case .builtin(.epochSeconds)?: return ErasedTransformer(EpochDateTransformer(.seconds))
        case .builtin(.epochMilliseconds)?: return ErasedTransformer(EpochDateTransformer(.milliseconds))
        case let .dateFormat(pattern)?: return ErasedTransformer(DateFormatTransformer(pattern))
        case .builtin(.boolFromString)?: return ErasedTransformer(BoolFromStringTransformer())
        case .builtin(.numberFromString)?: return numeric(builtin, fromString: true)
        default: break
        }
        switch builtin {
        case .string: return ErasedTransformer(StringTransformer())
        case .bool: return ErasedTransformer(BoolTransformer())
        case .date: return ErasedTransformer(ISO8601DateTransformer())
        case .url: return ErasedTransformer(URLTransformer())
        case .uuid: return ErasedTransformer(UUIDTransformer())
        case .data: return ErasedTransformer(Base64Transformer())
        default: return numeric(builtin, fromString: false)
        }
    }

    private static func numeric(_ builtin: BuiltinType, fromString: Bool) -> ErasedTransformer {
        func make<Base: JSONTransformer>(_ base: Base) -> ErasedTransformer {
            fromString ? ErasedTransformer(NumberFromStringTransformer(base)) : ErasedTransformer(base)
        }
        switch builtin {
        case .int: return make(IntegerTransformer<Int>())
        case .int8: return make(IntegerTransformer<Int8>())
        case .int16: return make(IntegerTransformer<Int16>())
        case .int32: return make(IntegerTransformer<Int32>())
        case .int64: return make(IntegerTransformer<Int64>())
        case .uint: return make(IntegerTransformer<UInt>())
        case .uint8: return make(IntegerTransformer<UInt8>())
        case .uint16: return make(IntegerTransformer<UInt16>())
        case .uint32: return make(IntegerTransformer<UInt32>())
        case .uint64: return make(IntegerTransformer<UInt64>())
        case .double: return make(DoubleTransformer())
        case .float: return make(FloatTransformer())
        default: return make(DecimalTransformer())
        }
    }

    /// A schema enum without its generated Swift type: the same reading as `EnumTransformer`, with the
    /// same messages and fallback reports.
    static func enumeration(_ declaration: EnumDeclaration, schemaLocation: String) -> ErasedTransformer {
        let typeName = SwiftNaming.typeName(declaration.name.value)
        let integer = declaration.rawType?.value == .int
        let raws = Set(declaration.cases.compactMap { $0.rawValue.textOrIntegerText }.map { integer ? String(SchemaValidator.integerValue($0) ?? 0) : $0 })
        let hasFallback = declaration.fallback != nil
        return ErasedTransformer(decode: { value, context throws(TransformFailure) in
            let raw: String
            let shown: String
            if integer {
                guard let number = value.int64() else { throw .expected("an integer", found: value) }
                raw = String(number)
                shown = raw
            } else {
                guard let text = value.string() else { throw .expected("a string", found: value) }
                raw = text
                shown = "\"\(text)\""
            }
            if !raws.contains(raw) {
                guard hasFallback else { throw TransformFailure("\(shown) is not a case of \(typeName)") }
                context.record(at: value.path, schemaLocation: schemaLocation, action: .usedFallbackCase, message: "\(shown) is not a known case of \(typeName)")
            }
            return InterpretedValue(value: integer ? Int64(raw) as Any : raw)
        }, encode: { value, writer in
            if let number = value.value as? Int64 { writer.integer(number) } else if let text = value.value as? String { writer.string(text) } else { writer.null() }
        })
    }

    /// A custom transformer's value, which only the user's Swift code can convert: checked for its JSON
    /// kind as the generated shell does, then kept as raw JSON and written back unchanged.
    static func custom(_ declaration: TransformerDeclaration?) -> ErasedTransformer {
        let kind = declaration?.json?.value ?? .any
        return ErasedTransformer(decode: { value, _ throws(TransformFailure) in
            let matches: Bool
            switch kind {
            case .string: matches = value.kind == .string
            case .number: matches = value.kind == .number
            case .integer: matches = value.isIntegerLiteral
            case .bool: matches = value.bool() != nil
            case .object: matches = value.kind == .object
            case .array: matches = value.kind == .array
            case .any: matches = true
            }
            guard matches else { throw .expected(TransformerRenderer.kindName(kind), found: value) }
            var writer = JSONWriter()
            RawJSON.write(value, to: &writer)
            return InterpretedValue(value: RawJSON(bytes: writer.bytes))
        }, encode: { value, writer in
            if let raw = value.value as? RawJSON { writer.raw(raw.bytes) } else { writer.null() }
        })
    }
}

/// JSON kept as bytes (custom transformer values in the interpreter).
struct RawJSON: Hashable {
    var bytes: [UInt8]

    /// Re-serializes a JSON value compactly.
    static func write(_ value: JSONValue, to writer: inout JSONWriter) {
        switch value.kind {
        case .null: writer.null()
        case .true: writer.bool(true)
        case .false: writer.bool(false)
        case .number: writer.raw(Array((value.numberLiteral() ?? "0").utf8))
        case .string: writer.string(value.string() ?? "")
        case .array:
            writer.beginArray()
            value.forEachElement { _, element in write(element, to: &writer) }
            writer.endArray()
        case .object:
            writer.beginObject()
            value.forEachMember { key, member in
                writer.key(key)
                write(member, to: &writer)
            }
            writer.endObject()
        }
    }
}
