import Yams

/// Parses one schema or config file into its declaration (the AST), reporting every problem of shape:
/// unknown keys (with suggestions), wrong kinds of values, malformed types and key paths.
///
/// Meaning (unknown types, collisions, inheritance...) is checked later by the validator, which sees all
/// files at once.
public struct SchemaParser {
    var reader: NodeReader

    /// The file's path.
    var file: String { reader.file }

    private init(file: String) {
        reader = NodeReader(file: file)
    }

    /// Parses a schema file. Returns `nil` only when the file has no usable YAML at all.
    public static func parseSchema(
        _ source: SourceFile, diagnostics: inout DiagnosticCollector
    ) -> SchemaFileDeclaration? {
        guard let root = YAMLDocumentLoader.load(source, diagnostics: &diagnostics) else {
            if !diagnostics.diagnostics.contains(where: { $0.location.file == source.path }) {
                diagnostics.emit(Rules.emptyFile, "schema file declares nothing", at: .startOf(source.path))
            }
            return nil
        }
        var parser = SchemaParser(file: source.path)
        let declaration = parser.parseSchemaFile(root)
        parser.reader.diagnostics.diagnostics.forEach { diagnostics.emit($0) }
        return declaration
    }

    /// Parses a project config file. An empty config file is fine: every setting has a default.
    public static func parseConfig(
        _ source: SourceFile, diagnostics: inout DiagnosticCollector
    ) -> ProjectConfigDeclaration? {
        let before = diagnostics.diagnostics.count
        guard let root = YAMLDocumentLoader.load(source, diagnostics: &diagnostics) else {
            return diagnostics.diagnostics.count == before ? ProjectConfigDeclaration(path: source.path) : nil
        }
        var parser = SchemaParser(file: source.path)
        let declaration = parser.parseConfigFile(root)
        parser.reader.diagnostics.diagnostics.forEach { diagnostics.emit($0) }
        return declaration
    }

    mutating func parseSchemaFile(_ root: Node) -> SchemaFileDeclaration {
        var declaration = SchemaFileDeclaration(path: file)
        guard let entries = reader.mapping(root, "a schema file") else { return declaration }
        // An OpenAPI document is no schema to list keys against: one error says what to do with it.
        if let openAPI = entries.first(where: { ["openapi", "swagger"].contains($0.key.value) }) {
            let name = file.split(separator: "/").last.map(String.init) ?? file
            let rename =
                SchemaInputs.neighbourFileNames.contains(name)
                ? "" : "; named openapi.yaml, it is left out of folders and the plugins' inputs"
            reader.diagnostics.emit(
                Rules.unknownKey,
                "this is an OpenAPI document ('\(openAPI.key.value)'), not a schema file: `entitygen infer \(file)` writes schemas from it\(rename)",
                at: openAPI.key.location)
            return declaration
        }
        reader.checkKeys(
            entries, allowed: SchemaKeys.file, in: "the schema file",
            elsewhere: (SchemaKeys.config, "entitygen-config.yaml, the project's settings beside the schemas"))
        if entries.isEmpty
            || !entries.contains(where: { ["entities", "enums", "transformers", "feeds"].contains($0.key.value) })
        {
            reader.diagnostics.emit(
                Rules.emptyFile, "schema file declares nothing (no 'entities', 'enums', 'transformers' or 'feeds')",
                at: reader.location(of: root))
        }
        for entry in entries {
            switch SchemaKeys.File(rawValue: entry.key.value) {
            case .keyConvention: declaration.keyConvention = reader.keyword(entry.value, "key convention")
            case .entities:
                declaration.entities = namedMappings(entry.value, "'entities'").compactMap {
                    parseEntity(name: $0.key, $0.value)
                }
            case .enums:
                declaration.enums = namedMappings(entry.value, "'enums'").compactMap {
                    parseEnum(name: $0.key, $0.value)
                }
            case .transformers:
                declaration.transformers = namedMappings(entry.value, "'transformers'").compactMap {
                    parseTransformer(name: $0.key, $0.value)
                }
            case .feeds:
                declaration.feeds = namedMappings(entry.value, "'feeds'").compactMap {
                    parseFeed(name: $0.key, $0.value)
                }
            case nil: break  // an unknown key: checkKeys reported it
            }
        }
        return declaration
    }

    /// The entries of a name -> declaration mapping (`entities:`, `attributes:`...).
    mutating func namedMappings(_ node: Node, _ what: String) -> [NodeReader.Entry] {
        if case let .scalar(scalar) = node, scalar.style == .plain, case .null = ValueNode.interpretPlain(scalar.string)
        {
            return []  // `attributes:` with nothing under it
        }
        return reader.mapping(node, what) ?? []
    }

    /// A type from text (`[String]?`), a one-element flow sequence (`[String]`) or a one-entry flow
    /// mapping (`{String: Int}`).
    mutating func typeExpression(_ node: Node, _ what: String) -> (Located<TypeExpression>, optional: Located<Bool>?)? {
        let location = reader.location(of: node)
        switch node {
        case let .sequence(sequence):
            guard reader.visit(node) else { return nil }
            guard sequence.count == 1, let element = typeExpression(sequence[0], what) else {
                if sequence.count != 1 {
                    reader.error(
                        Rules.invalidType, "\(what): an array type lists exactly one element type, e.g. [String]",
                        at: node)
                }
                return nil
            }
            guard element.optional?.value != true else {
                reader.error(
                    Rules.invalidType,
                    "\(what): array elements cannot be optional; use onInvalidElement: skip to drop bad elements",
                    at: node)
                return nil
            }
            return (Located(.array(element.0.value), at: location), nil)
        case let .mapping(mapping):
            guard reader.visit(node) else { return nil }
            guard mapping.count == 1, let (key, value) = mapping.first(where: { _ in true }) else {
                reader.error(Rules.invalidType, "\(what): a map type has one entry, e.g. {String: Int}", at: node)
                return nil
            }
            guard key.string == "String" else {
                reader.error(Rules.invalidType, "\(what): map keys must be String", at: key)
                return nil
            }
            guard let element = typeExpression(value, what) else { return nil }
            return (Located(.map(element.0.value), at: location), nil)
        default:
            guard let text = reader.string(node, what) else { return nil }
            switch TypeExpression.parse(text.value) {
            case let .success((type, optional)):
                return (Located(type, at: location), optional ? Located(true, at: location) : nil)
            case let .failure(failure):
                reader.diagnostics.emit(Rules.invalidType, "\(what): \(failure.message)", at: location)
                return nil
            }
        }
    }

    /// Reads `optional: true|false`, reporting `optional: false` on a type already written with `?`.
    mutating func readOptional(_ node: Node, into isOptional: inout Located<Bool>?, _ what: String) {
        guard let optional = reader.bool(node, "'optional'") else { return }
        if isOptional?.value == true, !optional.value {
            reader.diagnostics.emit(
                Rules.invalidValue, "\(what) is written optional ('?') but says optional: false", at: optional.location)
        }
        isOptional = optional
    }
}
