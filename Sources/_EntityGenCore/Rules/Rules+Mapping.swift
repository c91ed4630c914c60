extension Rules {
    static let mappingRules = [invalidFailurePolicy, duplicateJSONKey, invalidIdentification, invalidExample]

    /// An `examples:` value that does not read, or does not read back what is written for it.
    public static let invalidExample = RuleDescription(
        id: "invalid-example",
        summary:
            "Each of `examples:` reads with the attribute's type and transformer (a custom transformer's: its JSON kind), and what is written for it reads back the same.",
        triggering: [
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      stars:\n        type: Int\n        examples: [12, ↓twelve]\n"
            ),
            RuleExample(
                "entities:\n  Tweet:\n    attributes:\n      createdAt:\n        type: Date\n        dateFormat: EEE MMM dd HH:mm:ss Z yyyy\n        examples: [↓'2014-03-07T07:00:00Z']\n"
            ),
            RuleExample(
                "transformers:\n  Money:\n    swiftType: Decimal\n    json: string\n    examples: [↓12.5]\nentities:\n  Item:\n    attributes:\n      price: {type: Decimal, transformer: Money}\n"
            ),
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      note:\n        type: String?\n        examples: [↓null]\n"),
        ],
        nonTriggering: [
            RuleExample(
                "transformers:\n  Money:\n    swiftType: Decimal\n    json: string\n    examples: ['12.50']\nentities:\n  Tweet:\n    attributes:\n      createdAt:\n        type: Date\n        dateFormat: EEE MMM dd HH:mm:ss Z yyyy\n        examples: ['Fri Mar 07 07:00:00 +0000 2014']\n      tags:\n        type: '[String]'\n        key: tags[].name\n        examples: [[{name: a}, {name: b, id: 2}], []]\n      price: {type: Decimal, transformer: Money}\n"
            )
        ]
    )

    /// A failure policy that cannot be carried out.
    public static let invalidFailurePolicy = RuleDescription(
        id: "invalid-failure-policy",
        summary:
            "onFailure: drop needs an optional value, onFailure: default needs a default, onInvalidElement needs an array, onMissingTarget a reference.",
        triggering: [
            RuleExample(
                "entities:\n  Person:\n    attributes:\n      height:\n        type: Double\n        onFailure: ↓drop\n"
            ),
            RuleExample(
                "entities:\n  Person:\n    attributes:\n      height:\n        type: Double\n        onFailure: ↓default\n"
            ),
            RuleExample(
                "entities:\n  Person:\n    attributes:\n      height:\n        type: Double\n        onInvalidElement: ↓skip\n"
            ),
        ],
        nonTriggering: [
            RuleExample(
                "entities:\n  Person:\n    attributes:\n      height:\n        type: Double?\n        onFailure: drop\n      weight:\n        type: Double\n        default: 0\n        onFailure: default\n      scores:\n        type: [Int]\n        onInvalidElement: skip\n"
            )
        ]
    )

    /// Two members reading the same JSON key, or one reading inside another's value.
    public static let duplicateJSONKey = RuleDescription(
        id: "duplicate-json-key",
        summary:
            "Each JSON key path is mapped once, and never inside another mapped path, so model -> JSON can write every value back.",
        triggering: [
            RuleExample(
                "entities:\n  Avatar:\n    attributes:\n      remoteId:\n        type: Int\n        key: id\n      legacyId:\n        type: Int\n        key: ↓id\n"
            ),
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      license: String\n      licenseType:\n        type: String\n        key: ↓license.type\n"
            ),
        ],
        nonTriggering: [
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      licenseType:\n        type: String\n        key: license.type\n      licenseFile:\n        type: String?\n        key: license.file\n"
            )
        ]
    )

    /// Identification attributes that cannot identify.
    public static let invalidIdentification = RuleDescription(
        id: "invalid-identification",
        summary: "identifiedBy names required scalar attributes of the entity (or its root), each once.",
        triggering: [
            RuleExample("entities:\n  Avatar:\n    identifiedBy: ↓remoteID\n    attributes:\n      remoteId: Int64\n"),
            RuleExample(
                "entities:\n  Pod:\n    identifiedBy: [name, ↓version]\n    attributes:\n      name: String\n      version: String?\n"
            ),
            RuleExample("entities:\n  Pod:\n    identifiedBy: ↓tags\n    attributes:\n      tags: [String]\n"),
            RuleExample(
                "entities:\n  Pod:\n    identifiedBy: id\n    attributes:\n      id:\n        type: Int\n        default: ↓0\n"
            ),
        ],
        nonTriggering: [
            RuleExample(
                "entities:\n  Pod:\n    identifiedBy: [name, version]\n    attributes:\n      name: String\n      version: String\n"
            )
        ]
    )
}
