/// Checks the meaning of all schema files together and produces the ``ResolvedSchema``.
///
/// Passes, in order: declare every named thing (duplicates, names), resolve inheritance (cycles,
/// families, discriminators), then each entity's members (types, transformers, defaults, constraints,
/// policies, relationships, identity, JSON keys), then enums and feeds, then unused declarations. Every
/// problem is a diagnostic; a pass skips what an earlier problem made meaningless rather than piling
/// follow-on errors on it.
public struct SchemaValidator {
    /// Findings so far.
    public internal(set) var diagnostics = DiagnosticCollector()

    let files: [SchemaFileDeclaration]
    let configDeclaration: ProjectConfigDeclaration?
    let config: ProjectConfig

    var entities: [String: EntityDeclaration] = [:]
    var entityFiles: [String: SchemaFileDeclaration] = [:]
    var enums: [String: EnumDeclaration] = [:]
    var transformers: [String: TransformerDeclaration] = [:]
    var feeds: [String: FeedDeclaration] = [:]
    /// Valid `extends` links of entities outside any cycle.
    var parents: [String: String] = [:]
    /// Entities whose `extends` chain is broken (unknown parent or cycle): their members are checked
    /// on their own, family checks are skipped.
    var brokenChains: Set<String> = []
    var usedEnums: Set<String> = []
    var usedTransformers: Set<String> = []
    var resolvedEntities: [String: ResolvedEntity] = [:]
    var ownMemberCache: [String: (attributes: [ResolvedAttribute], relationships: [ResolvedRelationship])] = [:]

    /// Validates parsed files (sorted by path for stable results) under an optional config.
    public static func validate(
        files: [SchemaFileDeclaration],
        config: ProjectConfigDeclaration?,
        diagnostics: inout DiagnosticCollector
    ) -> ResolvedSchema? {
        var validator = SchemaValidator(files: files.sorted { $0.path < $1.path }, config: config)
        let schema = validator.run()
        validator.diagnostics.diagnostics.forEach { diagnostics.emit($0) }
        return validator.diagnostics.hasErrors ? nil : schema
    }

    init(files: [SchemaFileDeclaration], config: ProjectConfigDeclaration?) {
        self.files = files
        self.configDeclaration = config
        self.config = ProjectConfig(config)
    }

    mutating func emit(_ rule: RuleDescription, _ message: String, at location: SourceLocation) {
        diagnostics.emit(rule, message, at: location)
    }

    mutating func run() -> ResolvedSchema {
        validateConfig()
        declareAll()
        resolveInheritance()
        for name in entities.keys.sorted() {
            if let resolved = resolveEntity(name) { resolvedEntities[name] = resolved }
        }
        validateFamilies()
        for name in resolvedEntities.keys.sorted() {
            validateRelationships(of: name)
            validateIdentity(of: name)
            validateJSONKeys(of: name)
            validatePush(of: name)
        }
        for name in enums.keys.sorted() { validateEnum(enums[name]!) }
        for name in feeds.keys.sorted() { validateFeed(feeds[name]!) }
        reportUnused()
        return ResolvedSchema(
            config: config,
            files: files,
            entities: resolvedEntities.values.sorted { $0.name < $1.name },
            enums: enums.values.sorted { $0.name.value < $1.name.value }.map(ResolvedEnum.init),
            transformers: transformers.values.sorted { $0.name.value < $1.name.value },
            feeds: feeds.values.sorted { $0.name.value < $1.name.value }.compactMap(ResolvedFeed.init)
        )
    }

    /// The key convention in force for an entity: its own, else its file's, else the project's.
    func keyConvention(for entity: EntityDeclaration) -> KeyConvention {
        if let own = entity.keyConvention { return own.value }
        if let file = entityFiles[entity.name.value]?.keyConvention { return file.value }
        return config.keyConvention
    }

    /// The entity's ancestors, nearest first (empty for roots and broken chains).
    func ancestors(of name: String) -> [String] {
        var chain: [String] = []
        var current = name
        while let parent = parents[current], !chain.contains(parent) {
            chain.append(parent)
            current = parent
        }
        return chain
    }

    /// The root of an entity's family.
    func root(of name: String) -> String {
        ancestors(of: name).last ?? name
    }

    private mutating func validateConfig() {
        guard let configDeclaration else { return }
        if let outputs = configDeclaration.outputs {
            var seen: Set<OutputKind> = []
            for output in outputs where !seen.insert(output.value).inserted {
                emit(Rules.invalidValue, "output '\(output.value.rawValue)' is listed twice", at: output.location)
            }
            if !seen.isEmpty, !seen.contains(.models), let first = outputs.first {
                emit(
                    Rules.invalidValue,
                    "outputs \(outputs.map(\.value.rawValue)) need 'models': mappers and persistence extend the model types",
                    at: first.location)
            }
        }
        for module in configDeclaration.imports
        where !module.value.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({
            SwiftNaming.isUsable(String($0)) && !$0.contains("-")
        }) {
            emit(Rules.invalidName, "'\(module.value)' is not a module name", at: module.location)
        }
    }
}
