import EntityGenImport
import PostgresNIO

/// Turns what postgres-nio throws into the importer's errors. `PSQLError`'s own description hides the
/// server's message (to keep data out of logs); an import error must say what the server refused, so
/// the message, detail and SQLSTATE are read from the server's fields.
enum PostgresFailure {
    /// The error to throw for `error`: an `ImportError` as is, a cancellation as is, anything from the
    /// server or the connection as `ImportError.database(_:)`.
    static func importError(_ error: any Error) -> any Error {
        switch error {
        case is ImportError, is CancellationError: return error
        default: return ImportError.database(message(error))
        }
    }

    /// What went wrong, as text: the server's message for a server error, ours for a wait given up on
    /// or a transaction the server aborted. (Transactions are the importer's own, never postgres-nio's
    /// `withTransaction`, so no error arrives wrapped.)
    static func message(_ error: any Error) -> String {
        switch error {
        case let psql as PSQLError: return describe(psql)
        case let roundTrip as PostgresRoundTripError: return roundTrip.message
        case let aborted as PostgresAbortedTransaction: return aborted.message
        case let other: return String(describing: other)
        }
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
