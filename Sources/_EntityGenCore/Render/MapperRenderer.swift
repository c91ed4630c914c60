/// Prints an entity's `JSONMappable` conformance: JSON -> model and model -> JSON.
struct MapperRenderer {
    let spelling: Spelling
    private var access: String { spelling.access }
    static let runtime = Spelling.runtime

    func render(_ plan: EntityPlan, into printer: inout CodePrinter) {
        let runtime = Self.runtime
        printer.block("extension \(plan.typeName): \(runtime).JSONMappable {") { printer in
            // Only what allocates is stored; everything else is built inline at no cost.
            let storedFields = plan.properties.filter(\.storesField)
            if !storedFields.isEmpty {
                printer.block("private enum _Fields {") { printer in
                    for property in storedFields {
                        printer.line("static let \(property.identifier) = \(spelling.field(property.field))")
                    }
                }
                printer.line()
            }
            let storedTransformers = plan.properties.filter(\.storesTransformer)
            if !storedTransformers.isEmpty {
                printer.block("private enum _Transformers {") { printer in
                    for property in storedTransformers {
                        printer.line(
                            "static let \(property.identifier) = \(spelling.transformer(property.transformer))")
                    }
                }
                printer.line()
            }
            renderMap(plan, into: &printer)
            printer.line()
            renderWrite(plan, into: &printer)
        }
    }

    private func renderMap(_ plan: EntityPlan, into printer: inout CodePrinter) {
        let runtime = Self.runtime
        printer.documentation(
            "Maps a JSON object to `\(plan.typeName)`, applying the schema's keys, transformers, defaults, constraints and failure policies."
        )
        printer.block(
            "\(access)static func map(from json: \(runtime).JSONValue, context: inout \(runtime).MappingContext) throws(\(runtime).MappingError) -> \(plan.typeName) {"
        ) { printer in
            printer.line(
                "try context.expectObject(json, entity: \(SwiftLiteral.string(plan.typeName)), schema: \(spelling.location(plan.location)))"
            )
            if let envelope = plan.errorEnvelope {
                printer.line(
                    "try context.checkErrorEnvelope(json, key: \(pathLiteral(envelope.key)), message: \(pathLiteral(envelope.message)), schema: \(spelling.location(plan.location)))"
                )
            }
            let checks = Dictionary(uniqueKeysWithValues: plan.absentChecks.map { ($0.property, $0) })
            let reads = GeneratedNames.fieldReads
            printer.line("var \(reads) = \(runtime).FieldReads(json)")
            for (index, property) in plan.properties.enumerated() {
                // The objects a relationship embeds file their absent keys under its slot.
                if plan.tracksAbsentKeys, property.isRelationship {
                    printer.line("context.enterRelationship(\(index))")
                }
                if property.readsDirectly, let method = property.directMethod {
                    // The runtime looks the key up when the value is nil, or when it may be the default or
                    // the empty array that stands in: the plan's `lookup` is other than `whenNil` exactly then.
                    assert(
                        checks[index].map {
                            ($0.lookup != .whenNil) == (property.defaultValue != nil || property.read == .toMany)
                        }
                            ?? true)
                    let bit = checks[index].map { ", absent: \($0.bit)" } ?? ""
                    let call = "\(reads).\(method)(\(directArguments(property))\(bit), in: &context)"
                    printer.line("let \(property.local) = \(property.directReadThrows ? "try " : "")\(call)")
                    continue
                }
                // A field read and then checked for absence is built once, into a local.
                var field = property.fieldReference(spelling)
                if checks[index] != nil, !property.storesField {
                    printer.line("let _\(property.local)Field = \(field)")
                    field = "_\(property.local)Field"
                }
                defer {
                    if let check = checks[index] { renderAbsentCheck(check, property, field: field, into: &printer) }
                }
                let arguments = "\(field), \(property.transformerReference(spelling))"
                let defaultArgument = property.defaultValue.map { ", default: \(Spelling.value($0))" } ?? ""
                switch property.read {
                case .required:
                    let (method, throwing) = property.requiredFieldRead
                    printer.line(
                        "let \(property.local) = \(throwing ? "try " : "")\(reads).\(method)(\(arguments)\(defaultArgument), in: &context)"
                    )
                case .optional:
                    printer.line(
                        "let \(property.local) = \(reads).optional(\(arguments)\(defaultArgument), in: &context)")
                case .toMany:
                    printer.line(
                        "let \(property.local) = \(reads).optional(\(arguments), in: &context) ?? \(property.emptyIsMap ? "[:]" : "[]")"
                    )
                }
            }
            let arguments = plan.properties.map { "\(SwiftNaming.argumentLabel($0.name)): \($0.local)" }.joined(
                separator: ", ")
            printer.line("try \(reads).finish(in: &context)")
            printer.line("return \(plan.typeName)(\(arguments))")
        }
    }

    /// Records the property's bit when its key is absent: looked up only for the values the plan's
    /// `lookup` says an absent key may have given.
    private func renderAbsentCheck(
        _ check: EntityPlan.AbsentCheck, _ property: EntityPlan.Property, field: String,
        into printer: inout CodePrinter
    ) {
        let note = "\(GeneratedNames.fieldReads).noteAbsence(\(check.bit), of: \(field))"
        switch check.lookup {
        case .whenNil: printer.line("if case .none = \(property.local) { \(note) }")
        case .whenEmpty: printer.line("if \(property.local).isEmpty { \(note) }")
        case .always: printer.line(note)
        }
    }

    private func renderWrite(_ plan: EntityPlan, into printer: inout CodePrinter) {
        let runtime = Self.runtime
        printer.documentation(
            "Writes this `\(plan.typeName)` as JSON with the schema's keys; absent optionals are left out.")
        printer.block("\(access)func writeJSON(to writer: inout \(runtime).JSONWriter) {") { printer in
            var root = KeyTree<WriteLeaf>()
            if let discriminator = plan.discriminator {
                root.insert(discriminator.path[...], leaf: .constant(discriminator.value))
            }
            for property in plan.properties {
                root.insert(property.writePath[...], leaf: .property(property))
            }
            printer.line("writer.beginObject()")
            emit(root, into: &printer)
            printer.line("writer.endObject()")
        }
    }

    private func emit(_ tree: KeyTree<WriteLeaf>, into printer: inout CodePrinter) {
        for (key, node) in tree.children { emit(key, node, into: &printer) }
    }

    private func emit(_ key: String, _ node: KeyTree<WriteLeaf>.Node, into printer: inout CodePrinter) {
        let keyLiteral = SwiftLiteral.string(key)
        switch node {
        case let .leaf(.constant(value)):
            printer.line("writer.key(\(keyLiteral))")
            printer.line("writer.string(\(SwiftLiteral.string(value)))")
        case let .leaf(.property(property)) where property.writesNull:
            // `null` for nil: the key is always written.
            printer.line("writer.key(\(keyLiteral))")
            printer.block("if let \(property.local) = self.\(property.identifier) {", closing: "} else {") { printer in
                printer.line(encodeStatement(property, property.local))
            }
            printer.indent()
            printer.line("writer.null()")
            printer.outdent()
            printer.line("}")
        case let .leaf(.property(property)):
            if let method = property.directMethod {
                printer.line("writer.\(method)(self.\(property.identifier), forKey: \(keyLiteral))")
            } else if property.isOptional {
                printer.block("if let \(property.local) = self.\(property.identifier) {") { printer in
                    printer.line("writer.key(\(keyLiteral))")
                    printer.line(encodeStatement(property, property.local))
                }
            } else {
                printer.line("writer.key(\(keyLiteral))")
                printer.line(encodeStatement(property, "self.\(property.identifier)"))
            }
        case let .tree(subtree):
            let body: (inout CodePrinter) -> Void = { printer in
                printer.line("writer.key(\(keyLiteral))")
                printer.line("writer.beginObject()")
                self.emit(subtree, into: &printer)
                printer.line("writer.endObject()")
            }
            if let condition = Self.anyPresent(subtree) {
                printer.block("if \(condition) {", body)
            } else {
                body(&printer)
            }
        case let .merged(.property(object), subtree):
            emitMerged(key, object, subtree, into: &printer)
        case let .merged(.constant, subtree):
            // The validator lets only embedded relationships hold members; a constant never does.
            emit(key, .tree(subtree), into: &printer)
        }
    }

    /// `self.a != nil || self.b != nil` when every leaf below is optional (the object is left out when
    /// all are `nil`); `nil` when one is always present.
    private static func anyPresent(_ tree: KeyTree<WriteLeaf>) -> String? {
        let optionals = tree.leaves.compactMap { leaf -> String? in
            if case let .property(property) = leaf, property.isOptional, !property.writesNull {
                return "self.\(property.identifier) != nil"
            }
            return nil
        }
        return optionals.count == tree.leaves.count ? optionals.joined(separator: " || ") : nil
    }

    /// An embedded object with members read inside it (`authorId` at `author.id`): the object as its
    /// entity writes it, then the members it lacks; with no object, the members alone.
    private func emitMerged(
        _ key: String, _ object: EntityPlan.Property, _ members: KeyTree<WriteLeaf>, into printer: inout CodePrinter
    ) {
        let keyLiteral = SwiftLiteral.string(key)
        let start = "\(object.local)Start"
        let keys = "\(object.local)Keys"
        let merge: (String, inout CodePrinter) -> Void = { value, printer in
            printer.line("writer.key(\(keyLiteral))")
            printer.line("let \(start) = writer.position")
            printer.line(self.encodeStatement(object, value))
            printer.block("if let \(keys) = writer.reopenObject(writtenFrom: \(start)) {") { printer in
                for (member, node) in members.children {
                    printer.block("if !\(keys).contains(\(SwiftLiteral.string(member))) {") { printer in
                        self.emit(member, node, into: &printer)
                    }
                }
                printer.line("writer.endObject()")
            }
        }
        guard object.isOptional else {
            printer.block("do {") { merge("self.\(object.identifier)", &$0) }
            return
        }
        let otherwise = Self.anyPresent(members).map { "} else if \($0) {" } ?? "} else {"
        printer.block("if let \(object.local) = self.\(object.identifier) {", closing: otherwise) {
            merge(object.local, &$0)
        }
        printer.indent()
        printer.line("writer.key(\(keyLiteral))")
        printer.line("writer.beginObject()")
        emit(members, into: &printer)
        printer.line("writer.endObject()")
        printer.outdent()
        printer.line("}")
    }

    /// `"key", schema: "…"`, then `as: T.self` for the generic entry points and the default.
    private func directArguments(_ property: EntityPlan.Property) -> String {
        var arguments = "\(SwiftLiteral.string(property.writePath[0])), schema: \(spelling.location(property.location))"
        if let type = property.direct?.typeArgument { arguments += ", as: \(Spelling.type(type)).self" }
        if let value = property.defaultValue { arguments += ", default: \(Spelling.value(value))" }
        return arguments
    }

    /// The statement writing `value` through the property's transformer (after its key).
    private func encodeStatement(_ property: EntityPlan.Property, _ value: String) -> String {
        "\(property.transformerReference(spelling)).encode(\(value), to: &writer)"
    }

    private func pathLiteral(_ path: [String]) -> String {
        "[" + path.map(SwiftLiteral.string).joined(separator: ", ") + "]"
    }
}

/// What the renderer writes at a key: a constant (the discriminator) or a property.
enum WriteLeaf {
    case constant(String)
    case property(EntityPlan.Property)
}
