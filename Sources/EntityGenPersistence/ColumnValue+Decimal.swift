import Foundation
import GRDB
import GRDBSQLite

extension Decimal: ColumnValue {
    /// Zero.
    public static var columnPlaceholder: Decimal { 0 }

    /// Stored as GRDB stores a `Decimal`, its text (`19.99`), so no digit is lost, in a column whose
    /// collation (``DecimalCollation``) makes SQLite compare it by number: `filter(Columns.price > 10)`
    /// and `filter(Columns.price == Decimal(string: "9.99")!)` find the rows a GRDB user expects.
    public func bindValue(to statement: SQLiteStatement, at index: Int32) {
        description.bindValue(to: statement, at: index)
    }

    public var columnDatabaseValue: DatabaseValue { description.databaseValue }

    public init(databaseValue: DatabaseValue) throws(ColumnDecodingError) {
        let value: Decimal?
        switch databaseValue.storage {
        case let .string(text): value = DecimalStorage.decimal(text)
        case let .int64(integer): value = Decimal(integer)
        // A REAL (written by other code, or by an earlier version): its shortest text is the decimal.
        case let .double(double): value = double.isFinite ? DecimalStorage.decimal(String(double)) : nil
        case .null, .blob: value = nil
        }
        guard let value else { throw .mismatch(databaseValue, expected: "a decimal") }
        self = value
    }
}

/// How decimal text reads.
enum DecimalStorage {
    private static let posix = Locale(identifier: "en_US_POSIX")

    /// The decimal `text` (`-12.5`, `1e+21`) holds, when all of it is a number (`Decimal(string:)`
    /// alone reads `12abc` as 12).
    static func decimal(_ text: String) -> Decimal? {
        guard DecimalCollation.isNumber(text) else { return nil }
        return Decimal(string: text, locale: posix)
    }
}
