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
        case let transaction as PostgresTransactionError:
            if let inner = transaction.closureError ?? transaction.commitError ?? transaction.beginError {
                return importError(inner)
            }
            return ImportError.database("the transaction failed")
        case is ImportError, is CancellationError:
            return error
        case let psql as PSQLError:
            return ImportError.database(describe(psql))
        default:
            return ImportError.database(String(describing: error))
        }
    }

    /// What went wrong, as text: the server's message for a server error, the innermost error of a
    /// failed transaction.
    static func message(_ error: any Error) -> String {
        switch error {
        case let transaction as PostgresTransactionError:
            if let inner = transaction.closureError ?? transaction.commitError ?? transaction.beginError {
                return message(inner)
            }
            return "the transaction failed"
        case let psql as PSQLError:
            return describe(psql)
        default:
            return String(describing: error)
        }
    }

    /// `message (detail) [SQLSTATE 23505]`, or the error's code when the server sent nothing.
    static func describe(_ error: PSQLError) -> String {
        guard let server = error.serverInfo, let message = server[.message] else {
            return "PostgreSQL: \(error.code)"
        }
        var text = "PostgreSQL: \(message)"
        if let detail = server[.detail] { text += " (\(detail))" }
        if let state = server[.sqlState] { text += " [SQLSTATE \(state)]" }
        return text
    }
}
