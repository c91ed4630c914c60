import GRDB

/// SQLite's error while opening or migrating a database file, with the file's path: SQLite says what
/// went wrong (`file is not a database`, `database is locked`) but not which file.
public struct DatabaseFileError: Error, CustomStringConvertible {
    /// The database file.
    public var path: String
    /// SQLite's error, as GRDB reports it.
    public var underlying: DatabaseError

    /// Creates an error.
    public init(path: String, underlying: DatabaseError) {
        self.path = path
        self.underlying = underlying
    }

    public var description: String {
        "cannot open the database \(path): \(underlying.message ?? "\(underlying.resultCode)") (SQLite error \(underlying.resultCode.rawValue))"
    }

    /// Runs `body` (opening and migrating the database at `path`), giving SQLite's errors the path.
    /// EntityGen's own errors (``UnknownMigrationsError``, ``ChangedPendingMigrationError``,
    /// ``AppSchemaObjectError``) already say what to do and pass unchanged.
    public static func naming<Result>(_ path: String, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw DatabaseFileError(path: path, underlying: error)
        }
    }
}
