import Foundation
import GRDB
import GRDBSQLite

extension RowIdentity {
    /// The identity a statement's current row returns, one column per identifying column, in order.
    init(columns: [String], statement: SQLiteStatement) {
        self.init(
            columns: columns,
            values: (0..<Int32(columns.count)).map {
                IdentityValue(DatabaseValue(sqliteStatement: statement, index: $0))
            })
    }

    /// The identity in a fetched row, one column per identifying column, in order.
    init(columns: [String], row: Row) {
        self.init(columns: columns, values: row.databaseValues.map(IdentityValue.init))
    }
}

extension IdentityValue {
    /// The value SQLite stores, by storage class.
    init(_ value: DatabaseValue) {
        switch value.storage {
        case let .int64(integer): self = .integer(integer)
        case let .double(double): self = .real(double)
        case let .string(text): self = .text(text)
        case let .blob(data): self = .blob(Array(data))
        case .null: self = .null
        }
    }

    /// The value as SQLite stores it (the inverse of ``init(_:)``).
    var databaseValue: DatabaseValue {
        switch self {
        case let .integer(value): value.databaseValue
        case let .real(value): value.databaseValue
        case let .text(value): value.databaseValue
        case let .blob(bytes): Data(bytes).databaseValue
        case .null: .null
        }
    }
}
