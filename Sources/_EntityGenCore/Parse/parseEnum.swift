import Yams

extension SchemaParser {
    /// Parses an enum: `cases` as a list of raw values (case names derived from them) or as a mapping of
    /// case name to raw value.
    mutating func parseEnum(name: Located<String>, _ node: Node) -> EnumDeclaration? {
        var declaration = EnumDeclaration(name: name, location: name.location)
        let what = "enum '\(name.value)'"
        guard let entries = reader.mapping(node, what) else { return nil }
        reader.checkKeys(entries, allowed: SchemaKeys.enumeration, in: what)
        var sawCases = false
        for entry in entries {
            let value = entry.value
            switch SchemaKeys.Enumeration(rawValue: entry.key.value) {
            case .description: declaration.description = reader.string(value, "description")
            case .rawType: declaration.rawType = reader.keyword(value, "enum raw type")
            case .fallback: declaration.fallback = reader.string(value, "fallback case")
            case .cases:
                sawCases = true
                declaration.cases = parseCases(value, what)
            case nil: break  // an unknown key: checkKeys reported it
            }
        }
        if !sawCases {
            reader.diagnostics.emit(Rules.missingKey, "\(what) needs 'cases'", at: name.location)
        }
        return declaration
    }

    private mutating func parseCases(_ node: Node, _ what: String) -> [EnumDeclaration.Case] {
        switch node {
        case let .sequence(sequence):
            guard reader.visit(node) else { return [] }
            return sequence.compactMap { element in
                guard case .scalar = element, let raw = reader.value(element) else {
                    reader.error(
                        Rules.invalidValue, "cases of \(what) must be raw values (text or integers)", at: element)
                    return nil
                }
                guard case let .scalar(text, _) = raw.kind else { return nil }
                return EnumDeclaration.Case(name: Located(text, at: raw.location), nameIsDerived: true, rawValue: raw)
            }
        default:
            guard let entries = reader.mapping(node, "cases of \(what)") else { return [] }
            return entries.compactMap { entry in
                guard case .scalar = entry.value, let raw = reader.value(entry.value) else {
                    reader.error(
                        Rules.invalidValue,
                        "case '\(entry.key.value)' of \(what) must have a raw value (text or integer)", at: entry.value)
                    return nil
                }
                return EnumDeclaration.Case(name: entry.key, nameIsDerived: false, rawValue: raw)
            }
        }
    }

    /// Parses a custom transformer declaration.
    mutating func parseTransformer(name: Located<String>, _ node: Node) -> TransformerDeclaration? {
        var declaration = TransformerDeclaration(name: name, location: name.location)
        let what = "transformer '\(name.value)'"
        guard let entries = reader.mapping(node, what) else { return nil }
        reader.checkKeys(entries, allowed: SchemaKeys.transformer, in: what)
        for entry in entries {
            switch SchemaKeys.Transformer(rawValue: entry.key.value) {
            case .description: declaration.description = reader.string(entry.value, "description")
            case .swiftType: declaration.swiftType = reader.string(entry.value, "Swift type")
            case .json: declaration.json = reader.keyword(entry.value, "JSON value kind")
            case .examples: declaration.examples = reader.examples(entry.value, "examples of \(what)")
            case nil: break  // an unknown key: checkKeys reported it
            }
        }
        if declaration.swiftType == nil {
            reader.diagnostics.emit(
                Rules.missingKey, "\(what) needs 'swiftType', the Swift type it produces", at: name.location)
        }
        if declaration.json == nil, !entries.contains(where: { $0.key.value == "json" }) {
            reader.diagnostics.emit(
                Rules.missingKey,
                "\(what) needs 'json', the kind of JSON value it reads (\(JSONValueKind.allCases.map(\.rawValue).joined(separator: ", ")))",
                at: name.location)
        }
        return declaration
    }
}
