/// Prints a model struct: properties, initializer (equality and hashing are synthesized), `Identifiable`,
/// and the name constants.
struct ModelRenderer {
    let spelling: Spelling
    private var access: String { spelling.access }

    func render(_ plan: EntityPlan, into printer: inout CodePrinter) {
        printer.documentation(plan.documentation ?? "The \(plan.schemaName) entity.")
        var conformances = ["Swift.Sendable", "Swift.Hashable"]
        if plan.identity != nil { conformances.append("Swift.Identifiable") }
        printer.block("\(access)struct \(plan.typeName): \(conformances.joined(separator: ", ")) {") { printer in
            for (index, property) in plan.properties.enumerated() {
                // Plain stored properties sit together, as a hand-writer lists them; a documented or
                // computed one is set apart by blank lines.
                if index > 0, !Self.isPlain(property) || !Self.isPlain(plan.properties[index - 1]) { printer.line() }
                printer.documentation(property.documentation)
                switch property.storage {
                case .inline:
                    let initial = plan.initializer == .memberwise ? Self.initialValue(property).map { " = \($0)" } : nil
                    printer.line("\(access)var \(property.identifier): \(Spelling.type(property.type))\(initial ?? "")")
                case .indirect:
                    let box = Self.box(property)
                    printer.block("\(access)var \(property.identifier): \(Spelling.type(property.type)) {") { printer in
                        printer.line(
                            property.isOptional
                                ? "get { \(property.boxIdentifier)?.value }" : "get { \(property.boxIdentifier).value }"
                        )
                        printer.line(
                            property.isOptional
                                ? "set { \(property.boxIdentifier) = \(box).box(newValue) }"
                                : "set { \(property.boxIdentifier) = \(box)(newValue) }")
                    }
                    printer.line("private var \(property.boxIdentifier): \(box)\(property.isOptional ? "?" : "")")
                case .indirectCollection:
                    let box = Self.box(property)
                    printer.block("\(access)var \(property.identifier): \(Spelling.type(property.type)) {") { printer in
                        printer.line("get { \(property.boxIdentifier).value }")
                        printer.line("_modify { yield &\(property.boxIdentifier).value }")
                    }
                    printer.line("private var \(property.boxIdentifier): \(box)")
                }
            }
            // Sections (properties, the identity, the initializer) are set apart by one blank line.
            var hasSection = !plan.properties.isEmpty
            if let identity = plan.identity, identity.name != "id" {
                if hasSection { printer.line() }
                printer.documentation("The identity: `\(identity.name)`.")
                printer.line(
                    "\(access)var id: \(Spelling.type(identity.type)) { \(SwiftNaming.escaped(identity.name)) }")
                hasSection = true
            }
            switch plan.initializer {
            case .memberwise: break
            case .explicit:
                if hasSection { printer.line() }
                renderInitializer(plan, into: &printer)
            }
        }
        printer.line()
        renderNameConstants(plan, into: &printer)
    }

    /// The value a property takes when the initializer is not given one: its schema default, or an empty
    /// to-many relationship (`nil` for an optional is Swift's own, for the memberwise initializer).
    private static func initialValue(_ property: EntityPlan.Property) -> String? {
        if let value = property.defaultValue { return Spelling.value(value) }
        if property.read == .toMany, !property.isOptional { return property.emptyIsMap ? "[:]" : "[]" }
        return nil
    }

    /// Whether a property is one undocumented line (`var name: String`).
    private static func isPlain(_ property: EntityPlan.Property) -> Bool {
        guard property.documentation == nil else { return false }
        switch property.storage {
        case .inline: return true
        case .indirect, .indirectCollection: return false
        }
    }

    /// The box type of a property stored indirectly: `Indirect<Target>` or `IndirectCollection<[Target]>`.
    static func box(_ property: EntityPlan.Property) -> String {
        switch property.storage {
        case .inline: return Spelling.type(property.type)
        case .indirect:
            guard case let .optional(wrapped) = property.type else {
                return Spelling.type(.runtime("Indirect", [property.type]))
            }
            return Spelling.type(.runtime("Indirect", [wrapped]))
        case .indirectCollection: return Spelling.type(.runtime("IndirectCollection", [property.type]))
        }
    }

    private func renderInitializer(_ plan: EntityPlan, into printer: inout CodePrinter) {
        printer.documentation("Creates `\(plan.typeName)` from its properties.")
        let parameters = plan.properties.map { property -> String in
            let parameter = "\(property.identifier): \(Spelling.type(property.type))"
            if let value = Self.initialValue(property) { return parameter + " = \(value)" }
            return property.isOptional ? parameter + " = nil" : parameter
        }
        let opening =
            parameters.isEmpty ? "\(access)init() {" : "\(access)init(\(parameters.joined(separator: ", "))) {"
        printer.block(opening) { printer in
            for property in plan.properties {
                switch property.storage {
                case .inline:
                    printer.line("self.\(property.identifier) = \(property.identifier)")
                case .indirect where property.isOptional:
                    printer.line("self.\(property.boxIdentifier) = \(Self.box(property)).box(\(property.identifier))")
                case .indirect, .indirectCollection:
                    printer.line("self.\(property.boxIdentifier) = \(Self.box(property))(\(property.identifier))")
                }
            }
        }
    }

    private func renderNameConstants(_ plan: EntityPlan, into printer: inout CodePrinter) {
        let attributes = plan.properties.filter { !$0.isRelationship }
        let relationships = plan.properties.filter(\.isRelationship)
        printer.block("extension \(plan.typeName) {") { printer in
            for (title, members) in [
                (GeneratedNames.attributes, attributes), (GeneratedNames.relationships, relationships),
            ]
            where !members.isEmpty {
                printer.documentation(
                    "The schema names of \(plan.typeName)'s \(title.lowercased()) (mogenerator's `\(plan.typeName)\(title)`)."
                )
                printer.block("\(access)enum \(title) {") { printer in
                    for member in members {
                        printer.line(
                            "\(access)static var \(member.identifier): Swift.String { \(SwiftLiteral.string(member.schemaName)) }"
                        )
                    }
                }
            }
        }
    }
}
