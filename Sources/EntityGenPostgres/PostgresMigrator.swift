import PostgresNIO

/// One recorded migration as generated code declares it: its identifier and the statements it runs, in
/// order (PostgreSQL's dialect, printed by the generator from the recorded schema snapshots).
public struct PostgresMigration: Sendable, Hashable {
    /// The identifier recorded in `entitygen_migrations` (`entitygen-v1`).
    public let name: String
    /// What the migration does, as a fingerprint (the generated code's, computed like SQLite's): the
    /// database remembers it beside the name, so a migration that ran while it was pending and has
    /// changed since is refused before anything runs. `nil` checks nothing.
    public let fingerprint: String?
    /// The statements, in order.
    public let statements: [String]

    /// Creates a migration.
    public init(name: String, fingerprint: String? = nil, statements: [String]) {
        self.name = name
        self.fingerprint = fingerprint
        self.statements = statements
    }
}

/// Applies generated migrations to a PostgreSQL database, as GRDB's `DatabaseMigrator` does for
/// SQLite: each pending migration in its own transaction, recorded in the `entitygen_migrations` table
/// in the same transaction, so a failed migration leaves nothing behind. Several processes may start at
/// once (each instance of a server app): a transaction-scoped advisory lock makes them migrate one after
/// the other, and the later ones find nothing left to do.
public struct PostgresMigrator: Sendable {
    /// The migrations, in order.
    public let migrations: [PostgresMigration]

    /// Creates a migrator of `migrations` (the generated `EntityGenPostgresDatabase.migrations`).
    public init(_ migrations: [PostgresMigration]) {
        self.migrations = migrations
    }

    /// The table that records applied migrations.
    public static let recordTable = "entitygen_migrations"
    /// The advisory lock key serializing migrators (`'entitygen'` as 8 bytes).
    static let lockKey: Int64 = 0x656e_7469_7479_6765

    /// Applies the migrations not applied yet; returns their names. A database holding a migration this
    /// list does not know (written by a newer version of the app), or one whose fingerprint differs from
    /// the one it remembers (a pending migration that ran on a development database and changed since),
    /// is refused before anything runs. Migrations applied before fingerprints were remembered get the
    /// current ones.
    @discardableResult
    ///
    /// `timeouts` bounds the wait for a connection (a server that cannot be reached fails within
    /// `connect`) and, when it says so, each statement.
    public func migrate(
        _ client: PostgresClient, logger: Logger = Logger(label: "EntityGenPostgres"),
        timeouts: PostgresTimeouts = .migrating
    ) async throws -> [String] {
        var applied: [String] = []
        for migration in migrations {
            let ran = try await transaction(client, logger: logger, timeouts: timeouts) { connection in
                try await connection.execute(sql: "SELECT pg_advisory_xact_lock(\(Self.lockKey))", logger: logger)
                try await connection.execute(
                    sql:
                        "CREATE TABLE IF NOT EXISTS \"\(Self.recordTable)\" (\"name\" text PRIMARY KEY, \"appliedAt\" timestamptz NOT NULL DEFAULT now(), \"fingerprint\" text)",
                    logger: logger)
                // Tables created before fingerprints were remembered.
                try await connection.execute(
                    sql: "ALTER TABLE \"\(Self.recordTable)\" ADD COLUMN IF NOT EXISTS \"fingerprint\" text",
                    logger: logger)
                let recorded = try await Self.recorded(connection, logger: logger)
                try check(recorded)
                try await rememberMissingFingerprints(recorded, connection, logger: logger)
                guard recorded[migration.name] == nil else { return false }
                for statement in migration.statements {
                    do {
                        try await connection.execute(sql: statement, logger: logger)
                    } catch {
                        throw MigrationError(
                            migration: migration.name,
                            message: "\(PostgresFailure.message(error)) in: \(statement)")
                    }
                }
                try await connection.run(
                    "INSERT INTO \"entitygen_migrations\" (\"name\", \"fingerprint\") VALUES (\(migration.name), \(migration.fingerprint))",
                    logger: logger)
                return true
            }
            if ran { applied.append(migration.name) }
        }
        return applied
    }

    /// The names of the migrations the database has applied, in the order they were applied (each in its
    /// own transaction, recorded with its start time; `entitygen-v10` after `entitygen-v9`, which a sort
    /// by name would not give); empty for a new database.
    public static func appliedMigrations(
        _ client: PostgresClient, logger: Logger = Logger(label: "EntityGenPostgres"),
        timeouts: PostgresTimeouts = .migrating
    ) async throws -> [String] {
        do {
            return try await PostgresRoundTrip.withConnection(client, timeouts: timeouts) { connection in
                let exists = try await connection.rows(
                    "SELECT to_regclass(\(recordTable)) IS NOT NULL", of: Bool.self, logger: logger)
                guard exists.first?.first == true else { return [] }
                return try await connection.rows(
                    PostgresQuery(
                        unsafeSQL: "SELECT \"name\" FROM \"\(recordTable)\" ORDER BY \"appliedAt\", \"name\""),
                    of: String.self, logger: logger
                ).compactMap { $0.first ?? nil }
            }
        } catch let error as PostgresRoundTripError {
            throw MigrationError(migration: nil, message: error.message)
        }
    }

    /// The recorded migrations and the fingerprints remembered for them (`nil`: none).
    private static func recorded(
        _ connection: PostgresConnection, logger: Logger
    ) async throws -> [String: String?] {
        var recorded: [String: String?] = [:]
        for row in try await connection.rows(
            PostgresQuery(unsafeSQL: "SELECT \"name\", \"fingerprint\" FROM \"\(recordTable)\""), of: String.self,
            logger: logger)
        {
            if let name = row[0] { recorded[name] = row[1] }
        }
        return recorded
    }

    /// Refuses a database holding a migration this list does not know, or one that changed since it ran.
    private func check(_ recorded: [String: String?]) throws {
        let known = Set(migrations.map(\.name))
        if let unknown = recorded.keys.sorted().first(where: { !known.contains($0) }) {
            throw MigrationError(
                migration: unknown,
                message:
                    "the database holds migration '\(unknown)', which this app does not know (a newer version of it migrated the database)"
            )
        }
        for migration in migrations {
            guard let current = migration.fingerprint, case let .some(.some(ran)) = recorded[migration.name],
                ran != current
            else { continue }
            throw MigrationError(
                migration: migration.name,
                message:
                    "it ran on this database while it was pending (not recorded in entitygen-migrations.postgres.json) and has changed since (fingerprint \(ran), now \(current)); nothing was written. Drop this development database and migrate again; record migrations before shipping so this cannot happen to a production database"
            )
        }
    }

    /// Remembers the fingerprints of applied migrations recorded before fingerprints were.
    private func rememberMissingFingerprints(
        _ recorded: [String: String?], _ connection: PostgresConnection, logger: Logger
    ) async throws {
        for migration in migrations {
            guard let fingerprint = migration.fingerprint, case .some(.none) = recorded[migration.name] else {
                continue
            }
            try await connection.run(
                "UPDATE \"entitygen_migrations\" SET \"fingerprint\" = \(fingerprint) WHERE \"name\" = \(migration.name)",
                logger: logger)
        }
    }

    private func transaction<Result: Sendable>(
        _ client: PostgresClient, logger: Logger, timeouts: PostgresTimeouts,
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        do {
            return try await PostgresRoundTrip.withConnection(client, timeouts: timeouts) {
                try await $0.transaction(logger: logger, body)
            }
        } catch let error as MigrationError {
            throw error
        } catch {
            throw MigrationError(migration: nil, message: PostgresFailure.message(error))
        }
    }

    /// Why migrating failed: the migration (when one was running) and the server's message.
    public struct MigrationError: Error, CustomStringConvertible, Sendable {
        /// The migration that failed, if any.
        public var migration: String?
        /// What went wrong.
        public var message: String

        /// `migration 'entitygen-v2' failed: ...`.
        public var description: String {
            migration.map { "migration '\($0)' failed: \(message)" } ?? "migrating failed: \(message)"
        }
    }
}
