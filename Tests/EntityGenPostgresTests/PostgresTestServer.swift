import Foundation
import PostgresNIO
import Testing

/// The PostgreSQL server the tests run against (``PostgresServer``: the one `ENTITYGEN_POSTGRES` names,
/// as `.ci/run` sets it, or one this test process starts and stops). No mocks: without PostgreSQL
/// installed these tests fail and say how to install it.
enum PostgresTestServer {
    /// The server, started on first use; one this process started is stopped when it exits.
    static let server: Result<PostgresServer, PostgresServer.Unavailable> = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let result = Result { () throws(PostgresServer.Unavailable) in try PostgresServer.start(packageRoot: root) }
        if case let .success(server) = result, server.folder != nil {
            started = server
            atexit { PostgresTestServer.started?.stop() }
        }
        return result
    }()

    /// A server this process started, stopped at exit.
    nonisolated(unsafe) static var started: PostgresServer?

    /// Creates a database of its own for one test (tests run in parallel), runs `body` with a running
    /// client connected to it, then drops the database.
    static func withDatabase<Result: Sendable>(
        _ body: (PostgresClient) async throws -> Result
    ) async throws -> Result {
        let server = try server.get()
        let (host, port) = (server.host, server.port)
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try await withClient(host: host, port: port, database: "postgres") { admin in
            try await admin.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"))
        }
        do {
            let result = try await withClient(host: host, port: port, database: name, body)
            try await dropDatabase(name, host: host, port: port)
            return result
        } catch {
            try? await dropDatabase(name, host: host, port: port)
            throw error
        }
    }

    private static func dropDatabase(_ name: String, host: String, port: Int) async throws {
        try await withClient(host: host, port: port, database: "postgres") { admin in
            try await admin.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"))
        }
    }

    /// Runs `body` with a client whose `run()` goes on in a child task, cancelled afterwards.
    @discardableResult
    static func withClient<Result: Sendable>(
        host: String, port: Int, database: String, _ body: (PostgresClient) async throws -> Result
    ) async throws -> Result {
        let configuration = PostgresClient.Configuration(
            host: host, port: port, username: "postgres", password: nil, database: database, tls: .disable)
        let client = PostgresClient(configuration: configuration)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            return try await body(client)
        }
    }
}
