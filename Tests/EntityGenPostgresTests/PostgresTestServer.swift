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

    /// PgBouncer in transaction pooling mode in front of ``server``, started on first use; it stops once
    /// this process is gone.
    static let pooler: Result<(host: String, port: Int), PostgresServer.Unavailable> = {
        Result { () throws(PostgresServer.Unavailable) in try server.get().startPooler() }
    }()

    /// ``withDatabase(_:)`` with a second client, connected to the same database through ``pooler``.
    static func withPooledDatabase<Result: Sendable>(
        _ body: (_ direct: PostgresClient, _ pooled: PostgresClient) async throws -> Result
    ) async throws -> Result {
        let pooler = try pooler.get()
        return try await withDatabase { direct in
            var database = ""
            for try await name in try await direct.query("SELECT current_database()").decode(String.self) {
                database = name
            }
            return try await withClient(host: pooler.host, port: pooler.port, database: database) { pooled in
                try await body(direct, pooled)
            }
        }
    }

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

    /// Runs `body` with a client whose `run()` goes on in a task of its own, cancelled afterwards.
    ///
    /// postgres-nio's `run()` returns once every leased connection is given back. A lease never given
    /// back (a statement left waiting on a connection that closed) would hang the whole test process
    /// (seen once, under load, with no connection left on the server); it fails the test instead, with
    /// the database's name, after ``stopLimit``.
    @discardableResult
    static func withClient<Result: Sendable>(
        host: String, port: Int, database: String, _ body: (PostgresClient) async throws -> Result
    ) async throws -> Result {
        let configuration = PostgresClient.Configuration(
            host: host, port: port, username: "postgres", password: nil, database: database, tls: .disable)
        let client = PostgresClient(configuration: configuration)
        let run = Task { await client.run() }
        let result: Swift.Result<Result, any Error>
        do { result = .success(try await body(client)) } catch { result = .failure(error) }
        run.cancel()
        let stopped = Task { () async throws in await run.value }
        if case .hung = await Test_PostgresFaults.outcome(of: stopped, within: stopLimit) {
            Issue.record(
                "the client of database '\(database)' did not stop within \(stopLimit) of its run() being cancelled: a leased connection was never given back"
            )
        }
        return try result.get()
    }

    /// How long a client's `run()` may take to return once cancelled.
    static let stopLimit = Duration.seconds(60)
}
