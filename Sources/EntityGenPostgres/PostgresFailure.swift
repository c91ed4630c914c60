import EntityGenImport
import PostgresNIO

/// Turns what postgres-nio throws into the importer's errors. `PSQLError`'s own description hides the
/// server's message (to keep data out of logs); an import error must say what the server refused, so
/// the message, detail and SQLSTATE are read from the server's fields.
enum PostgresFailure {
    /// The error to throw for `error`: an `ImportError` as is, a cancellation as is, anything from the
    /// server or the connection as `ImportError.database(_:)`.
    static func importError(_ error: any Error) -> any Error {
        let inner = innermost(error)
        switch inner {
        case is ImportError, is CancellationError: return inner
        default: return ImportError.database(message(inner))
        }
    }

    /// What went wrong, as text: the server's message for a server error, the innermost error of a
    /// failed transaction.
    static func message(_ error: any Error) -> String {
        switch innermost(error) {
        case let psql as PSQLError: return describe(psql)
        case let roundTrip as PostgresRoundTripError: return roundTrip.message
        case let aborted as PostgresAbortedTransaction: return aborted.message
        case is PostgresTransactionError: return "the transaction failed"
        case let other: return String(describing: other)
        }
    }

    /// The error a failed transaction wraps (what its body, `COMMIT` or `BEGIN` threw), unwrapped.
    static func innermost(_ error: any Error) -> any Error {
        guard let transaction = error as? PostgresTransactionError,
            let inner = transaction.closureError ?? transaction.commitError ?? transaction.beginError
        else { return error }
        return innermost(inner)
    }

    /// `message (detail) [SQLSTATE 23505]`, or what the error's code means when the server sent nothing.
    static func describe(_ error: PSQLError) -> String {
        guard let server = error.serverInfo, let message = server[.message] else {
            return "PostgreSQL: \(meaning(of: error))"
        }
        var text = "PostgreSQL: \(message)"
        if let detail = server[.detail] { text += " (\(detail))" }
        if let state = server[.sqlState] { text += " [SQLSTATE \(state)]" }
        return text
    }

    /// The codes of failures without a server message, in words (postgres-nio's own names read like
    /// `clientClosedConnection`).
    private static func meaning(of error: PSQLError) -> String {
        switch error.code {
        case .serverClosedConnection:
            return
                "the server closed the connection (it restarted, the backend was terminated, or a server timeout ended the session); nothing of the open transaction was committed"
        case .clientClosedConnection:
            return
                "the connection was closed while a statement waited (the server ended the session, or a timeout gave up on it); nothing of the open transaction was committed"
        case .queryCancelled: return "the statement was cancelled"
        case .connectionError:
            return "could not connect" + (error.underlying.map { " (\($0))" } ?? "")
        case .poolClosed: return "the client is not running (PostgresClient.run() has ended)"
        default: return "\(error.code)"
        }
    }
}
