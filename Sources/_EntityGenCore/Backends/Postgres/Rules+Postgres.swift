extension Rules {
    static let postgresRules = [postgresIdentifierLength, postgresReservedWord]

    private static let postgresConfig = (
        "entitygen-config.yaml", "outputs: [models, mappers, persistence]\nbackends: [postgres]\n"
    )
    /// A recorded PostgreSQL history of one migration creating `tables` (JSON objects), so that an
    /// example that should be clean has nothing pending.
    private static func postgresHistory(_ tables: String...) -> (String, String) {
        (
            StorageBackendKind.postgres.historyFileName,
            #"{"format": 1, "migrations": [{"name": "entitygen-v1", "schema": {"tables": [\#(tables.joined(separator: ", "))]}}]}"#
                + "\n"
        )
    }
    /// A table of `bigint` identity `id` and more columns (JSON objects).
    private static func idTable(_ name: String, _ columns: String...) -> String {
        let id = #"{"name": "id", "type": "bigint", "notNull": true}"#
        return #"{"name": "\#(name)", "columns": [\#(([id] + columns).joined(separator: ", "))], "primaryKey": ["id"]}"#
    }

    /// PostgreSQL cuts longer identifiers silently, so the generated SQL would name something else.
    public static let postgresIdentifierLength = RuleDescription(
        id: "postgres-identifier-length",
        summary: "With the postgres backend on, table, column and index names fit PostgreSQL's 63-byte limit.",
        triggering: [
            RuleExample(files: [
                postgresConfig,
                (
                    "example.yaml",
                    "entities:\n  Pod:\n    identifiedBy: id\n    attributes:\n      id: Int\n      ↓\(String(repeating: "long", count: 16)): String\n"
                ),
            ])
        ],
        nonTriggering: [
            RuleExample(files: [
                postgresConfig,
                postgresHistory(
                    idTable(
                        "pod", #"{"name": "\#(String(repeating: "long", count: 15))", "type": "text", "notNull": true}"#
                    )),
                (
                    "example.yaml",
                    "entities:\n  Pod:\n    identifiedBy: id\n    attributes:\n      id: Int\n      \(String(repeating: "long", count: 15)): String\n"
                ),
            ])
        ]
    )

    /// Names every hand-written query must quote.
    public static let postgresReservedWord = RuleDescription(
        id: "postgres-reserved-word",
        severity: .warning,
        summary:
            "With the postgres backend on, table and column names are not PostgreSQL reserved words (generated SQL quotes them; your own queries would have to).",
        triggering: [
            RuleExample(files: [
                postgresConfig,
                ("example.yaml", "entities:\n  ↓Group:\n    identifiedBy: id\n    attributes:\n      id: Int\n"),
            ])
        ],
        nonTriggering: [
            RuleExample(files: [
                postgresConfig, postgresHistory(idTable("team")),
                ("example.yaml", "entities:\n  Team:\n    identifiedBy: id\n    attributes:\n      id: Int\n"),
            ])
        ]
    )
}
