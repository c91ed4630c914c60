extension Rules {
    static let familyRules = [cyclicInheritance, invalidDiscriminator, discriminatorCollision]

    /// An entity that is its own ancestor.
    public static let cyclicInheritance = RuleDescription(
        id: "cyclic-inheritance",
        summary: "'extends' chains must end at a root entity.",
        triggering: [
            RuleExample(
                "entities:\n  A:\n    extends: ↓B\n    attributes:\n      x: Int\n  B:\n    extends: ↓A\n    attributes:\n      y: Int\n"
            )
        ],
        nonTriggering: [
            RuleExample(
                "entities:\n  A:\n    abstract: true\n    discriminator: kind\n    attributes:\n      x: Int\n  B:\n    extends: A\n    attributes:\n      y: Int\n"
            )
        ]
    )

    /// A polymorphic family without a usable discriminator.
    public static let invalidDiscriminator = RuleDescription(
        id: "invalid-discriminator",
        summary:
            "A family's root declares the discriminator key; members give values; entities outside a family use neither.",
        triggering: [
            RuleExample(
                "entities:\n  ↓Widget:\n    abstract: true\n    attributes:\n      serverId: String\n  TextWidget:\n    extends: Widget\n    attributes:\n      title: String\n"
            ),
            RuleExample("entities:\n  Pod:\n    discriminatorValue: ↓pod\n    attributes:\n      name: String\n"),
        ],
        nonTriggering: [
            RuleExample(
                "entities:\n  Widget:\n    abstract: true\n    discriminator: serverType\n    attributes:\n      serverId: String\n  TextWidget:\n    extends: Widget\n    discriminatorValue: text\n    attributes:\n      title: String\n"
            )
        ]
    )

    /// Two members of a family selected by the same value (caught at lint time, not at run time).
    public static let discriminatorCollision = RuleDescription(
        id: "discriminator-collision",
        summary: "Discriminator values are unique within a family (the default value is the entity's name).",
        triggering: [
            RuleExample(
                "entities:\n  Widget:\n    abstract: true\n    discriminator: serverType\n    attributes:\n      serverId: String\n  TextWidget:\n    extends: Widget\n    discriminatorValue: text\n    attributes:\n      title: String\n  LabelWidget:\n    extends: Widget\n    discriminatorValue: ↓text\n    attributes:\n      label: String\n"
            )
        ],
        nonTriggering: [
            RuleExample(
                "entities:\n  Widget:\n    abstract: true\n    discriminator: serverType\n    attributes:\n      serverId: String\n  TextWidget:\n    extends: Widget\n    attributes:\n      title: String\n  LabelWidget:\n    extends: Widget\n    attributes:\n      label: String\n"
            )
        ]
    )
}
