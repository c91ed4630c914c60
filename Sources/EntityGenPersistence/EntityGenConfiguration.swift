import GRDB

/// Connection settings generated persistence code relies on.
public enum EntityGenConfiguration {
    /// `configuration` with foreign keys on (GRDB's default) and recursive triggers on, so that deleting a
    /// row also deletes, level after level, the rows it owns (nested objects without identity).
    public static func prepared(_ configuration: Configuration) -> Configuration {
        var configuration = configuration
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA recursive_triggers = ON")
        }
        return configuration
    }
}
