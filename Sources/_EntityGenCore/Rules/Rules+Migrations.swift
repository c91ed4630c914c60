extension Rules {
    static let migrationRules = [unmigratableChange, unrecordedMigration, invalidMigrationHistory]

    private static let persistenceConfig = ("entitygen-config.yaml", "outputs: [models, mappers, persistence]\n")
    private static func history(_ tables: String...) -> (String, String) {
        let migrations = tables.enumerated().map {
            #"{"name": "entitygen-v\#($0.offset + 1)", "schema": {"tables": [\#($0.element)]}}"#
        }
        return (
            MigrationHistory.fileName, #"{"format": 1, "migrations": [\#(migrations.joined(separator: ", "))]}"# + "\n"
        )
    }
    private static let podName = #"{"name": "name", "type": "text", "notNull": true}"#
    private static func podTable(_ columns: String...) -> String {
        #"{"name": "pod", "columns": [\#(([podName] + columns).joined(separator: ", "))], "primaryKey": ["name"]}"#
    }

    /// A schema change existing databases cannot follow without someone deciding what stored rows become.
    public static let unmigratableChange = RuleDescription(
        id: "unmigratable-change",
        summary:
            "Since the last recorded migration, no column changes type or becomes required, no new required column lacks a default, and no table changes its identification attributes.",
        triggering: [
            RuleExample(files: [
                persistenceConfig, history(podTable()),
                (
                    "example.yaml",
                    "entities:\n  Pod:\n    identifiedBy: name\n    attributes:\n      name: String\n      ↓downloads: Int\n"
                ),
            ]),
            RuleExample(files: [
                persistenceConfig, history(podTable(#"{"name": "downloads", "type": "integer", "notNull": false}"#)),
                (
                    "example.yaml",
                    "entities:\n  Pod:\n    identifiedBy: name\n    attributes:\n      name: String\n      ↓downloads: String?\n"
                ),
            ]),
            RuleExample(files: [
                persistenceConfig, history(podTable(#"{"name": "version", "type": "text", "notNull": true}"#)),
                (
                    "example.yaml",
                    "entities:\n  ↓Pod:\n    identifiedBy: [name, version]\n    attributes:\n      name: String\n      version: String\n"
                ),
            ]),
        ],
        nonTriggering: [
            RuleExample(files: [
                persistenceConfig,
                history(
                    podTable(),
                    podTable(#"{"name": "downloads", "type": "integer", "notNull": true, "defaultSQL": "0"}"#)),
                (
                    "example.yaml",
                    "entities:\n  Pod:\n    identifiedBy: name\n    attributes:\n      name: String\n      downloads:\n        type: Int\n        default: 0\n"
                ),
            ])
        ]
    )

    /// Generated migrations that are not in the history yet: they would change if the schema changed again.
    public static let unrecordedMigration = RuleDescription(
        id: "unrecorded-migration",
        severity: .warning,
        summary:
            "Persistence code is generated from recorded migrations: record the next one (entitygen generate records it) before shipping, or a later schema change would rewrite it.",
        triggering: [
            RuleExample(files: [
                ("entitygen-config.yaml", "↓outputs: [models, mappers, persistence]\n"),
                ("example.yaml", "entities:\n  Pod:\n    identifiedBy: name\n    attributes:\n      name: String\n"),
            ]),
            RuleExample(files: [
                ("entitygen-config.yaml", "↓outputs: [models, mappers, persistence]\n"), history(podTable()),
                (
                    "example.yaml",
                    "entities:\n  Pod:\n    identifiedBy: name\n    attributes:\n      name: String\n      summary: String?\n"
                ),
            ]),
        ],
        nonTriggering: [
            RuleExample(files: [
                persistenceConfig, history(podTable()),
                ("example.yaml", "entities:\n  Pod:\n    identifiedBy: name\n    attributes:\n      name: String\n"),
            ])
        ]
    )

    /// A migration history that cannot be read, or whose recorded steps cannot be generated.
    public static let invalidMigrationHistory = RuleDescription(
        id: "invalid-migration-history",
        summary:
            "entitygen-migrations.json is valid JSON in the recorded format, each migration named once, each step one that migrates automatically.",
        triggering: [
            RuleExample(files: [
                persistenceConfig,
                (MigrationHistory.fileName, "↓{\"format\": 1, \"migrations\": [{\"name\": \"entitygen-v1\"}]}\n"),
                ("example.yaml", "entities:\n  Pod:\n    identifiedBy: name\n    attributes:\n      name: String\n"),
            ]),
            RuleExample(files: [
                // Not JSON (a hand edit's trailing comma): reported where it breaks.
                persistenceConfig, (MigrationHistory.fileName, "{\"format\": 1, \"migrations\": [{},↓]}\n"),
                ("example.yaml", "entities:\n  Pod:\n    identifiedBy: name\n    attributes:\n      name: String\n"),
            ]),
        ],
        nonTriggering: [
            RuleExample(files: [
                persistenceConfig, history(podTable()),
                ("example.yaml", "entities:\n  Pod:\n    identifiedBy: name\n    attributes:\n      name: String\n"),
            ])
        ]
    )
}
