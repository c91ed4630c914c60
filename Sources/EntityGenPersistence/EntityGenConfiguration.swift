import GRDB

/// Connection settings generated persistence code relies on.
public enum EntityGenConfiguration {
    /// How long a write waits for another connection's write (another process, a second importer)
    /// before failing with `SQLITE_BUSY`, when the configuration names no busy mode of its own.
    public static let defaultBusyTimeout: Double = 10

    /// `configuration` with foreign keys on (GRDB's default), recursive triggers on, so that deleting a
    /// row also deletes, level after level, the rows it owns (nested objects without identity), and,
    /// unless the configuration sets one, a busy timeout of ``defaultBusyTimeout`` seconds: GRDB's default
    /// (`immediateError`) makes a second writer fail at once, even though imports hold the write lock only
    /// for one page's transaction.
    public static func prepared(_ configuration: Configuration) -> Configuration {
        var configuration = configuration
        configuration.foreignKeysEnabled = true
        if case .immediateError = configuration.busyMode {
            configuration.busyMode = .timeout(defaultBusyTimeout)
        }
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA recursive_triggers = ON")
        }
        return configuration
    }
}
