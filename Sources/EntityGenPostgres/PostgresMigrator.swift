import PostgresNIO

/// One recorded migration as generated code declares it: its identifier and the statements it runs, in
/// order (PostgreSQL's dialect, printed by the generator from the recorded schema snapshots).
public struct PostgresMigration: Sendable, Hashable {
    /// The identifier recorded in `entitygen_migrations` (`entitygen-v1`).
    public let name: String
    /// The statements, in order.
    public let statements: [String]

    /// Creates a migration.
    public init(name: String, statements: [String]) {
        self.name = name
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
    /// list does not know (written by a newer version of the app) is refused before anything runs.
    @discardableResult
    public func migrate(
        _ client: PostgresClient, logger: Logger = Logger(label: "EntityGenPostgres")
    ) async throws -> [String] {
        var applied: [String] = []
        for migration in migrations {
            let ran = try await transaction(client, logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(Self.lockKey))", logger: logger)
                try await connection.query(
                    PostgresQuery(
                        unsafeSQL:
                            "CREATE TABLE IF NOT EXISTS \"\(Self.recordTable)\" (\"name\" text PRIMARY KEY, \"appliedAt\" timestamptz NOT NULL DEFAULT now())"
                    ), logger: logger)
                let known = Set(migrations.map(\.name))
                var recorded: [String] = []
                for try await name in try await connection.query(
                    PostgresQuery(unsafeSQL: "SELECT \"name\" FROM \"\(Self.recordTable)\""), logger: logger
                ).decode(String.self) {
                    recorded.append(name)
                }
                if let unknown = recorded.sorted().first(where: { !known.contains($0) }) {
                    throw MigrationError(
                        migration: unknown,
                        message:
                            "the database holds migration '\(unknown)', which this app does not know (a newer version of it migrated the database)"
                    )
                }
                guard !recorded.contains(migration.name) else { return false }
                for statement in migration.statements {
                    do {
                        try await connection.execute(sql: statement, logger: logger)
                    } catch {
                        throw MigrationError(
                            migration: migration.name,
                            message: "\(PostgresFailure.message(error)) in: \(statement)")
                    }
                }
                try await connection.query(
                    "INSERT INTO \"entitygen_migrations\" (\"name\") VALUES (\(migration.name))", logger: logger)
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
        _ client: PostgresClient, logger: Logger = Logger(label: "EntityGenPostgres")
    ) async throws -> [String] {
        let exists = try await client.query(
            "SELECT to_regclass(\(recordTable)) IS NOT NULL", logger: logger
        ).decode(Bool.self)
        var found = false
        for try await value in exists { found = value }
        guard found else { return [] }
        var names: [String] = []
        for try await name in try await client.query(
            PostgresQuery(unsafeSQL: "SELECT \"name\" FROM \"\(recordTable)\" ORDER BY \"appliedAt\", \"name\""),
            logger: logger
        ).decode(String.self) {
            names.append(name)
        }
        return names
    }

    private func transaction<Result: Sendable>(
        _ client: PostgresClient, logger: Logger,
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        do {
            return try await client.withTransaction(logger: logger) { connection in try await body(connection) }
        } catch let error as MigrationError {
            throw error
        } catch let error as PostgresTransactionError {
            if let failure = error.closureError as? MigrationError { throw failure }
            throw MigrationError(migration: nil, message: PostgresFailure.message(error))
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
