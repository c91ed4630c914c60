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
        decodeValue = { value, context throws(TransformFailure) in
            InterpretedValue(value: try base.decode(value, context: &context))
        }
        encodeValue = { value, writer in
            if let typed = value.value as? Base.Value { base.encode(typed, to: &writer) } else { writer.null() }
        }
    }

    init(
        decode: @escaping @Sendable (JSONValue, inout MappingContext) throws(TransformFailure) -> InterpretedValue,
        encode: @escaping @Sendable (InterpretedValue, inout JSONWriter) -> Void
    ) {
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

/// Builds the interpreter's transformers from the same ``TransformerPlan``s generated code is rendered
/// from: built-in ones through the runtime values their descriptors make, so interpreter and generated
/// code cannot choose differently.
struct TransformerBuilder {
    /// How schema locations are shown in reports.
    let displayPath: @Sendable (String) -> String
    /// Generated enums by Swift type name.
    let enums: [String: EnumPlan]
    /// Custom transformers by Swift type name.
    let transformers: [String: CustomTransformerPlan]
    /// Schema names of entities and families by Swift type name.
    let entityNames: [String: String]

    /// The erased transformer of a plan; entities map through `interpreter`.
    func erased(_ plan: TransformerPlan, interpreter: SchemaInterpreter) -> ErasedTransformer {
        switch plan {
        case let .builtin(conversion):
            return ErasedTransformer(conversion.instantiate())
        case let .array(element, skips):
            let inner = erased(element, interpreter: interpreter)
            guard let skips else { return ErasedTransformer(ArrayTransformer(inner)) }
            return ErasedTransformer(
                ArrayTransformer(
                    inner, skipsInvalidElements: true, schemaLocation: skips.text(displayPath: displayPath)))
        case let .pluck(element, path, skips):
            let inner = erased(element, interpreter: interpreter)
            guard let skips else { return ErasedTransformer(PluckTransformer(inner, path: path)) }
            return ErasedTransformer(
                PluckTransformer(
                    inner, path: path, skipsInvalidElements: true, schemaLocation: skips.text(displayPath: displayPath))
            )
        case let .map(element, skips):
            let inner = erased(element, interpreter: interpreter)
            guard let skips else { return ErasedTransformer(MapTransformer(inner)) }
            return ErasedTransformer(
                MapTransformer(inner, skipsInvalidElements: true, schemaLocation: skips.text(displayPath: displayPath)))
        case let .enumeration(typeName, location):
            guard let plan = enums[typeName] else { return Self.custom(.any) }
            return Self.enumeration(plan, schemaLocation: location.text(displayPath: displayPath))
        case let .custom(typeName):
            return Self.custom(transformers[typeName]?.kind ?? .any)
        case let .entity(typeName):
            return interpreter.entityTransformer(entityNames[typeName] ?? typeName)
        case let .reference(_, identity):
            // A reference holds its target's identity, read with the identity's transformer.
            return erased(identity, interpreter: interpreter)
        case let .expandable(target, identity):
            // The runtime's rule decides the form; each form reads as generated code reads it.
            let object = interpreter.entityTransformer(entityNames[target] ?? target)
            let scalar = erased(identity, interpreter: interpreter)
            return ErasedTransformer(
                decode: { value, context throws(TransformFailure) in
                    ExpandableForm.isExpanded(value)
                        ? try object.decode(value, context: &context) : try scalar.decode(value, context: &context)
                },
                encode: { value, writer in
                    if value.value is SchemaInterpreter.Entity {
                        object.encode(value, to: &writer)
                    } else {
                        scalar.encode(value, to: &writer)
                    }
                })
        }
    }

    /// A generated enum without its Swift type: the same reading as `EnumTransformer`, with the same
    /// messages and fallback reports.
    static func enumeration(_ plan: EnumPlan, schemaLocation: String) -> ErasedTransformer {
        let typeName = plan.typeName
        let integer = plan.isInteger
        let raws = Set(plan.cases.map(\.rawValue))
        let hasFallback = plan.fallback != nil
        return ErasedTransformer(
            decode: { value, context throws(TransformFailure) in
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
                    context.record(
                        at: value.path, schemaLocation: schemaLocation, action: .usedFallbackCase,
                        message: "\(shown) is not a known case of \(typeName)")
                }
                return InterpretedValue(value: integer ? Int64(raw) as Any : raw)
            },
            encode: { value, writer in
                if let number = value.value as? Int64 {
                    writer.integer(number)
                } else if let text = value.value as? String {
                    writer.string(text)
                } else {
                    writer.null()
                }
            })
    }

    /// A custom transformer's value, which only the user's Swift code can convert: checked for its JSON
    /// kind as the generated shell does, then kept as raw JSON and written back unchanged.
    static func custom(_ kind: JSONValueKind) -> ErasedTransformer {
        ErasedTransformer(
            decode: { value, _ throws(TransformFailure) in
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
                guard matches else { throw .expected(kind.expectation, found: value) }
                var writer = JSONWriter()
                RawJSON.write(value, to: &writer)
                return InterpretedValue(value: RawJSON(bytes: writer.bytes))
            },
            encode: { value, writer in
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
