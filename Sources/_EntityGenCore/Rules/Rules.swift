/// The catalogue of lint rules. Each rule lives in the `Rules+Topic.swift` file of its topic; `all`
/// lists them for `entitygen lint --list-rules`, the README and the example tests.
public enum Rules {
    /// Every rule, sorted by id.
    public static let all: [RuleDescription] =
        (fileRules + nameRules + typeRules + mappingRules
        + relationshipRules + familyRules + feedRules + migrationRules
        + StorageBackendKind.allCases.flatMap(\.backend.rules)).sorted { $0.id < $1.id }

    /// The rule with an id, if any.
    public static func rule(id: String) -> RuleDescription? {
        all.first { $0.id == id }
    }
}
