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
            db.add(collation: DecimalCollation.collation)
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
    ///
    /// `fingerprints` (the generated `migrationFingerprints`) are compared with those the database
    /// remembers of the migrations it ran: a migration whose code changed after it ran (a pending one,
    /// edited before it was recorded) is ``ChangedPendingMigrationError``, before anything is written.
    /// After migrating, the database remembers the fingerprints of the migrations it has run.
    ///
    /// With `migrator.eraseDatabaseOnSchemaChange`, the table holding the fingerprints is dropped before
    /// GRDB compares the database with what the migrations build (no migration creates it, so GRDB would
    /// otherwise erase the database at every launch) and written again after.
    ///
    /// With `checksIntegrity`, the file's structure is checked first (``checkIntegrity(_:)``): a damaged
    /// file is ``DatabaseIntegrityError`` before anything is read or written.
    public static func migrate(
        _ writer: some DatabaseWriter, with migrator: DatabaseMigrator, fingerprints: [String: String] = [:],
        checksIntegrity: Bool = false
    ) throws {
        if checksIntegrity { try checkIntegrity(writer) }
        let known = Set(migrator.migrations)
        // Read on the writer's connection, not a pool's reader: a reader connection opened before the
        // schema changes keeps SQLite's parsed schema of the old tables, so its next `SELECT *` is expanded
        // with the old columns and silently re-prepared, and GRDB's row no longer finds the new columns
        // ("column not found" on the first launch after an update that changed a table).
        let (applied, remembered) = try writer.writeWithoutTransaction { db -> ([String], [String: String]) in
            guard try db.tableExists("grdb_migrations") else { return ([], [:]) }
            let applied = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
            guard try db.tableExists(fingerprintTable) else { return (applied, [:]) }
            let rows = try Row.fetchAll(db, sql: "SELECT identifier, fingerprint FROM \(fingerprintTable)")
            return (applied, Dictionary(rows.map { ($0["identifier"], $0["fingerprint"]) }) { first, _ in first })
        }
        let unknown = applied.filter { !known.contains($0) }
        guard unknown.isEmpty else { throw UnknownMigrationsError(path: writer.path, unknown: unknown) }
        let changed = applied.first { name in
            guard let ran = remembered[name], let current = fingerprints[name] else { return false }
            return ran != current
        }
        if let changed, !migrator.eraseDatabaseOnSchemaChange {
            throw ChangedPendingMigrationError(path: writer.path, migration: changed)
        }
        if migrator.eraseDatabaseOnSchemaChange, !remembered.isEmpty {
            // GRDB erases a database whose tables differ from those its migrations build in a scratch
            // database, comparing every table but its own and SQLite's. No migration creates this one:
            // kept, it would erase the database at every launch. It is written again after migrating.
            try writer.write { db in try db.execute(sql: "DROP TABLE IF EXISTS \(fingerprintTable)") }
        }
        do {
            try migrator.migrate(writer)
        } catch {
            if migrator.eraseDatabaseOnSchemaChange {
                try? remember(remembered, in: writer, ranBy: migrator, alreadyRemembered: [:])
            }
            throw error
        }
        // With eraseDatabaseOnSchemaChange the table was dropped above: every fingerprint is written again.
        try remember(
            fingerprints, in: writer, ranBy: migrator,
            alreadyRemembered: migrator.eraseDatabaseOnSchemaChange ? [:] : remembered)
        // Reader connections the app opened before migrating (through its own reads of `writer`) hold the
        // old schema, as above: later reads use new connections.
        (writer as? DatabasePool)?.invalidateReadOnlyConnections()
    }

    /// Writes the fingerprints of the migrations `migrator` ran on `writer` that the database does not
    /// remember as they are (`alreadyRemembered`): a launch with nothing new writes nothing.
    private static func remember(
        _ fingerprints: [String: String], in writer: some DatabaseWriter, ranBy migrator: DatabaseMigrator,
        alreadyRemembered: [String: String]
    ) throws {
        guard !fingerprints.isEmpty else { return }
        let applied = try writer.writeWithoutTransaction { db in try migrator.appliedIdentifiers(db) }
        let changed = applied.compactMap { name -> (String, String)? in
            guard let fingerprint = fingerprints[name], alreadyRemembered[name] != fingerprint else { return nil }
            return (name, fingerprint)
        }
        guard !changed.isEmpty else { return }
        try writer.write { db in
            try db.execute(
                sql:
                    "CREATE TABLE IF NOT EXISTS \(fingerprintTable) (identifier TEXT PRIMARY KEY NOT NULL, fingerprint TEXT NOT NULL)"
            )
            for (name, fingerprint) in changed {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO \(fingerprintTable) (identifier, fingerprint) VALUES (?, ?)",
                    arguments: [name, fingerprint])
            }
        }
    }

    /// Where a database remembers the fingerprints of the generated migrations it ran.
    static let fingerprintTable = "entitygen_migration_fingerprints"
}

/// A development database that ran a pending migration which has changed since: migrating it would leave
/// its tables different from what the code expects (`table repo has no column named forksCount` at the
/// next import).
public struct ChangedPendingMigrationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The database file.
    public var path: String
    /// The migration that changed.
    public var migration: String

    /// Creates the error.
    public init(path: String, migration: String) {
        self.path = path
        self.migration = migration
    }

    /// What happened and what to do.
    public var description: String {
        "\(path): migration '\(migration)' ran on this database while it was pending (not recorded in entitygen-migrations.json) "
            + "and has changed since; nothing was written. Delete this development database, or open it with "
            + "eraseDatabaseOnSchemaChange: true; record migrations before shipping so this cannot happen to users."
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
