/// Prints `Codable` conformances: for a model, keyed by its Swift property names (the model's own shape;
/// the API's JSON is what `map` reads and `writeJSON` writes), synthesized by the compiler from the
/// printed `CodingKeys` (measured: explicit `init(from:)`/`encode(to:)` bodies cost noticeably more
/// compile time); for a schema enum, by raw value.
struct CodableRenderer {
    let spelling: Spelling
    private var access: String { spelling.access }

    func render(_ plan: EntityPlan, into printer: inout CodePrinter) {
        guard !plan.properties.isEmpty else {
            printer.line("extension \(plan.typeName): Swift.Codable {}")
            return
        }
        printer.block("extension \(plan.typeName): Swift.Codable {") { printer in
            printer.documentation(
                "The Swift property names: `Codable` carries the model's own shape. The compiler synthesizes the coding (a boxed property codes as its value); what `map` records about absent keys is not coded."
            )
            printer.block("\(access)enum \(GeneratedNames.codingKeys): Swift.String, Swift.CodingKey {") { printer in
                printer.line(
                    "case "
                        + plan.properties.map { property in
                            property.storage == .inline
                                ? property.identifier
                                : "\(property.storedIdentifier) = \(SwiftLiteral.string(property.name))"
                        }.joined(separator: ", "))
            }
        }
    }

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
