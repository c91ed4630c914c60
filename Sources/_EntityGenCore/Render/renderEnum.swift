/// Prints a schema enum and its raw-value conversions, with the fallback case if declared.
struct EnumRenderer {
    let access: String

    func render(_ declaration: EnumDeclaration, into printer: inout CodePrinter) {
        let runtime = TypeTranslator.runtime
        let name = SwiftNaming.typeName(declaration.name.value)
        let integer = declaration.rawType?.value == .int
        let rawType = integer ? "Swift.Int64" : "Swift.String"
        let cases = declaration.cases.map { enumCase -> (identifier: String, raw: String) in
            let text = enumCase.rawValue.textOrIntegerText ?? ""
            let raw = integer ? String(SchemaValidator.integerValue(text) ?? 0) : SwiftLiteral.string(text)
            return (SwiftNaming.escaped(SwiftNaming.memberName(enumCase.name.value)), raw)
        }
        let fallback = declaration.fallback.map { SwiftNaming.escaped(SwiftNaming.memberName($0.value)) }
        printer.documentation(declaration.description?.value ?? "The \(declaration.name.value) enum.")
        printer.block("\(access)enum \(name): Swift.Sendable, Swift.Hashable, \(runtime).JSONEnumeration {") { printer in
            for enumCase in cases {
                printer.line("case \(enumCase.identifier)")
            }
            if let fallback {
                printer.documentation("A value the schema does not list, kept as received.")
                printer.line("case \(fallback)(\(rawType))")
            }
            printer.line()
            printer.documentation("The case for a raw value\(fallback == nil ? ", or `nil` when it is not listed" : "; unlisted values go to `\(fallback!)`").")
            printer.block("\(access)init?(jsonRawValue: \(rawType)) {") { printer in
                printer.line("switch jsonRawValue {")
                for enumCase in cases {
                    printer.line("case \(enumCase.raw): self = .\(enumCase.identifier)")
                }
                printer.line(fallback.map { "default: self = .\($0)(jsonRawValue)" } ?? "default: return nil")
                printer.line("}")
            }
            printer.line()
            printer.documentation("The raw value written to JSON.")
            printer.block("\(access)var jsonRawValue: \(rawType) {") { printer in
                printer.line("switch self {")
                for enumCase in cases {
                    printer.line("case .\(enumCase.identifier): return \(enumCase.raw)")
                }
                if let fallback { printer.line("case let .\(fallback)(raw): return raw") }
                printer.line("}")
            }
            printer.line()
            printer.documentation("Whether this is the fallback case.")
            if let fallback {
                printer.block("\(access)var isFallback: Swift.Bool {") { printer in
                    printer.line("if case .\(fallback) = self { return true }")
                    printer.line("return false")
                }
            } else {
                printer.line("\(access)var isFallback: Swift.Bool { false }")
            }
        }
    }
}

/// Prints a custom transformer: a `JSONTransformer` whose conversion the user writes (the compile error
/// names the two functions to write).
struct TransformerRenderer {
    let access: String

    func render(_ declaration: TransformerDeclaration, into printer: inout CodePrinter) {
        let runtime = TypeTranslator.runtime
        let name = SwiftNaming.typeName(declaration.name.value)
        let swiftType = declaration.swiftType?.value ?? "Never"
        let kind = declaration.json?.value ?? .any
        printer.documentation((declaration.description?.value).map { $0 + "\n\n" } ?? "")
        printer.documentation("""
            Implement the conversion in your own code:

                extension \(name) {
                    \(access)static func fromJSON(_ value: \(runtime).JSONValue) throws(\(runtime).TransformFailure) -> \(swiftType) { ... }
                    \(access)static func toJSON(_ value: \(swiftType), to writer: inout \(runtime).JSONWriter) { ... }
                }
            """)
        printer.block("\(access)struct \(name): \(runtime).JSONTransformer {") { printer in
            printer.documentation("Creates the transformer.")
            printer.line("\(access)init() {}")
            printer.line()
            printer.documentation("Checks the JSON kind (\(kind.rawValue)), then calls `fromJSON`.")
            printer.block("\(access)func decode(_ value: \(runtime).JSONValue, context: inout \(runtime).MappingContext) throws(\(runtime).TransformFailure) -> \(swiftType) {") { printer in
                if let check = Self.kindCheck(kind) {
                    printer.line("guard \(check) else { throw .expected(\(SwiftLiteral.string(Self.kindName(kind))), found: value) }")
                }
                printer.line("return try Self.fromJSON(value)")
            }
            printer.line()
            printer.documentation("Calls `toJSON`.")
            printer.block("\(access)func encode(_ value: \(swiftType), to writer: inout \(runtime).JSONWriter) {") { printer in
                printer.line("Self.toJSON(value, to: &writer)")
            }
        }
    }

    static func kindCheck(_ kind: JSONValueKind) -> String? {
        switch kind {
        case .string: return "value.kind == .string"
        case .number: return "value.kind == .number"
        case .integer: return "value.isIntegerLiteral"
        case .bool: return "value.bool() != nil"
        case .object: return "value.kind == .object"
        case .array: return "value.kind == .array"
        case .any: return nil
        }
    }

    static func kindName(_ kind: JSONValueKind) -> String {
        switch kind {
        case .integer: return "an integer"
        case .object, .array: return "an \(kind.rawValue)"
        default: return "a \(kind.rawValue)"
        }
    }
}
