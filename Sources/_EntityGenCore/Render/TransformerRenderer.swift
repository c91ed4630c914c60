/// Prints a custom transformer: a `JSONTransformer` whose conversion the user writes (the compile error
/// names the two functions to write).
struct TransformerRenderer {
    let access: String

    func render(_ plan: CustomTransformerPlan, into printer: inout CodePrinter) {
        let runtime = Spelling.runtime
        let name = plan.typeName
        let swiftType = plan.swiftType
        let kind = plan.kind
        printer.documentation(plan.documentation.map { $0 + "\n\n" } ?? "")
        printer.documentation(
            """
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
            printer.block(
                "\(access)func decode(_ value: \(runtime).JSONValue, context: inout \(runtime).MappingContext) throws(\(runtime).TransformFailure) -> \(swiftType) {"
            ) { printer in
                if let check = Self.kindCheck(kind) {
                    printer.line(
                        "guard \(check) else { throw .expected(\(SwiftLiteral.string(kind.expectation)), found: value) }"
                    )
                }
                printer.line("return try Self.fromJSON(value)")
            }
            printer.line()
            printer.documentation("Calls `toJSON`.")
            printer.block("\(access)func encode(_ value: \(swiftType), to writer: inout \(runtime).JSONWriter) {") {
                printer in
                printer.line("Self.toJSON(value, to: &writer)")
            }
            guard !plan.examples.isEmpty else { return }
            printer.line()
            printer.documentation(
                "The schema's examples of the JSON this transformer reads (its own and its attributes').")
            printer.line(
                "\(access)static let examples: [Swift.String] = [\(plan.examples.map(SwiftLiteral.string).joined(separator: ", "))]"
            )
            printer.line()
            printer.documentation(
                "Reads each example, writes it, reads it back: what storage does with these values. Empty when `fromJSON` and `toJSON` agree; call it from a test: `#expect(\(name).checkExamples().isEmpty)`."
            )
            printer.block("\(access)static func checkExamples() -> [\(runtime).TransformerExamples.Problem] {") {
                printer in
                printer.line("\(runtime).TransformerExamples.check(Self(), examples: Self.examples)")
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
}
