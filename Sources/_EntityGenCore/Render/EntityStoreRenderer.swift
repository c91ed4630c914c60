/// Prints the frame every backend gives an entity's or family's store: the model's conformance to the
/// backend's entity protocol (unless the backend prints it with members of its own), and an extension
/// nesting the store (`enum SQLite: EntityStore`), named after the backend, whose members `body` prints.
enum EntityStoreRenderer {
    /// `extension <typeName>: <module>.<conformance> {}` (when `conformance` is given), then the store
    /// `store` in an extension of the model, documented with `documentation`, conforming to `storeProtocol`
    /// (`EntityStore`, or a protocol refining it).
    static func render(
        typeName: String, conformance: String?, store: String, module: String, access: String,
        documentation: String, storeProtocol: String = "EntityStore", into printer: inout CodePrinter,
        body: (inout CodePrinter) -> Void
    ) {
        if let conformance {
            printer.line("extension \(typeName): \(module).\(conformance) {}")
            printer.line()
        }
        printer.block("extension \(typeName) {") { printer in
            printer.documentation(documentation)
            printer.block("\(access)enum \(store): \(module).\(storeProtocol) {") { printer in body(&printer) }
        }
    }
}
