import Foundation

/// A PostgreSQL server for the benchmark and the tests: the one `ENTITYGEN_POSTGRES` names (`host:port`),
/// or a throwaway one started with `.ci/postgres start <folder>` (initdb in a temporary folder, a free
/// loopback port) and stopped with ``stop()``. One file for both: `Tests/EntityGenPostgresTests` compiles
/// it through a symbolic link.
struct PostgresServer: Sendable {
    /// Why no server could be had.
    struct Unavailable: Error, CustomStringConvertible {
        /// What went wrong, with the script's output.
        var reason: String
        var description: String { "no PostgreSQL server: \(reason)" }
    }

    /// The server's host.
    var host: String
    /// The server's port.
    var port: Int
    /// The package folder (which holds `.ci/postgres`).
    var packageRoot: URL
    /// The folder of a server started here; `nil` for one named by `ENTITYGEN_POSTGRES`.
    var folder: String?

    /// The named server, or a new one in a folder of its own under `storage` (the tests' temporary
    /// folder; the benchmarks pass `BenchStorage.directory`).
    static func start(
        packageRoot: URL, in storage: URL = FileManager.default.temporaryDirectory
    ) throws(Unavailable) -> PostgresServer {
        if let given = ProcessInfo.processInfo.environment["ENTITYGEN_POSTGRES"], !given.isEmpty {
            return try PostgresServer(endpoint: given, packageRoot: packageRoot, folder: nil)
        }
        // Short: the server's socket lives in this folder, and socket paths end at 107 bytes.
        let folder = storage.appendingPathComponent(
            "entitygen-postgres-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        ).path
        // With this process's id: the script's watchdog stops the server once this process is gone,
        // even when it crashed and `stop()` never ran.
        let (status, output) = script(
            ["start", folder, String(ProcessInfo.processInfo.processIdentifier)], packageRoot: packageRoot)
        guard status == 0 else { throw Unavailable(reason: output) }
        return try PostgresServer(
            endpoint: output.trimmingCharacters(in: .whitespacesAndNewlines), packageRoot: packageRoot, folder: folder)
    }

    private init(endpoint: String, packageRoot: URL, folder: String?) throws(Unavailable) {
        let parts = endpoint.split(separator: ":")
        guard parts.count == 2, let port = Int(parts[1]) else {
            throw Unavailable(reason: "'\(endpoint)' is not host:port")
        }
        host = String(parts[0])
        self.port = port
        self.packageRoot = packageRoot
        self.folder = folder
    }

    /// Stops a server started here and removes its folder.
    func stop() {
        guard let folder else { return }
        _ = Self.script(["stop", folder], packageRoot: packageRoot)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// PgBouncer in transaction pooling mode in front of this server (`.ci/postgres pooler`), in a
    /// temporary folder; it stops once this process is gone. Returns its host and port.
    func startPooler() throws(Unavailable) -> (host: String, port: Int) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "entitygen-pgbouncer-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        ).path
        let (status, output) = Self.script(
            ["pooler", folder, "\(host):\(port)", String(ProcessInfo.processInfo.processIdentifier)],
            packageRoot: packageRoot)
        guard status == 0 else { throw Unavailable(reason: output) }
        let pooler = try PostgresServer(
            endpoint: output.trimmingCharacters(in: .whitespacesAndNewlines), packageRoot: packageRoot, folder: nil)
        return (pooler.host, pooler.port)
    }

    /// Runs `.ci/postgres` with `arguments`; returns its status and output.
    static func script(_ arguments: [String], packageRoot: URL) -> (Int32, String) {
        // popen, not Foundation's Process: its waitUntilExit on Linux can wait forever when called from
        // a Swift concurrency thread (seen here under swift-testing).
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let command = "bash '\(packageRoot.appendingPathComponent(".ci/postgres").path)' \(quoted) 2>&1"
        guard let pipe = popen(command, "r") else { return (-1, "could not run .ci/postgres") }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let read = fread(&chunk, 1, chunk.count, pipe)
            if read <= 0 { break }
            output += chunk[0..<read]
        }
        let status = pclose(pipe)
        return (status == 0 ? 0 : 1, String(decoding: output, as: UTF8.self))
    }
}
