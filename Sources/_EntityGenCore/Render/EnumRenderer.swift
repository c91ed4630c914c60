/// Prints a schema enum and its raw-value conversions, with the fallback case if declared.
struct EnumRenderer {
    let access: String

    func render(_ plan: EnumPlan, into printer: inout CodePrinter) {
        let runtime = Spelling.runtime
        let name = plan.typeName
        let rawType = plan.isInteger ? "Swift.Int64" : "Swift.String"
        let cases = plan.cases.map { enumCase in
            (
                identifier: enumCase.identifier,
                raw: plan.isInteger ? enumCase.rawValue : SwiftLiteral.string(enumCase.rawValue)
            )
        }
        let fallback = plan.fallback
        printer.documentation(plan.documentation)
        printer.block("\(access)enum \(name): Swift.Sendable, Swift.Hashable, \(runtime).JSONEnumeration {") {
            printer in
            for enumCase in cases {
                printer.line("case \(enumCase.identifier)")
            }
            if let fallback {
                printer.documentation("A value the schema does not list, kept as received.")
                printer.line("case \(fallback)(\(rawType))")
            }
            printer.line()
            printer.documentation(
                "The case for a raw value\(fallback == nil ? ", or `nil` when it is not listed" : "; unlisted values go to `\(fallback!)`")."
            )
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
