import PostgresNIO

/// Why a PostgreSQL server cannot be used, in words: a refused or unreachable address, rejected
/// credentials, a missing database.
///
/// A `PostgresClient` that cannot connect does not say why (its pool keeps the reason to itself and
/// logs it at level `info`; postgres-nio issues #489 and #602), so the importer's error after
/// ``PostgresTimeouts/connect`` can only say that no connection came. An app that has its connection
/// settings checks them with ``check(_:timeout:logger:)``, at start or when that error arrives.
public enum PostgresConnectionCheck {
    /// Connects once with `configuration` (the settings the app gives its `PostgresClient`), then closes
    /// the connection.
    ///
    /// - Throws: ``Failure`` saying what went wrong: the server's message and SQLSTATE for rejected
    ///   credentials (28P01) or a missing database (3D000), the system's for a refused or unreachable
    ///   address, or that nothing answered within `timeout`.
    public static func check(
        _ configuration: PostgresConnection.Configuration, timeout: Duration = .seconds(10),
        logger: Logger = Logger(label: "EntityGenPostgres")
    ) async throws {
        let address = endpoint(configuration)
        let connection: PostgresConnection
        do {
            connection = try await PostgresRoundTrip.within(
                timeout, failing: PostgresRoundTripError(noAnswerWithin: PostgresTimeouts.describe(timeout))
            ) {
                try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            }
        } catch let error as PostgresRoundTripError {
            throw Failure(message: "\(address): \(error.message)")
        } catch {
            throw Failure(message: "\(address): \(PostgresFailure.message(error))")
        }
        try? await connection.close()
    }

    /// What ``check(_:timeout:logger:)`` found.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// The address and what went wrong.
        public var message: String
        /// The message.
        public var description: String { message }
    }

    /// `postgres@127.0.0.1:5432/app`: who connects where, to which database.
    static func endpoint(_ configuration: PostgresConnection.Configuration) -> String {
        let address: String
        if let host = configuration.host {
            address = "\(host):\(configuration.port ?? 5432)"
        } else {
            address = configuration.unixSocketPath ?? "?"
        }
        return "\(configuration.username)@\(address)/\(configuration.database ?? configuration.username)"
    }
}
