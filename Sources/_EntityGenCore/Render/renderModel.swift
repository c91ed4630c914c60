/// Prints a model struct: properties, initializer, `Identifiable`, and the name constants.
struct ModelRenderer {
    let access: String

    func render(_ plan: EntityPlan, into printer: inout CodePrinter) {
        printer.documentation(plan.documentation ?? "The \(plan.schemaName) entity.")
        var conformances = ["Swift.Sendable", "Swift.Hashable"]
        if plan.identity != nil { conformances.append("Swift.Identifiable") }
        printer.block("\(access)struct \(plan.typeName): \(conformances.joined(separator: ", ")) {") { printer in
            for property in plan.properties {
                printer.documentation(property.documentation)
                switch property.storage {
                case .inline:
                    printer.line("\(access)var \(property.identifier): \(property.type)")
                case let .indirect(box):
                    printer.block("\(access)var \(property.identifier): \(property.type) {") { printer in
                        printer.line(property.isOptional ? "get { _\(property.name)?.value }" : "get { _\(property.name).value }")
                        printer.line(property.isOptional ? "set { _\(property.name) = newValue.map(\(box).init) }" : "set { _\(property.name) = \(box)(newValue) }")
                    }
                    printer.line("private var _\(property.name): \(box)\(property.isOptional ? "?" : "")")
                case let .indirectCollection(box):
                    printer.block("\(access)var \(property.identifier): \(property.type) {") { printer in
                        printer.line("get { _\(property.name).value }")
                        printer.line("_modify { yield &_\(property.name).value }")
                    }
                    printer.line("private var _\(property.name): \(box)")
                }
                printer.line()
            }
            if let identity = plan.identity, identity.name != "id" {
                printer.documentation("The identity: `\(identity.name)`.")
                printer.line("\(access)var id: \(identity.type) { \(SwiftNaming.escaped(identity.name)) }")
                printer.line()
            }
            renderInitializer(plan, into: &printer)
        }
        printer.line()
        renderNameConstants(plan, into: &printer)
    }

    private func renderInitializer(_ plan: EntityPlan, into printer: inout CodePrinter) {
        printer.documentation("Creates `\(plan.typeName)` from its properties.")
        let parameters = plan.properties.map { property -> String in
            var parameter = "\(property.identifier): \(property.type)"
            if let value = property.defaultValue { parameter += " = \(value)" } else if property.isOptional { parameter += " = nil" } else if property.read == .toMany { parameter += " = \(property.emptyValue)" }
            return parameter
        }
        let opening = parameters.isEmpty ? "\(access)init() {" : "\(access)init(\(parameters.joined(separator: ", "))) {"
        printer.block(opening) { printer in
            for property in plan.properties {
                switch property.storage {
                case .inline:
                    printer.line("self.\(property.identifier) = \(property.identifier)")
                case let .indirect(box) where property.isOptional:
                    printer.line("self._\(property.name) = \(property.identifier).map(\(box).init)")
                case let .indirect(box), let .indirectCollection(box):
                    printer.line("self._\(property.name) = \(box)(\(property.identifier))")
                }
            }
        }
    }

    private func renderNameConstants(_ plan: EntityPlan, into printer: inout CodePrinter) {
        let attributes = plan.properties.filter { !$0.isRelationship }
        let relationships = plan.properties.filter(\.isRelationship)
        printer.block("extension \(plan.typeName) {") { printer in
            for (title, members) in [("Attributes", attributes), ("Relationships", relationships)] where !members.isEmpty {
                printer.documentation("The schema names of \(plan.typeName)'s \(title.lowercased()) (mogenerator's `\(plan.typeName)\(title)`).")
                printer.block("\(access)enum \(title) {") { printer in
                    for member in members {
                        printer.line("\(access)static var \(member.identifier): Swift.String { \(SwiftLiteral.string(member.schemaName)) }")
                    }
                }
            }
        }
    }
}
