import EntityGenImport
import PostgresNIO

/// How the importer runs a page again when PostgreSQL aborts its transaction for the sake of others: a
/// serialization failure (SQLSTATE 40001, under `SERIALIZABLE` or `REPEATABLE READ` isolation, which
/// CockroachDB always uses and requires clients to retry) or a deadlock (40P01).
///
/// The page's whole transaction runs again from the start, after a pause drawn at random up to a
/// bound that doubles with each attempt ("full jitter"), so that importers that collided spread out.
///
/// Jitter alone cannot promise that a page wins: importers that keep committing pages over the same
/// rows can abort one page attempt after attempt. So after ``locksTablesAfter`` aborted attempts, each
/// further attempt begins by locking the tables it writes against other writers (`LOCK TABLE ... IN
/// SHARE ROW EXCLUSIVE MODE`, before the statement that fixes the transaction's snapshot). It waits for
/// the transactions writing those tables to end and holds off new ones while it runs, so none of them
/// can abort it. Readers are not blocked.
///
/// A page is reported once, with the committed attempt's counts; `ImportReport.retries` counts the
/// attempts that were aborted. Once `maximumAttempts` attempts have failed, the page fails with the
/// server's message, and nothing of it is written.
public struct PostgresRetryPolicy: Sendable, Hashable {
    /// Attempts per transaction, the first included; 1 never retries.
    public var maximumAttempts: Int
    /// The bound on the first pause.
    public var initialBackoff: Duration
    /// The bound no pause exceeds.
    public var maximumBackoff: Duration
    /// Aborted attempts after which every further attempt first locks the tables it writes against
    /// other writers; `nil` never locks (for an engine that refuses `LOCK TABLE ... IN SHARE ROW
    /// EXCLUSIVE MODE`: see the article on PostgreSQL-compatible engines).
    public var locksTablesAfter: Int?

    /// Up to 12 attempts, pauses up to 10 ms, 20 ms, ... 1 s; from the fourth attempt on, the tables
    /// are locked first.
    public init(
        maximumAttempts: Int = 12, initialBackoff: Duration = .milliseconds(10), maximumBackoff: Duration = .seconds(1),
        locksTablesAfter: Int? = 3
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
        self.locksTablesAfter = locksTablesAfter.map { max(0, $0) }
    }

    /// Never retries.
    public static var never: PostgresRetryPolicy { PostgresRetryPolicy(maximumAttempts: 1) }

    /// The pause before attempt `attempt + 1`, after `attempt` failed ones: at random up to
    /// `initialBackoff * 2^(attempt - 1)`, at most `maximumBackoff`.
    func backoff(after attempt: Int) -> Duration {
        let bound = min(maximumBackoff, initialBackoff * (1 << min(attempt - 1, 20)))
        let nanoseconds = bound.components.seconds * 1_000_000_000 + bound.components.attoseconds / 1_000_000_000
        return .nanoseconds(Int64.random(in: 0...max(0, nanoseconds)))
    }

    /// Whether the attempt after `failed` aborted ones locks its tables first.
    func locksTables(after failed: Int) -> Bool {
        locksTablesAfter.map { failed >= $0 } ?? false
    }

    /// Runs `attempt` (one transaction, with whatever prepares it) until it commits, at most
    /// `maximumAttempts` times, telling it whether to lock its tables first; `retried` learns how many
    /// attempts were aborted before the one that committed. Errors other than an aborted transaction
    /// pass through at once.
    func run<Result>(
        _ attempt: (_ locksTables: Bool) async throws -> Result, retried: (inout Result, Int) -> Void
    ) async throws -> Result {
        var failed = 0
        while true {
            do {
                var result = try await attempt(locksTables(after: failed))
                retried(&result, failed)
                return result
            } catch let aborted as PostgresAbortedTransaction {
                failed += 1
                guard failed < maximumAttempts else {
                    throw ImportError.database(
                        "\(aborted.message); the transaction was aborted \(failed == 1 ? "once" : "\(failed) times"), and nothing of it was written"
                    )
                }
                try await Task.sleep(for: backoff(after: failed))
            }
        }
    }
}

/// A transaction PostgreSQL aborted so that another could go on (SQLSTATE 40001 or 40P01): running it
/// again may succeed.
struct PostgresAbortedTransaction: Error {
    /// The server's message.
    let message: String

    /// The aborted transaction `error` reports, if it is one.
    init?(_ error: any Error) {
        guard let psql = error as? PSQLError,
            let state = psql.serverInfo?[.sqlState], state == "40001" || state == "40P01"
        else { return nil }
        message = PostgresFailure.describe(psql)
    }
}
