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

extension EntityGenConfiguration {
    /// Runs `migrator` on `writer` (what the generated `openDatabase` does), after checking that the
    /// database holds no migration `migrator` does not know: such a database was migrated by a newer
    /// version of the app, and writing into it with older code could lose or corrupt data.
    ///
    /// - Throws: ``UnknownMigrationsError`` naming the unknown migrations, before anything is written;
    ///   or the migration's own error.
    public static func migrate(_ writer: some DatabaseWriter, with migrator: DatabaseMigrator) throws {
        let known = Set(migrator.migrations)
        let applied = try writer.read { db -> [String] in
            guard try db.tableExists("grdb_migrations") else { return [] }
            return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
        }
        let unknown = applied.filter { !known.contains($0) }
        guard unknown.isEmpty else { throw UnknownMigrationsError(path: writer.path, unknown: unknown) }
        try migrator.migrate(writer)
    }
}

/// A database migrated by a newer version of the app: it holds migrations this code does not know.
public struct UnknownMigrationsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The database file.
    public var path: String
    /// The migrations it holds that this code does not register, sorted.
    public var unknown: [String]

    /// Creates the error.
    public init(path: String, unknown: [String]) {
        self.path = path
        self.unknown = unknown
    }

    /// What happened and what to do.
    public var description: String {
        "\(path): the database holds migrations this version does not know (\(unknown.joined(separator: ", "))): "
            + "it was migrated by a newer version of the app; nothing was written. Open it with that version, "
            + "or start from a fresh database."
    }
}
