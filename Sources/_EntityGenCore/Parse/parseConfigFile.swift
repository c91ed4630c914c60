import Yams

extension SchemaParser {
    /// Parses `entitygen-config.yaml`: unknown keys are reported, every value is located.
    mutating func parseConfigFile(_ root: Node) -> ProjectConfigDeclaration {
        var config = ProjectConfigDeclaration(path: file)
        guard let entries = reader.mapping(root, "the config file") else { return config }
        reader.checkKeys(
            entries, allowed: SchemaKeys.config, in: "the config file",
            elsewhere: (SchemaKeys.file, "a schema file (any other .yaml file the command or plugin reads)"))
        for entry in entries {
            switch SchemaKeys.Config(rawValue: entry.key.value) {
            case .accessLevel: config.accessLevel = reader.keyword(entry.value, "access level")
            case .keyConvention: config.keyConvention = reader.keyword(entry.value, "key convention")
            case .imports: config.imports = reader.stringList(entry.value, "import") ?? []
            case .backends: config.backends = reader.keywords(entry.value, "storage backend")
            case .outputs: config.outputs = reader.keywords(entry.value, "output")
            case .codable: config.codable = reader.bool(entry.value, "'codable'")
            case .discardStoredData:
                config.discardStoredData = reader.stringList(entry.value, "removed entity") ?? []
            case nil: break  // an unknown key: checkKeys reported it
            }
        }
        return config
    }
}
