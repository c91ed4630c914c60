import Foundation
import PostgresNIO
import Testing

/// The PostgreSQL server the tests run against: the one `ENTITYGEN_POSTGRES` names (`host:port`; `.ci/run`
/// starts one with `.ci/postgres`), or else one this test process starts itself with `.ci/postgres` in a
/// temporary folder and stops when it exits. No mocks: without PostgreSQL installed these tests fail and
/// say how to install it.
enum PostgresTestServer {
    /// `host:port` of the server, started on first use.
    static let endpoint: Result<(host: String, port: Int), ServerUnavailable> = {
        if let given = ProcessInfo.processInfo.environment["ENTITYGEN_POSTGRES"], !given.isEmpty {
            return parse(given)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "entitygen-postgres-\(ProcessInfo.processInfo.processIdentifier)")
        let (status, output) = script("start", folder.path)
        guard status == 0 else { return .failure(ServerUnavailable(reason: output)) }
        startedFolder = folder.path
        atexit {
            if let folder = PostgresTestServer.startedFolder {
                _ = PostgresTestServer.script("stop", folder)
                try? FileManager.default.removeItem(atPath: folder)
            }
        }
        return parse(output.trimmingCharacters(in: .whitespacesAndNewlines))
    }()

    /// The folder of a server this process started (stopped at exit).
    nonisolated(unsafe) static var startedFolder: String?

    /// Why no server could be had.
    struct ServerUnavailable: Error, CustomStringConvertible {
        var reason: String
        var description: String { "no PostgreSQL server for the tests: \(reason)" }
    }

    static func parse(_ text: String) -> Result<(host: String, port: Int), ServerUnavailable> {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let port = Int(parts[1]) else {
            return .failure(ServerUnavailable(reason: "'\(text)' is not host:port"))
        }
        return .success((String(parts[0]), port))
    }

    /// Runs `.ci/postgres ACTION FOLDER`; returns its status and output (stdout, else stderr).
    static func script(_ action: String, _ folder: String) -> (Int32, String) {
        // popen, not Foundation's Process: its waitUntilExit on Linux can wait forever when called from
        // a Swift concurrency thread (seen here under swift-testing).
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let command = "bash '\(root.appendingPathComponent(".ci/postgres").path)' \(action) '\(folder)' 2>&1"
        guard let pipe = popen(command, "r") else { return (-1, "could not run .ci/postgres") }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let read = fread(&chunk, 1, chunk.count, pipe)
            if read <= 0 { break }
            output += chunk[0..<read]
        }
        let status = pclose(pipe)
        let text = String(decoding: output, as: UTF8.self)
        return (status == 0 ? 0 : 1, text)
    }

    /// Creates a database of its own for one test (tests run in parallel), runs `body` with a running
    /// client connected to it, then drops the database.
    static func withDatabase<Result: Sendable>(
        _ body: (PostgresClient) async throws -> Result
    ) async throws -> Result {
        let (host, port) = try endpoint.get()
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
