extension Rules {
    static let relationshipRules = [unknownEntity, invalidInverse, invalidReference, unstoredRelationship]

    /// A reference to an entity that does not exist.
    public static let unknownEntity = RuleDescription(
        id: "unknown-entity",
        summary: "Relationship targets, parents ('extends') and feed entities must be declared entities.",
        triggering: [
            RuleExample(
                "entities:\n  Group:\n    attributes:\n      name: String\n    relationships:\n      avatar: ↓Avatr?\n  Avatar:\n    attributes:\n      url: URL\n"
            ),
            RuleExample("entities:\n  TextWidget:\n    extends: ↓Widget\n    attributes:\n      title: String\n"),
        ],
        nonTriggering: [
            RuleExample(
                "entities:\n  Group:\n    attributes:\n      name: String\n    relationships:\n      avatar: Avatar?\n  Avatar:\n    attributes:\n      url: URL\n"
            )
        ]
    )

    /// An inverse that does not point back.
    public static let invalidInverse = RuleDescription(
        id: "invalid-inverse",
        summary:
            "An inverse names a relationship of the target that targets this entity and, if it names an inverse, names this one.",
        triggering: [
            RuleExample(
                "entities:\n  Group:\n    attributes:\n      name: String\n    relationships:\n      members:\n        to: [Person]\n        inverse: ↓groop\n  Person:\n    attributes:\n      name: String\n    relationships:\n      group: Group?\n"
            ),
            RuleExample(
                "entities:\n  Group:\n    attributes:\n      name: String\n    relationships:\n      members:\n        to: [Person]\n        inverse: ↓friend\n  Person:\n    attributes:\n      name: String\n    relationships:\n      friend: Person?\n"
            ),
        ],
        nonTriggering: [
            RuleExample(
                "entities:\n  Group:\n    attributes:\n      name: String\n    relationships:\n      members:\n        to: [Person]\n        inverse: group\n        deleteRule: cascade\n  Person:\n    attributes:\n      name: String\n    relationships:\n      group:\n        to: Group?\n        inverse: members\n"
            )
        ]
    )

    /// A reference that cannot find its target by a unique value.
    public static let invalidReference = RuleDescription(
        id: "invalid-reference",
        summary:
            "A reference holds the target's single identification attribute; the target must declare identifiedBy.",
        triggering: [
            RuleExample(
                "entities:\n  TextWidget:\n    identifiedBy: serverId\n    attributes:\n      serverId: String\n      title: String\n  ImageWidget:\n    attributes:\n      url: URL\n    relationships:\n      textWidget:\n        to: TextWidget?\n        key: textWidgetId\n        reference: ↓title\n"
            ),
            RuleExample(
                "entities:\n  Pod:\n    identifiedBy: [name, version]\n    attributes:\n      name: String\n      version: String\n  Mirror:\n    attributes:\n      url: URL\n    relationships:\n      pod:\n        to: Pod\n        reference: ↓true\n"
            ),
        ],
        nonTriggering: [
            RuleExample(
                "entities:\n  TextWidget:\n    identifiedBy: serverId\n    attributes:\n      serverId: String\n      title: String\n  ImageWidget:\n    attributes:\n      url: URL\n    relationships:\n      textWidget:\n        to: TextWidget?\n        key: textWidgetId\n        reference: serverId\n        onMissingTarget: drop\n"
            )
        ]
    )

    /// A relationship persistence would drop: its target is a family, whose members have a table each.
    public static let unstoredRelationship = RuleDescription(
        id: "unstored-relationship",
        summary:
            "With persistence on, a relationship targets a concrete entity: a family's members are stored in a table each, so a relationship to the family itself could not be stored or read back.",
        triggering: [
            RuleExample(files: [
                ("entitygen-config.yaml", "outputs: [models, mappers, persistence]\n"),
                (
                    "example.yaml",
                    "entities:\n  Gadget:\n    identifiedBy: id\n    attributes:\n      id: Int\n    relationships:\n      parts: ↓[Part]\n  Part:\n    abstract: true\n    discriminator: kind\n    identifiedBy: serial\n    attributes:\n      serial: String\n  Screw:\n    extends: Part\n    attributes:\n      length: Double\n"
                ),
            ])
        ],
        nonTriggering: [
            // Without persistence the family maps as one value, and nothing is stored.
            RuleExample(
                "entities:\n  Gadget:\n    identifiedBy: id\n    attributes:\n      id: Int\n    relationships:\n      parts: [Part]\n  Part:\n    abstract: true\n    discriminator: kind\n    identifiedBy: serial\n    attributes:\n      serial: String\n  Screw:\n    extends: Part\n    attributes:\n      length: Double\n"
            )
        ]
    )
}
