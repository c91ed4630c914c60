import EntityGenRuntime
import Foundation

/// All typing decisions of generated code, as data: the Swift type of every schema type, the runtime
/// transformer that converts it, its direct entry points and the value of every default.
struct TypeTranslator: Sendable {
    let schema: ResolvedSchema

    /// The Swift type of a resolved type.
    func swiftType(_ type: ResolvedType) -> TypeUsage {
        switch type {
        case let .builtin(builtin): return .builtin(builtin)
        case let .enumeration(name): return .generated(SwiftNaming.typeName(name))
        case let .custom(swiftType, _): return .custom(swiftType)
        case let .array(element): return .array(swiftType(element))
        case let .map(element): return .dictionary(swiftType(element))
        }
    }

    /// The transformer of a type; `lossy` makes the outermost array or map skip bad elements, reported
    /// at `location`.
    func transformer(
        _ type: ResolvedType, _ transformer: ResolvedTransformer?, lossy: Bool, location: SourceLocation
    ) -> TransformerPlan {
        switch type {
        case let .array(element):
            return .array(
                self.transformer(element, transformer, lossy: false, location: location),
                skipsInvalidElementsAt: lossy ? location : nil)
        case let .map(element):
            return .map(
                self.transformer(element, transformer, lossy: false, location: location),
                skipsInvalidElementsAt: lossy ? location : nil)
        case let .enumeration(name):
            return .enumeration(typeName: SwiftNaming.typeName(name), location: location)
        case let .custom(_, transformerName):
            return .custom(typeName: SwiftNaming.typeName(transformerName))
        case let .builtin(builtin):
            return .builtin(BuiltinConversion(type: builtin, transformer: Self.conversion(transformer)))
        }
    }

    /// How a built-in scalar converts under a resolved transformer (plainly when none is named). A
    /// custom transformer never reaches a built-in scalar: validation resolves its type as `.custom`.
    static func conversion(_ transformer: ResolvedTransformer?) -> BuiltinConversion.Transformer {
        switch transformer {
        case let .builtin(named)?: return .named(named)
        case let .dateFormat(pattern)?: return .dateFormat(pattern)
        case .custom?, nil: return .plain
        }
    }

    /// The runtime's direct entry points for a built-in type read and written the default way (no
    /// transformer, or the type's default one); `nil` when the value needs a transformer.
    static func directAccess(_ type: ResolvedType, _ transformer: ResolvedTransformer?) -> DirectAccess? {
        guard case let .builtin(builtin) = type else { return nil }
        if let transformer, transformer != builtin.defaultTransformer.map(ResolvedTransformer.builtin) { return nil }
        return builtin.directAccess
    }

    /// The direct entry points for an embedded entity (`entity`, `optionalEntity`, `entities`).
    static func directAccess(entity typeName: String) -> DirectAccess {
        DirectAccess(
            required: "entity", optional: "optionalEntity", toMany: "entities", typeArgument: .generated(typeName))
    }

    /// The value of a validated default.
    func literal(_ value: ValueNode, _ type: ResolvedType) -> ValueLiteral {
        switch type {
        case let .array(element):
            guard case let .sequence(elements) = value.kind else { return .array([]) }
            return .array(elements.map { literal($0, element) })
        case let .map(element):
            guard case let .mapping(entries) = value.kind else { return .map([]) }
            return .map(entries.map { ValueLiteral.Entry(key: $0.key.value, value: literal($0.value, element)) })
        case let .enumeration(name):
            guard let declaration = schema.enums.first(where: { $0.name.value == name }) else { return .none }
            let text = value.textOrIntegerText ?? ""
            return .enumCase(
                type: SwiftNaming.typeName(declaration.name.value),
                name: SwiftNaming.memberName(declaration.case(named: text)?.name.value ?? text))
        case .custom:
            return .none
        case let .builtin(builtin):
            return builtinLiteral(value, builtin)
        }
    }

    private func builtinLiteral(_ value: ValueNode, _ builtin: BuiltinType) -> ValueLiteral {
        var text = ""
        switch value.scalar {
        case let .string(string)?, let .integer(string)?, let .float(string)?: text = string
        case let .bool(flag)?: text = flag ? "true" : "false"
        case .null?, nil: break
        }
        switch builtin {
        case .string: return .string(text)
        case .bool: return .bool(text == "true")
        case .double, .float: return .floatingPoint(SchemaValidator.numericValue(value) ?? 0)
        case .decimal: return .decimal(text)
        case .date: return .date(secondsSince1970: Self.iso8601Seconds(text) ?? 0)
        case .url: return .url(text)
        case .uuid: return .uuid(text)
        case .data: return .data(base64: text)
        case .anyJSON: return .none  // lint rejects its defaults
        case .int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64:
            return .integer(SchemaValidator.integerValue(text).map { String($0) } ?? "0")
        }
    }

    /// Seconds since 1970 of a validated ISO-8601 literal, computed at generation time with the
    /// runtime's parser (the one the interpreter and generated mappers use).
    static func iso8601Seconds(_ text: String) -> Double? {
        var text = text
        return text.withUTF8(ISO8601.parse)?.timeIntervalSince1970
    }
}
