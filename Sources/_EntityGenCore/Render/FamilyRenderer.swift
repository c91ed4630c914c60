/// Prints the enum of a polymorphic family (for an abstract entity): one case per concrete member,
/// dispatch on the discriminator in `map`, the shared attributes as computed properties.
struct FamilyRenderer {
    let spelling: Spelling
    private var access: String { spelling.access }
    static let runtime = Spelling.runtime

    func render(_ plan: FamilyPlan, into printer: inout CodePrinter) {
        let runtime = Self.runtime
        printer.documentation(plan.documentation ?? "The \(plan.schemaName) family.")
        var conformances = ["Swift.Sendable", "Swift.Hashable"]
        if plan.identityType != nil { conformances.append("Swift.Identifiable") }
        conformances.append("\(runtime).JSONMappable")
        printer.block("\(access)indirect enum \(plan.typeName): \(conformances.joined(separator: ", ")) {") { printer in
            for member in plan.members {
                printer.documentation(
                    "The member `\(member.typeName)`, selected by the discriminator \(SwiftLiteral.string(member.value))."
                )
                printer.line("case \(member.caseName)(\(member.typeName))")
            }
            printer.line()
            if let identityType = plan.identityType.map(Spelling.type) {
                printer.documentation("The member's identity.")
                switchProperty("id", type: identityType, plan, into: &printer)
                printer.line()
            }
            for shared in plan.shared where !(plan.identityType != nil && shared.identifier == "id") {
                switchProperty(shared.identifier, type: Spelling.type(shared.type), plan, into: &printer)
                printer.line()
            }
            printer.documentation("Maps a JSON object to the family member its discriminator names.")
            printer.block(
                "\(access)static func map(from json: \(runtime).JSONValue, context: inout \(runtime).MappingContext) throws(\(runtime).MappingError) -> \(plan.typeName) {"
            ) { printer in
                printer.line(
                    "try context.expectObject(json, entity: \(SwiftLiteral.string(plan.typeName)), schema: \(spelling.location(plan.location)))"
                )
                Self.dispatch(plan, spelling, into: &printer) {
                    "return .\($0.caseName)(try \($0.typeName).map(from: json, context: &context))"
                }
            }
            printer.line()
            printer.documentation("Writes the member as JSON, discriminator included.")
            printer.block("\(access)func writeJSON(to writer: inout \(runtime).JSONWriter) {") { printer in
                Self.switchOverMembers(plan, into: &printer) { _ in "member.writeJSON(to: &writer)" }
            }
        }
    }

    private func switchProperty(_ identifier: String, type: String, _ plan: FamilyPlan, into printer: inout CodePrinter)
    {
        printer.block("\(access)var \(identifier): \(type) {") { printer in
            Self.switchOverMembers(plan, into: &printer) { _ in "return member.\(identifier)" }
        }
    }

    /// `switch self { case let .member(member): <statement> ... }`
    static func switchOverMembers(
        _ plan: FamilyPlan, on subject: String = "self", into printer: inout CodePrinter,
        _ statement: (FamilyPlan.Member) -> String
    ) {
        printer.line("switch \(subject) {")
        for member in plan.members {
            printer.line("case let .\(member.caseName)(member): \(statement(member))")
        }
        printer.line("}")
    }

    /// `switch` on the discriminator of `json`: `statement` per member; unknown values throw, naming
    /// the known ones.
    static func dispatch(
        _ plan: FamilyPlan, _ spelling: Spelling, into printer: inout CodePrinter,
        _ statement: (FamilyPlan.Member) -> String
    ) {
        let key = "[" + plan.discriminatorKey.map(SwiftLiteral.string).joined(separator: ", ") + "]"
        printer.line(
            "switch try context.discriminator(json, key: \(key), schema: \(spelling.location(plan.location))) {")
        for member in plan.members {
            printer.line("case \(SwiftLiteral.string(member.value)):")
            printer.indent()
            printer.line(statement(member))
            printer.outdent()
        }
        printer.line("case let other:")
        printer.indent()
        let known = "[" + plan.members.map { SwiftLiteral.string($0.value) }.joined(separator: ", ") + "]"
        printer.line(
            "throw context.unknownDiscriminator(other, in: json, key: \(key), family: \(SwiftLiteral.string(plan.typeName)), known: \(known), schema: \(spelling.location(plan.location)))"
        )
        printer.outdent()
        printer.line("}")
    }
}
