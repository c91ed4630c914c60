import EntityGenPostgres
import EntityGenRuntime
import Foundation
import PostgresNIO
import Testing

/// The importer when the server or the network fails it: a connection the server ends mid-page, a
/// server that stops answering, a server that cannot be reached. Each page fails within its timeout,
/// with a message that says what happened, and nothing of it is written.
@Suite struct Test_PostgresFaults {
    let feed = Feed<Gadget>(name: "Gadgets")
    let page = Array(#"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]"#.utf8)

    /// How a task ended, its error as text (taken in the task that caught it).
    enum Outcome<Value: Sendable>: Sendable {
        case succeeded(Value)
        case failed(String, isImportError: Bool)
        /// Still running when the test stopped waiting.
        case hung
    }

    /// What `task` ended with, or `.hung` when it had not ended within `limit` (a hung task is left
    /// behind, not awaited, so that the test reports it instead of hanging too).
    static func outcome<Value: Sendable>(
        of task: Task<Value, any Error>, within limit: Duration
    ) async -> Outcome<Value> {
        let first = FirstOutcome<Value>()
        return await withCheckedContinuation { continuation in
            first.wait(continuation)
            Task {
                do {
                    first.finish(.succeeded(try await task.value))
                } catch {
                    first.finish(.failed("\(error)", isImportError: error is ImportError))
                }
            }
            Task {
                try? await Task.sleep(for: limit)
                first.finish(.hung)
            }
        }
    }

    /// Resumes its waiter with the first outcome it is given.
    final class FirstOutcome<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Outcome<Value>, Never>?

        func wait(_ continuation: CheckedContinuation<Outcome<Value>, Never>) {
            lock.withLock { self.continuation = continuation }
        }

        func finish(_ outcome: Outcome<Value>) {
            let waiter = lock.withLock {
                defer { continuation = nil }
                return continuation
            }
            waiter?.resume(returning: outcome)
        }
    }

    /// Runs `body` while another connection holds an exclusive lock on the gadget table, so that a page's
    /// merge waits for it; the lock is released (rolled back) afterwards.
    static func whileLocked<Result: Sendable>(
        _ client: PostgresClient, _ body: () async throws -> Result
    ) async throws -> Result {
        try await client.withConnection { locker in
            try await locker.query("BEGIN", logger: Self.logger)
            try await locker.query("LOCK TABLE gadget IN ACCESS EXCLUSIVE MODE", logger: Self.logger)
            do {
                let result = try await body()
                try await locker.query("ROLLBACK", logger: Self.logger)
                return result
            } catch {
                _ = try? await locker.query("ROLLBACK", logger: Self.logger)
                throw error
            }
        }
    }

    static let logger = Logger(label: "Test_PostgresFaults")

    /// The process id of the backend waiting for the gadget table's lock, once one does.
    static func blockedBackend(_ client: PostgresClient) async throws -> Int32 {
        for _ in 0..<200 {
            let rows = try await client.query(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
                logger: logger)
            for try await pid in rows.decode(Int32.self) { return pid }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw ImportError.database("no backend waited for the lock")
    }

    static func gadgetCount(_ client: PostgresClient) async throws -> Int {
        for try await count in try await client.query("SELECT count(*) FROM gadget", logger: logger).decode(Int.self) {
            return count
        }
        return -1
    }

    /// The description of the error `outcome` holds; the test fails when it holds none, or not an
    /// `ImportError`.
    static func message<Value>(_ outcome: Outcome<Value>, _ what: String) -> String {
        switch outcome {
        case .hung:
            Issue.record("\(what): still waiting (it hangs)")
            return ""
        case .succeeded:
            Issue.record("\(what): succeeded")
            return ""
        case let .failed(message, isImportError):
            #expect(isImportError, "\(message)")
            return message
        }
    }

    @Test func aConnectionTheServerEndsMidPageFailsThePageAndWritesNothing() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await Test_PostgresImporter.createTable(client)
            let importer = PostgresImporter(feed: feed, client: client)
            let page = page
            let outcome = try await Self.whileLocked(client) {
                let task = Task { try await importer.importPage(page) }
                let pid = try await Self.blockedBackend(client)
                try await client.query("SELECT pg_terminate_backend(\(pid))", logger: Self.logger)
                return await Self.outcome(of: task, within: .seconds(30))
            }
            let message = Self.message(outcome, "a page whose connection the server ended")
            #expect(message.contains("PostgreSQL"), "\(message)")
            #expect(try await Self.gadgetCount(client) == 0)
            // The client replaces the connection: the next page is written.
            let again = try await importer.importPage(page)
            #expect(again.entities["Gadget"]?.inserted == 2, "\(again)")
        }
    }

    /// A large page is mapped while its transaction is open; a server that ends transactions idle for
    /// 20 ms (`idle_in_transaction_session_timeout`) closes the connection between two chunks. The page
    /// fails at once (it hung forever), or is written whole when no pause was that long.
    @Test func aConnectionEndedByTheIdleTransactionTimeoutFailsThePageWhole() async throws {
        let items = (0..<20_000).map { #"{"id": \#($0), "name": "n\#($0)"}"# }
        let page = Array("[\(items.joined(separator: ","))]".utf8)
        try await Self.withGadgets(setting: "idle_in_transaction_session_timeout = '20ms'") { client, plain in
            let importer = PostgresImporter(feed: feed, client: client)
            for _ in 0..<3 {
                let outcome = await Self.outcome(of: Task { try await importer.importPage(page) }, within: .seconds(30))
                let count = try await Self.gadgetCount(plain)
                if case .succeeded = outcome {
                    #expect(count == 20_000)
                } else {
                    let message = Self.message(outcome, "a page whose connection the server ended")
                    // The server's own message when it came before the connection closed, else what
                    // noticed the closed connection first: postgres-nio, or the importer's check.
                    #expect(
                        message.contains("idle-in-transaction timeout") || message.contains("connection was closed")
                            || message.contains("the connection closed while waiting for"), "\(message)")
                    #expect(count == 0)
                }
            }
        }
    }

    /// Runs `body` with a client of a new database holding the gadget table, whose connections run with
    /// `setting` (`ALTER DATABASE ... SET`, which applies to connections opened after it), and a client
    /// whose connections were opened before (for the test's own reads: postgres-nio's own queries, on a
    /// pool whose connections the server ended, have no bound).
    static func withGadgets(
        setting: String, _ body: (_ configured: PostgresClient, _ plain: PostgresClient) async throws -> Void
    ) async throws {
        try await PostgresTestServer.withDatabase { client in
            try await Test_PostgresImporter.createTable(client)
            var database = ""
            for try await name in try await client.query("SELECT current_database()", logger: logger).decode(
                String.self)
            {
                database = name
            }
            try await client.query(
                PostgresQuery(unsafeSQL: "ALTER DATABASE \(database) SET \(setting)"), logger: logger)
            let server = try PostgresTestServer.server.get()
            try await PostgresTestServer.withClient(host: server.host, port: server.port, database: database) {
                try await body($0, client)
            }
        }
    }

    @Test func aServerThatStopsAnsweringFailsThePageAfterTheRoundTripTimeout() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await Test_PostgresImporter.createTable(client)
            let importer = PostgresImporter(
                feed: feed, client: client, timeouts: PostgresTimeouts(roundTrip: .milliseconds(500)))
            let page = page
            // The lock is held until the outcome is in: without the bound the page waits for ever.
            let outcome = try await Self.whileLocked(client) {
                await Self.outcome(of: Task { try await importer.importPage(page) }, within: .seconds(120))
            }
            let message = Self.message(outcome, "a page the server does not answer")
            #expect(message.contains("no answer within 0.5 s"), "\(message)")
            #expect(try await Self.gadgetCount(client) == 0)
            // The client still works once the lock is gone; with the default bound, since a healthy
            // statement can take longer than 0.5 s while the whole suite loads two cores (seen once).
            let again = try await PostgresImporter(feed: feed, client: client).importPage(page)
            #expect(again.entities["Gadget"]?.inserted == 2, "\(again)")
        }
    }

    /// Nothing listens on the port (postgres-nio's pool retries for about a minute before it gives up,
    /// and then does not say why); the importer and the migrator fail after the connect timeout.
    @Test func aServerThatCannotBeReachedFailsAfterTheConnectTimeout() async throws {
        let closed = try LoopbackServer(pages: [:])
        closed.stop()
        let configuration = PostgresClient.Configuration(
            host: "127.0.0.1", port: Int(closed.port), username: "postgres", password: nil, database: "postgres",
            tls: .disable)
        let client = PostgresClient(configuration: configuration)
        let run = Task { await client.run() }
        defer { run.cancel() }
        let timeouts = PostgresTimeouts(connect: .seconds(1))
        let importer = PostgresImporter(feed: feed, client: client, timeouts: timeouts)
        let page = page
        let migrator = PostgresMigrator([PostgresMigration(name: "entitygen-v1", statements: ["SELECT 1"])])
        let importing = Task { try await importer.importPage(page) }
        let migrating = Task { try await migrator.migrate(client, timeouts: timeouts) }
        // About 1 s each on an idle machine. No bound on the time: while the whole suite runs on two
        // cores, tests that block the concurrency pool delay every timer (110 s seen); the messages say
        // that the connect timeout ended each (the pool's own breaker, after a minute, says otherwise).
        let imported = await Self.outcome(of: importing, within: .seconds(300))
        let migrated = await Self.outcome(of: migrating, within: .seconds(300))
        let message = Self.message(imported, "a page for a server nobody runs")
        #expect(message.contains("no connection to PostgreSQL within 1 s"), "\(message)")
        if case let .failed(message, _) = migrated {
            #expect(message.contains("no connection to PostgreSQL within 1 s"), "\(message)")
        } else {
            Issue.record("migrating against a server nobody runs: \(migrated)")
        }
    }
}
