import EntityGenRuntime
import GRDB
import GRDBSQLite

extension AbsentFields {
    /// Binds the words a table's save statement takes after its columns (``EntityTable/absentWords``).
    public func bind(to statement: SQLiteStatement, after columns: Int, words: Int) {
        for index in 0..<words {
            sqlite3_bind_int64(statement, Int32(columns + 1 + index), word(index))
        }
    }
}
