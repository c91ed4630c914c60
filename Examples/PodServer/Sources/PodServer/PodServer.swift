import Foundation
import Hummingbird
import Logging
import PostgresNIO
import ServiceLifecycle

/// Serves the pods stored in PostgreSQL, keeping them in step with a paginated upstream feed: migrates at
/// start, syncs every `--interval` seconds (and on `POST /sync`), serves `GET /pods`. Without
/// `--upstream` it serves a fake upstream of its own at `/upstream/specs`.
@main
struct PodServer {
    static func main() async throws {
        let options: Options
        do {
            options = try Options(CommandLine.arguments.dropFirst())
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n\(Options.usage)\n".utf8))
            exit(2)
        }
        var logger = Logger(label: "PodServer")
        logger.logLevel = .info
        let client = PostgresClient(
            configuration: .init(
                host: options.postgresHost, port: options.postgresPort, username: options.user, password: nil,
                database: options.database, tls: .disable),
            backgroundLogger: logger)
        let upstream = options.upstream ?? URL(string: "http://127.0.0.1:\(options.port)/upstream/specs")!
        let pods = PodSync(client: client, upstream: upstream, logger: logger)

        var app = Application(
            router: Routes.router(pods: pods, client: client),
            configuration: .init(address: .hostname("127.0.0.1", port: options.port)),
            services: [client, SyncTimer(pods: pods, interval: options.interval)],
            logger: logger)
        // The tables, before the server answers: each instance may run it, one migrates.
        app.beforeServerStarts { try await pods.migrate() }
        do {
            try await app.runService()
        } catch {
            logger.critical("stopped: \(error)")
            exit(1)
        }
    }
}

/// A service that syncs on a timer until the server shuts down.
struct SyncTimer: Service {
    let pods: PodSync
    let interval: Duration

    func run() async {
        // Shutting down (SIGTERM, SIGINT) cancels the wait, or the sync in progress: a page being written
        // is committed or not at all.
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                _ = await pods.sync()
                try? await Task.sleep(for: interval)
            }
        }
    }
}
