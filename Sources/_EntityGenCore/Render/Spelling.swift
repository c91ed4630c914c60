/// How Render spells plan values as Swift: the only place types, transformers, fields, defaults and
/// schema locations become source text.
struct Spelling: Sendable {
    /// The access level keyword and a space (`public `, `internal `).
    let access: String
    /// Whether declarations are internal, the access of the memberwise initializer Swift synthesizes.
    var isInternal: Bool { access == AccessLevel.internal.rawValue + " " }
    /// How a schema path is shown in generated code (relative to the output's root).
    let displayPath: @Sendable (String) -> String

    /// The runtime module's qualifier.
    static let runtime = "EntityGenRuntime"
    /// The parameter naming the instance a backend's store saves (`save(_ entity: Pod, in:)`), which
    /// the save's body reads values from.
    static let storedEntity = "entity"

    /// A schema location as a string literal: `"Pods.yaml:40:7"`.
    func location(_ location: SourceLocation) -> String {
        SwiftLiteral.string(locationText(location))
    }

    /// A schema location as generated code and reports print it: `Pods.yaml:40:7`.
    func locationText(_ location: SourceLocation) -> String {
        location.text(displayPath: displayPath)
    }

    /// A type.
    static func type(_ type: TypeUsage) -> String {
        switch type {
        case let .builtin(builtin): return builtinType(builtin)
        case let .generated(name), let .custom(name): return name
        case let .runtime(name, arguments):
            return arguments.isEmpty
                ? "\(runtime).\(name)" : "\(runtime).\(name)<\(arguments.map(Self.type).joined(separator: ", "))>"
        case let .array(element): return "[\(Self.type(element))]"
        case let .dictionary(value): return "[Swift.String: \(Self.type(value))]"
        case let .optional(wrapped): return Self.type(wrapped) + "?"
        }
    }

    /// A built-in type, fully qualified.
    static func builtinType(_ builtin: BuiltinType) -> String {
        switch builtin {
        case .decimal, .date, .url, .uuid, .data: return "Foundation.\(builtin.rawValue)"
        case .anyJSON: return "\(runtime).AnyJSON"
        case .string, .bool, .int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64, .double,
            .float:
            return "Swift.\(builtin.rawValue)"
        }
    }

    /// A transformer's construction expression.
    func transformer(_ plan: TransformerPlan) -> String {
        let runtime = Self.runtime
        switch plan {
        case let .builtin(conversion):
            return Self.runtimeTransformer(conversion.runtime)
        case let .array(element, skips):
            return collection("ArrayTransformer", element, skips)
        case let .map(element, skips):
            return collection("MapTransformer", element, skips)
        case let .pluck(element, path, skips):
            let pathArgument = "path: [" + path.map(SwiftLiteral.string).joined(separator: ", ") + "]"
            guard let skips else { return "\(runtime).PluckTransformer(\(transformer(element)), \(pathArgument))" }
            return
                "\(runtime).PluckTransformer(\(transformer(element)), \(pathArgument), skipsInvalidElements: true, schemaLocation: \(location(skips)))"
        case let .enumeration(typeName, location):
            return "\(runtime).EnumTransformer<\(typeName)>(schemaLocation: \(self.location(location)))"
        case let .custom(typeName):
            return "\(typeName)()"
        case let .entity(typeName):
            return "\(runtime).EntityTransformer<\(typeName)>()"
        case let .reference(target, identity):
            return
                "\(runtime).ReferenceTransformer<\(target), \(Self.transformerType(identity))>(\(transformer(identity)))"
        case let .expandable(target, identity):
            return
                "\(runtime).ExpandableTransformer<\(target), \(Self.transformerType(identity))>(\(transformer(identity)))"
        }
    }

    private func collection(_ name: String, _ element: TransformerPlan, _ skips: SourceLocation?) -> String {
        guard let skips else { return "\(Self.runtime).\(name)(\(transformer(element)))" }
        return
            "\(Self.runtime).\(name)(\(transformer(element)), skipsInvalidElements: true, schemaLocation: \(location(skips)))"
    }

    /// The type of a transformer as a generic argument names it (the construction's callee).
    static func transformerType(_ plan: TransformerPlan) -> String {
        switch plan {
        case let .builtin(conversion): return runtimeTransformerType(conversion.runtime)
        case .array: return "\(runtime).ArrayTransformer"
        case .map: return "\(runtime).MapTransformer"
        case .pluck: return "\(runtime).PluckTransformer"
        case let .enumeration(typeName, _): return "\(runtime).EnumTransformer<\(typeName)>"
        case let .custom(typeName): return typeName
        case let .entity(typeName): return "\(runtime).EntityTransformer<\(typeName)>"
        case let .reference(target, identity):
            return "\(runtime).ReferenceTransformer<\(target), \(transformerType(identity))>"
        case let .expandable(target, identity):
            return "\(runtime).ExpandableTransformer<\(target), \(transformerType(identity))>"
        }
    }

    static func runtimeTransformerType(_ transformer: RuntimeTransformer) -> String {
        "\(runtime).\(transformer.typeName)" + (transformer.genericArgument.map { "<\(builtinType($0))>" } ?? "")
    }

    static func runtimeTransformer(_ transformer: RuntimeTransformer) -> String {
        let arguments = transformer.arguments.map { argument -> String in
            switch argument {
            case let .bool(label, flag): return "\(label): \(flag)"
            case let .member(name): return ".\(name)"
            case let .string(text): return SwiftLiteral.string(text)
            case let .transformer(inner): return runtimeTransformer(inner)
            }
        }
        return runtimeTransformerType(transformer) + "(" + arguments.joined(separator: ", ") + ")"
    }

    /// A `MappingField` construction.
    func field(_ field: FieldPlan) -> String {
        let single = field.paths.count == 1 && field.paths[0].count == 1
        var arguments = [
            single
                ? SwiftLiteral.string(field.paths[0][0])
                : "paths: [" + field.paths.map(Self.list).joined(separator: ", ") + "]",
            "schema: \(location(field.location))",
        ]
        switch field.onFailure {
        case .fail: break
        case .drop: arguments.append("onFailure: .drop")
        case .default: arguments.append("onFailure: .useDefault")
        }
        if !field.constraints.isEmpty {
            arguments.append("constraints: [\(field.constraints.map(Self.constraint).joined(separator: ", "))]")
        }
        return "\(Self.runtime).MappingField(\(arguments.joined(separator: ", ")))"
    }

    private static func constraint(_ constraint: ResolvedConstraint) -> String {
        switch constraint {
        case let .minimum(value): return ".minimum(\(value))"
        case let .maximum(value): return ".maximum(\(value))"
        case let .minLength(value): return ".minLength(\(value))"
        case let .maxLength(value): return ".maxLength(\(value))"
        case let .pattern(pattern): return ".pattern(\(runtime).JSONPattern(\(SwiftLiteral.string(pattern))))"
        case let .oneOf(values): return ".oneOf([\(values.map(SwiftLiteral.string).joined(separator: ", "))])"
        }
    }

    /// A default value's expression.
    static func value(_ literal: ValueLiteral) -> String {
        switch literal {
        case let .string(text): return SwiftLiteral.string(text)
        case let .bool(flag): return flag ? "true" : "false"
        case let .integer(digits): return digits
        case let .floatingPoint(number): return "\(number)"
        case let .decimal(text):
            return
                "Foundation.Decimal(string: \(SwiftLiteral.string(text)), locale: Foundation.Locale(identifier: \"en_US_POSIX\"))!"
        case let .date(seconds): return "Foundation.Date(timeIntervalSince1970: \(seconds))"
        case let .url(text): return "Foundation.URL(string: \(SwiftLiteral.string(text)))!"
        case let .uuid(text): return "Foundation.UUID(uuidString: \(SwiftLiteral.string(text)))!"
        case let .data(base64): return "Foundation.Data(base64Encoded: \(SwiftLiteral.string(base64)))!"
        case let .enumCase(type, name): return type + "." + SwiftNaming.escaped(name)
        case let .array(elements): return "[" + elements.map(value).joined(separator: ", ") + "]"
        case let .map(entries):
            guard !entries.isEmpty else { return "[:]" }
            return "[" + entries.map { "\(SwiftLiteral.string($0.key)): \(value($0.value))" }.joined(separator: ", ")
                + "]"
        case .none: return "nil"
        }
    }

    /// `["a", "b"]`: names as string literals.
    static func list(_ names: [String]) -> String {
        "[" + names.map(SwiftLiteral.string).joined(separator: ", ") + "]"
    }

    /// `, absentBits: ["summary": 0]`: each column's absent-field bit, as the argument every backend's
    /// table description takes; empty when no column has one.
    static func absentBitsArgument(_ columns: [TablePlan.Column]) -> String {
        let absent = columns.compactMap { column in
            column.absentBit.map { "\(SwiftLiteral.string(column.name)): \($0)" }
        }
        return absent.isEmpty ? "" : ", absentBits: [\(absent.joined(separator: ", "))]"
    }
}

extension EntityPlan.Property {
    /// The field as used in `map`.
    func fieldReference(_ spelling: Spelling) -> String {
        storesField ? "_Fields.\(identifier)" : spelling.field(field)
    }

    /// The transformer as used in `map` and `writeJSON`.
    func transformerReference(_ spelling: Spelling) -> String {
        storesTransformer ? "_Transformers.\(identifier)" : spelling.transformer(transformer)
    }

    /// The transformer of the value's JSON column: the mapping's, except where the stored form differs
    /// (a pluck's plain array), which is built where used.
    func storageTransformerReference(_ spelling: Spelling) -> String {
        let stored = transformer.storageForm
        return stored == transformer ? transformerReference(spelling) : spelling.transformer(stored)
    }
}
