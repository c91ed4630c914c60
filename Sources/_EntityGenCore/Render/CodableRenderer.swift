/// Prints `Codable` conformances. A model codes through the schema's own mapping (the runtime's
/// `JSONMappableCoding`): the API's JSON, with its keys and transformers, through any encoder or
/// decoder; two one-line methods, so next to no compile time (synthesized or written-out coding of the
/// properties cost 36-49% more debug compile time on the 1,000-entity benchmark). A schema enum codes
/// as its raw value.
struct CodableRenderer {
    let spelling: Spelling
    private var access: String { spelling.access }

    /// A model's or family's conformance.
    func render(typeName: String, into printer: inout CodePrinter) {
        let coding = "\(Spelling.runtime).JSONMappableCoding"
        printer.block("extension \(typeName): Swift.Codable {") { printer in
            printer.documentation(
                "Decodes the JSON `map` reads (the schema's keys, transformers, defaults, constraints and failure policies)."
            )
            printer.line(
                "\(access)init(from decoder: any Swift.Decoder) throws { self = try \(coding).decode(from: decoder) }")
            printer.line()
            printer.documentation("Encodes the JSON `writeJSON` writes.")
            printer.line(
                "\(access)func encode(to encoder: any Swift.Encoder) throws { try \(coding).encode(self, to: encoder) }"
            )
        }
    }

    /// A schema enum's conformance, by raw value.
    func render(_ plan: EnumPlan, into printer: inout CodePrinter) {
        let coding = "\(Spelling.runtime).JSONEnumerationCoding"
        printer.block("extension \(plan.typeName): Swift.Codable {") { printer in
            printer.documentation("Decodes the raw value.")
            printer.line(
                "\(access)init(from decoder: any Swift.Decoder) throws { self = try \(coding).decode(from: decoder) }")
            printer.line()
            printer.documentation("Encodes the raw value.")
            printer.line(
                "\(access)func encode(to encoder: any Swift.Encoder) throws { try \(coding).encode(self, to: encoder) }"
            )
        }
    }
}
