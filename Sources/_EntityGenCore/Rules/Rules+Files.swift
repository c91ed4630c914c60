extension Rules {
    static let fileRules = [
        yamlSyntax, duplicateKey, fileEncoding, unreadableFile, yamlLimits, emptyFile, unknownKey, invalidValue,
        missingKey, invalidType, invalidKeyPath,
    ]

    /// YAML that libyaml cannot parse.
    public static let yamlSyntax = RuleDescription(
        id: "yaml-syntax",
        summary: "The file must be well-formed YAML holding one document.",
        triggering: [
            RuleExample("entities:\n  Pod:\n    attributes: {name: String\n↓"),
            RuleExample("entities:\n  Pod:\n    attributes:\n      name: String\n  ↓- oops\n"),
        ],
        nonTriggering: [RuleExample("entities:\n  Pod:\n    attributes: {name: String}\n")]
    )

    /// A mapping that repeats a key; YAML forbids it and the second value would silently win.
    public static let duplicateKey = RuleDescription(
        id: "duplicate-key",
        summary: "A YAML mapping must not repeat a key.",
        triggering: [RuleExample("entities:\n  Pod:\n    attributes:\n      ↓name: String\n      name: Int\n")],
        nonTriggering: [RuleExample("entities:\n  Pod:\n    attributes:\n      name: String\n      version: String\n")]
    )

    /// Bytes that are not UTF-8 text.
    public static let fileEncoding = RuleDescription(
        id: "file-encoding",
        summary: "Schema files must be UTF-8 text without NUL or other control characters.",
        triggering: [RuleExample("entities:\n  Pod:\n    attributes:\n      name: ↓\u{0}String\n")],
        nonTriggering: [
            RuleExample(
                "entities:\n  Pod:\n    description: Спецификация «пода» 🚀\n    attributes:\n      name: String\n")
        ]
    )

    /// A file that cannot be read (permissions, an I/O error, too large).
    public static let unreadableFile = RuleDescription(
        id: "unreadable-file",
        summary: "Every schema, config and migration history file must be readable.",
        withoutExamplesBecause:
            "no file text makes a file unreadable; Test_LintCommand lints /proc/self/mem, which no one can read")

    /// Inputs past the loader's limits (nesting, alias expansion).
    public static let yamlLimits = RuleDescription(
        id: "yaml-limits",
        summary:
            "A schema must stay within the loader's limits: 1,000 nesting levels and 250,000 nodes with aliases expanded.",
        triggering: [
            RuleExample(
                """
                entities:
                  Pod:
                    attributes:
                      name:
                        type: String
                        oneOf:
                        - &a [x, x, x, x, x, x, ↓x, x, x, x]
                        - &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
                        - &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
                        - &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
                        - &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
                        - &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]

                """),
            RuleExample(
                "entities: [↓" + String(repeating: "[", count: 1_999) + String(repeating: "]", count: 2_000) + "\n"),
        ],
        nonTriggering: [
            RuleExample("entities:\n  Pod:\n    attributes:\n      name: &text {type: String}\n      summary: *text\n")
        ]
    )

    /// A file that declares nothing.
    public static let emptyFile = RuleDescription(
        id: "empty-file",
        severity: .warning,
        summary: "A schema file should declare at least one entity, enum, transformer or feed.",
        triggering: [RuleExample("↓# nothing here yet\n"), RuleExample("↓keyConvention: snake_case\n")],
        nonTriggering: [
            RuleExample(
                "enums:\n  Platform:\n    cases: [ios, osx]\nentities:\n  Pod:\n    attributes:\n      platform: Platform\n"
            )
        ]
    )

    /// A key the format does not have, usually a typo.
    public static let unknownKey = RuleDescription(
        id: "unknown-key",
        summary:
            "Every key must be one the schema format defines, in the file it belongs to; misspellings get a suggestion.",
        triggering: [
            RuleExample("entities:\n  Pod:\n    ↓attributs:\n      name: String\n"),
            // A project setting in a schema file, and a schema key in the config: each is told where it goes.
            RuleExample("↓outputs: [models]\nentities:\n  Pod:\n    attributes:\n      name: String\n"),
            RuleExample(files: [("entitygen-config.yaml", "↓entities: {}\n")]),
            // An OpenAPI document read as a schema: one error, pointing at `entitygen infer`.
            RuleExample(files: [("api.yaml", "↓openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths: {}\n")]),
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      name:\n        type: String\n        ↓fallbackKey: title\n"),
            RuleExample(files: [("entitygen-config.yaml", "↓access: public\n")]),
        ],
        nonTriggering: [
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      name:\n        type: String\n        fallbackKeys: [title]\n"
            )
        ]
    )

    /// A value of the wrong kind, or a word outside a closed set.
    public static let invalidValue = RuleDescription(
        id: "invalid-value",
        summary: "Each key takes a value of a set kind (text, true/false, a mapping) or one of a set of words.",
        triggering: [
            RuleExample("entities:\n  Pod:\n    abstract: ↓maybe\n    attributes:\n      name: String\n"),
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      name:\n        type: String?\n        onFailure: ↓ignore\n"),
            RuleExample(files: [("entitygen-config.yaml", "accessLevel: ↓open\n")]),
        ],
        nonTriggering: [
            RuleExample(files: [
                (
                    "entitygen-config.yaml",
                    "accessLevel: public\noutputs: [models, mappers]\nkeyConvention: snake_case\n"
                )
            ])
        ]
    )

    /// A declaration missing a key it cannot do without.
    public static let missingKey = RuleDescription(
        id: "missing-key",
        summary:
            "Attributes need a type, relationships a target, enums cases, transformers a Swift type and JSON kind.",
        triggering: [
            RuleExample("entities:\n  Pod:\n    attributes:\n      ↓name:\n        key: pod_name\n"),
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      name: String\n    relationships:\n      ↓owner:\n        key: owner_id\n"
            ),
        ],
        nonTriggering: [
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      name:\n        type: String\n        key: pod_name\n")
        ]
    )

    /// A type that does not parse.
    public static let invalidType = RuleDescription(
        id: "invalid-type",
        summary: "Types are a name, [Element], [String: Value] or {String: Value}, optionally ending in '?'.",
        triggering: [
            RuleExample("entities:\n  Pod:\n    attributes:\n      tags: ↓\"[String\"\n"),
            RuleExample("entities:\n  Pod:\n    attributes:\n      counts: ↓\"[Int: String]\"\n"),
        ],
        nonTriggering: [
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      tags: [String]\n      counts: {String: Int}\n      scores: \"[String: [Double]]?\"\n"
            )
        ]
    )

    /// A key path with an empty key or a bad escape.
    public static let invalidKeyPath = RuleDescription(
        id: "invalid-key-path",
        summary:
            "Key paths separate keys with '.', escape a literal dot as '\\.', have no empty key, pluck with '[].' only in an attribute's key (of an array type), and write keys with brackets as a list.",
        triggering: [
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      licenseType:\n        type: String\n        key: ↓license..type\n"
            ),
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      licenseType:\n        type: String\n        key: ↓'license\\type'\n"
            ),
            RuleExample(
                "entities:\n  Tweet:\n    attributes:\n      hashtags:\n        type: String\n        key: ↓'entities.hashtags[].text'\n"
            ),
            RuleExample(
                "entities:\n  Tweet:\n    attributes:\n      hashtags:\n        type: '[String]'\n        key: ↓'entities.hashtags[]'\n"
            ),
            RuleExample(
                "entities:\n  Tweet:\n    attributes:\n      text: String\n    relationships:\n      author:\n        to: User\n        key: ↓'users[].author'\n  User:\n    attributes:\n      name: String\n"
            ),
        ],
        nonTriggering: [
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      licenseType:\n        type: String\n        key: license.type\n      plusOne:\n        type: Int\n        key: '+1'\n      dotted:\n        type: String\n        key: 'a\\.b'\n      atId:\n        type: String\n        key: [\"@id\"]\n      tags:\n        type: String\n        key: [\"tags[]\"]\n      hashtags:\n        type: '[String]?'\n        key: entities.hashtags[].text\n"
            )
        ]
    )
}
