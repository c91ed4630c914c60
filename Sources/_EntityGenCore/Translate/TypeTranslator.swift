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
            required: "entity", optional: "optionalEntity", toMany: "entities", typeArgument: .generated(typeName),
            requiredThrows: true)
    }

    /// The value of a validated default.
    func literal(_ value: ResolvedValue, _ type: ResolvedType) -> ValueLiteral {
        switch (value, type) {
        case let (.array(elements), .array(element)):
            return .array(elements.map { literal($0, element) })
        case let (.map(entries), .map(element)):
            return .map(entries.map { ValueLiteral.Entry(key: $0.key, value: literal($0.value, element)) })
        case let (.enumCase(name, _, _), .enumeration(enumName)):
            return .enumCase(type: SwiftNaming.typeName(enumName), name: SwiftNaming.memberName(name))
        case let (.bool(flag), _): return .bool(flag)
        case let (.integer(digits), _): return .integer(digits)
        case let (.number(text, _), .builtin(.decimal)): return .decimal(text)
        case let (.number(_, number), _): return .floatingPoint(number)
        case let (.text(text), .builtin(.url)): return .url(text)
        case let (.text(text), _): return .string(text)
        case let (.uuid(text), _): return .uuid(text)
        case let (.data(base64, _), _): return .data(base64: base64)
        case let (.date(_, date), _): return .date(secondsSince1970: date.timeIntervalSince1970)
        case (.null, _), (.array, _), (.map, _), (.enumCase, _): return .none
        }
    }
}
