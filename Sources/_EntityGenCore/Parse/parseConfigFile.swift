import Yams

extension SchemaParser {
    /// Parses `entitygen-config.yaml`: unknown keys are reported, every value is located.
    mutating func parseConfigFile(_ root: Node) -> ProjectConfigDeclaration {
        var config = ProjectConfigDeclaration(path: file)
        guard let entries = reader.mapping(root, "the config file") else { return config }
        reader.checkKeys(entries, allowed: SchemaKeys.config, in: "the config file")
        for entry in entries {
            switch entry.key.value {
            case "accessLevel": config.accessLevel = reader.keyword(entry.value, "access level")
            case "keyConvention": config.keyConvention = reader.keyword(entry.value, "key convention")
            case "imports": config.imports = reader.stringList(entry.value, "import") ?? []
            case "backends":
                if case let .sequence(sequence) = entry.value {
                    config.backends = sequence.compactMap { reader.keyword($0, "storage backend") }
                } else {
                    config.backends = reader.keyword(entry.value, "storage backend", as: StorageBackendKind.self).map {
                        [$0]
                    }
                }
            case "outputs":
                if case let .sequence(sequence) = entry.value {
                    config.outputs = sequence.compactMap { reader.keyword($0, "output") }
                } else {
                    config.outputs = reader.keyword(entry.value, "output", as: OutputKind.self).map { [$0] }
                }
            default: break
            }
        }
        return config
    }
}
