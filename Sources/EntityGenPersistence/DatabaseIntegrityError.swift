import GRDB

/// A database file whose structure SQLite's `PRAGMA quick_check` finds damaged (a disk or file-system
/// fault, a copy taken while it was written, bytes changed by another program).
///
/// SQLite reads only the pages a statement needs, so an import into a damaged file can report success
/// while other rows are unreadable. Opening with `checksIntegrity: true` (the generated `openDatabase`,
/// ``EntityGenConfiguration/migrate(_:with:fingerprints:checksIntegrity:)``) checks the whole file first,
/// in time proportional to its size, so apps choose when to pay for it,
/// such as after a crash or once per version.
public struct DatabaseIntegrityError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The database file.
    public var path: String
    /// What `quick_check` reported, at most its first ten problems.
    public var problems: [String]

    /// Creates the error.
    public init(path: String, problems: [String]) {
        self.path = path
        self.problems = problems
    }

    /// What happened and what to do.
    public var description: String {
        "\(path): the database file is damaged (SQLite's quick_check: \(problems.joined(separator: "; "))); "
            + "nothing was written. Restore it from a backup, or delete it and sync again."
    }
}

extension EntityGenConfiguration {
    /// Checks the structure of `writer`'s database with `PRAGMA quick_check` (every page, not the
    /// contents of indexes against their tables).
    ///
    /// - Throws: ``DatabaseIntegrityError`` with the first problems found.
    public static func checkIntegrity(_ writer: some DatabaseWriter) throws {
        let problems: [String]
        do {
            problems = try writer.writeWithoutTransaction { db in
                try String.fetchAll(db, sql: "PRAGMA quick_check(10)")
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
            // A page too damaged for the check to walk past.
            throw DatabaseIntegrityError(path: writer.path, problems: [error.message ?? "\(error.resultCode)"])
        }
        guard problems != ["ok"] else { return }
        throw DatabaseIntegrityError(path: writer.path, problems: problems)
    }
}
