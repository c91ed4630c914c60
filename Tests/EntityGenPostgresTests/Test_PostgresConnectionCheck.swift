import EntityGenPostgres
import PostgresNIO
import Testing

/// What ``PostgresConnectionCheck`` says about settings that cannot work, where the client's pool says
/// only that no connection came (issue 37, item 12).
@Suite struct Test_PostgresConnectionCheck {
    static func configuration(port: Int, database: String) throws -> PostgresConnection.Configuration {
        PostgresConnection.Configuration(
            host: "127.0.0.1", port: port, username: "postgres", password: nil, database: database, tls: .disable)
    }

    @Test func saysThatNothingListens() async throws {
        let closed = try LoopbackServer(pages: [:])
        closed.stop()
        let error = await #expect(throws: PostgresConnectionCheck.Failure.self) {
            try await PostgresConnectionCheck.check(try Self.configuration(port: Int(closed.port), database: "app"))
        }
        let message = error?.message ?? ""
        #expect(message.hasPrefix("postgres@127.0.0.1:\(closed.port)/app: "), "\(message)")
        #expect(message.lowercased().contains("refused"), "\(message)")
    }

    @Test func saysThatTheDatabaseDoesNotExistAndPassesWhatWorks() async throws {
        let server = try PostgresTestServer.server.get()
        let error = await #expect(throws: PostgresConnectionCheck.Failure.self) {
            try await PostgresConnectionCheck.check(try Self.configuration(port: server.port, database: "no_such_db"))
        }
        let message = error?.message ?? ""
        #expect(message.contains("\"no_such_db\" does not exist"), "\(message)")
        #expect(message.contains("SQLSTATE 3D000"), "\(message)")
        try await PostgresConnectionCheck.check(try Self.configuration(port: server.port, database: "postgres"))
    }
}
