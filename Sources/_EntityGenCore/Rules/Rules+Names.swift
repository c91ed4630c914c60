extension Rules {
    static let nameRules = [invalidName, reservedName, duplicateDeclaration, nameCollision, unusedDeclaration]

    /// A name that cannot become a Swift identifier.
    public static let invalidName = RuleDescription(
        id: "invalid-name",
        summary:
            "Names start with a letter and hold letters, digits, '_' or '-'; JSON keys that are not names go in 'key:'.",
        triggering: [
            RuleExample("entities:\n  Pod:\n    attributes:\n      ↓\"+1\": Int\n"),
            RuleExample("entities:\n  ↓2fast:\n    attributes:\n      name: String\n"),
        ],
        nonTriggering: [
            RuleExample(
                "entities:\n  pod_spec:\n    attributes:\n      plusOne:\n        type: Int\n        key: '+1'\n      größe: Double?\n"
            )
        ]
    )

    /// A name Swift or the generated code reserves.
    public static let reservedName = RuleDescription(
        id: "reserved-name",
        summary:
            "Names that cannot be used even with backticks (self, Type), that shadow members every model has (hashValue, rowID), built-in type names, or types generated code declares (Attributes, Columns, EntityGenDatabase) are rejected with a suggestion; other keywords are escaped.",
        triggering: [
            RuleExample("entities:\n  Pod:\n    attributes:\n      ↓hashValue: Int\n"),
            RuleExample("entities:\n  ↓Date:\n    attributes:\n      day: Int\n"),
            RuleExample("entities:\n  Pod:\n    attributes:\n      ↓self: String\n"),
            RuleExample(
                "entities:\n  ↓Columns:\n    attributes:\n      name: String\n  ↓EntityGenDatabase:\n    attributes:\n      name: String\n"
            ),
            RuleExample(
                "entities:\n  Pod:\n    identifiedBy: name\n    attributes:\n      name: String\n      ↓rowID: String\n"
            ),
        ],
        nonTriggering: [
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      description: String\n      hash: String\n      class: String\n      default: Bool\n      protocol: String?\n      columns: Int\n      rowKey: String\n      postgresKey: Int?\n      rowKeys: [String]\n  Column:\n    attributes:\n      attributes: String\n"
            )
        ]
    )

    /// The same type name declared twice.
    public static let duplicateDeclaration = RuleDescription(
        id: "duplicate-declaration",
        summary: "Entity, enum, transformer and feed names are unique across all schema files.",
        triggering: [
            RuleExample(files: [
                ("a.yaml", "entities:\n  Pod:\n    attributes:\n      name: String\n"),
                ("b.yaml", "entities:\n  ↓Pod:\n    attributes:\n      title: String\n"),
            ])
        ],
        nonTriggering: [
            RuleExample(files: [
                ("a.yaml", "entities:\n  Pod:\n    attributes:\n      name: String\n"),
                ("b.yaml", "entities:\n  Spec:\n    attributes:\n      title: String\n"),
            ])
        ]
    )

    /// Two names that become the same Swift name.
    public static let nameCollision = RuleDescription(
        id: "name-collision",
        summary: "Names must stay distinct after Swift naming: file_url and fileUrl both become fileUrl.",
        triggering: [
            RuleExample("entities:\n  Pod:\n    attributes:\n      fileUrl: String\n      ↓file_url: String\n"),
            RuleExample(
                "entities:\n  Widget:\n    abstract: true\n    discriminator: serverType\n    attributes:\n      title: String\n  TextWidget:\n    extends: Widget\n    attributes:\n      ↓title: String\n"
            ),
            RuleExample(
                "entities:\n  Widget:\n    identifiedBy: serverId\n    attributes:\n      serverId: String\n      ↓id: Int\n"
            ),
        ],
        nonTriggering: [
            RuleExample(
                "entities:\n  Widget:\n    identifiedBy: id\n    attributes:\n      id: String\n      fileUrl: String\n      file_path: String\n"
            )
        ]
    )

    /// A declaration nothing uses.
    public static let unusedDeclaration = RuleDescription(
        id: "unused-declaration",
        severity: .warning,
        summary: "Enums and custom transformers should be used by some attribute.",
        triggering: [
            RuleExample(
                "enums:\n  ↓Platform:\n    cases: [ios, osx]\nentities:\n  Pod:\n    attributes:\n      name: String\n")
        ],
        nonTriggering: [
            RuleExample(
                "enums:\n  Platform:\n    cases: [ios, osx]\nentities:\n  Pod:\n    attributes:\n      platforms: [Platform]\n"
            )
        ]
    )
}
