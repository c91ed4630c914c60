import EntityGenRuntime
import Foundation

/// All typing decisions of generated code: the Swift type of every schema type, the runtime
/// transformer that converts it, and the Swift expression of every default value. Types from the
/// standard library and Foundation are fully qualified, so a user's own `String` or `Date` cannot shadow
/// them.
struct TypeTranslator {
    let schema: ResolvedSchema

    /// The runtime module's qualifier.
    static let runtime = "EntityGenRuntime"

    /// The Swift type of a built-in schema type.
    static func swiftType(_ builtin: BuiltinType) -> String {
        switch builtin {
        case .decimal, .date, .url, .uuid, .data: return "Foundation.\(builtin.rawValue)"
        default: return "Swift.\(builtin.rawValue)"
        }
    }

    /// The Swift type of a resolved type.
    func swiftType(_ type: ResolvedType) -> String {
        switch type {
        case let .builtin(builtin): return Self.swiftType(builtin)
        case let .enumeration(name): return SwiftNaming.typeName(name)
        case let .custom(swiftType, _): return swiftType
        case let .array(element): return "[\(swiftType(element))]"
        case let .map(element): return "[Swift.String: \(swiftType(element))]"
        }
    }

    /// The transformer expression for a type; `lossy` makes the outermost array or map skip bad elements.
    func transformer(_ type: ResolvedType, _ transformer: ResolvedTransformer?, lossy: Bool, schemaLocation: String) -> String {
        let runtime = Self.runtime
        switch type {
        case let .array(element):
            let inner = self.transformer(element, transformer, lossy: false, schemaLocation: schemaLocation)
            return lossy ? "\(runtime).ArrayTransformer(\(inner), skipsInvalidElements: true, schemaLocation: \(schemaLocation))" : "\(runtime).ArrayTransformer(\(inner))"
        case let .map(element):
            let inner = self.transformer(element, transformer, lossy: false, schemaLocation: schemaLocation)
            return lossy ? "\(runtime).MapTransformer(\(inner), skipsInvalidElements: true, schemaLocation: \(schemaLocation))" : "\(runtime).MapTransformer(\(inner))"
        case let .enumeration(name):
            return "\(runtime).EnumTransformer<\(SwiftNaming.typeName(name))>(schemaLocation: \(schemaLocation))"
        case let .custom(_, transformerName):
            return "\(SwiftNaming.typeName(transformerName))()"
        case let .builtin(builtin):
            let base = Self.baseTransformer(builtin, transformer)
            if case .builtin(.numberFromString)? = transformer { return "\(runtime).NumberFromStringTransformer(\(base))" }
            return base
        }
    }

    /// The transformer of a built-in scalar under a built-in transformer.
    static func baseTransformer(_ builtin: BuiltinType, _ transformer: ResolvedTransformer?) -> String {
        let runtime = Self.runtime
        switch transformer {
        case .builtin(.iso8601)?: return "\(runtime).ISO8601DateTransformer()"
        case .builtin(.iso8601Fractional)?: return "\(runtime).ISO8601DateTransformer(fractionalSeconds: true)"
        case .builtin(.epochSeconds)?: return "\(runtime).EpochDateTransformer(.seconds)"
        case .builtin(.epochMilliseconds)?: return "\(runtime).EpochDateTransformer(.milliseconds)"
        case let .dateFormat(pattern)?: return "\(runtime).DateFormatTransformer(\(SwiftLiteral.string(pattern)))"
        case .builtin(.boolFromString)?: return "\(runtime).BoolFromStringTransformer()"
        default: break
        }
        switch builtin {
        case .string: return "\(runtime).StringTransformer()"
        case .bool: return "\(runtime).BoolTransformer()"
        case .int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64:
            return "\(runtime).IntegerTransformer<\(swiftType(builtin))>()"
        case .double: return "\(runtime).DoubleTransformer()"
        case .float: return "\(runtime).FloatTransformer()"
        case .decimal: return "\(runtime).DecimalTransformer()"
        case .date: return "\(runtime).ISO8601DateTransformer()"
        case .url: return "\(runtime).URLTransformer()"
        case .uuid: return "\(runtime).UUIDTransformer()"
        case .data: return "\(runtime).Base64Transformer()"
        }
    }

    /// The runtime's direct entry points for a built-in type read and written the default way (no
    /// transformer, or the type's default one); `nil` when the value needs a transformer.
    static func directAccess(_ type: ResolvedType, _ transformer: ResolvedTransformer?) -> DirectAccess? {
        guard case let .builtin(builtin) = type else { return nil }
        if let transformer, transformer != builtin.defaultTransformer.map(ResolvedTransformer.builtin) { return nil }
        switch builtin {
        case .string: return DirectAccess(required: "string", optional: "optionalString")
        case .bool: return DirectAccess(required: "bool", optional: "optionalBool")
        case .int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64:
            return DirectAccess(required: "integer", optional: "optionalInteger", typeArgument: swiftType(builtin))
        case .double: return DirectAccess(required: "double", optional: "optionalDouble")
        case .float: return DirectAccess(required: "float", optional: "optionalFloat")
        case .decimal: return DirectAccess(required: "decimal", optional: "optionalDecimal")
        case .date: return DirectAccess(required: "iso8601Date", optional: "optionalISO8601Date")
        case .url: return DirectAccess(required: "url", optional: "optionalURL")
        case .uuid: return DirectAccess(required: "uuid", optional: "optionalUUID")
        case .data: return DirectAccess(required: "base64Data", optional: "optionalBase64Data")
        }
    }

    /// The direct entry points for an embedded entity (`entity`, `optionalEntity`, `entities`).
    static func directAccess(entity typeName: String) -> DirectAccess {
        DirectAccess(required: "entity", optional: "optionalEntity", toMany: "entities", typeArgument: typeName)
    }

    /// The Swift expression of a validated default value.
    func literal(_ value: ValueNode, _ type: ResolvedType) -> String {
        switch type {
        case let .array(element):
            guard case let .sequence(elements) = value.kind else { return "[]" }
            return "[" + elements.map { literal($0, element) }.joined(separator: ", ") + "]"
        case let .map(element):
            guard case let .mapping(entries) = value.kind, !entries.isEmpty else { return "[:]" }
            return "[" + entries.map { "\(SwiftLiteral.string($0.key.value)): \(literal($0.value, element))" }.joined(separator: ", ") + "]"
        case let .enumeration(name):
            guard let declaration = schema.enums.first(where: { $0.name.value == name }) else { return "nil" }
            let text: String
            switch value.scalar {
            case let .string(string)?, let .integer(string)?: text = string
            default: text = ""
            }
            let match = declaration.case(named: text)
            return "." + SwiftNaming.escaped(SwiftNaming.memberName(match?.name.value ?? text))
        case .custom:
            return "nil"
        case let .builtin(builtin):
            return builtinLiteral(value, builtin)
        }
    }

    private func builtinLiteral(_ value: ValueNode, _ builtin: BuiltinType) -> String {
        let scalar = value.scalar
        var text = ""
        switch scalar {
        case let .string(string)?, let .integer(string)?, let .float(string)?: text = string
        case let .bool(flag)?: text = flag ? "true" : "false"
        default: break
        }
        switch builtin {
        case .string: return SwiftLiteral.string(text)
        case .bool: return text
        case .double, .float:
            let number = SchemaValidator.numericValue(value) ?? 0
            return "\(number)"
        case .decimal: return "Foundation.Decimal(string: \(SwiftLiteral.string(text)), locale: Foundation.Locale(identifier: \"en_US_POSIX\"))!"
        case .date:
            let seconds = Self.iso8601Seconds(text) ?? 0
            return "Foundation.Date(timeIntervalSince1970: \(seconds))"
        case .url: return "Foundation.URL(string: \(SwiftLiteral.string(text)))!"
        case .uuid: return "Foundation.UUID(uuidString: \(SwiftLiteral.string(text)))!"
        case .data: return "Foundation.Data(base64Encoded: \(SwiftLiteral.string(text)))!"
        default:
            return SchemaValidator.integerValue(text).map { String($0) } ?? "0"
        }
    }

    /// Seconds since 1970 of a validated ISO-8601 literal, computed at generation time with the
    /// runtime's parser (the one the interpreter and generated mappers use).
    static func iso8601Seconds(_ text: String) -> Double? {
        var text = text
        return text.withUTF8(ISO8601.parse)?.timeIntervalSince1970
    }
}

/// A value's direct entry points in the runtime: `context.<name>(json, key, schema: …)` reads it and
/// `writer.<name>(value, forKey: key)` writes it, with no `MappingField` or transformer at the call
/// site (those cost compile time per attribute).
struct DirectAccess: Equatable {
    /// The method for a required value (`string`).
    var required: String
    /// The method for an optional value (`optionalString`).
    var optional: String
    /// The method for an array of the value (`entities`), where the runtime has one.
    var toMany: String?
    /// The type named in the `as:` argument of the generic entry points (`Swift.Int32`).
    var typeArgument: String?

    init(required: String, optional: String, toMany: String? = nil, typeArgument: String? = nil) {
        self.required = required
        self.optional = optional
        self.toMany = toMany
        self.typeArgument = typeArgument
    }
}
