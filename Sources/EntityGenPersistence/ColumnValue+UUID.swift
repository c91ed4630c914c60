import Foundation
import GRDB
import GRDBSQLite

extension UUID: ColumnValue {
    /// The nil UUID (all zeros).
    public static var columnPlaceholder: UUID { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }

    /// Stored as GRDB stores a `UUID`: its 16 bytes in a blob, so GRDB's requests find it by the `UUID`s
    /// they bind (`filter(Columns.token == uuid)`, `fetchOne(db, id: uuid)`).
    public func bindValue(to statement: SQLiteStatement, at index: Int32) {
        UUIDStorage.bytes(self).bindValue(to: statement, at: index)
    }

    public var columnDatabaseValue: DatabaseValue { UUIDStorage.bytes(self).databaseValue }

    /// Reads the 16-byte blob, or the text earlier versions stored.
    public init(databaseValue: DatabaseValue) throws(ColumnDecodingError) {
        let uuid: UUID?
        switch databaseValue.storage {
        case let .blob(data) where data.count == 16: uuid = UUIDStorage.uuid(data)
        case let .string(text): uuid = UUID(uuidString: text)
        default: uuid = nil
        }
        guard let uuid else { throw .mismatch(databaseValue, expected: "a UUID") }
        self = uuid
    }
}

/// How UUIDs are stored: their 16 bytes, as GRDB stores them.
enum UUIDStorage {
    /// The 16 bytes of `uuid`.
    static func bytes(_ uuid: UUID) -> Data {
        withUnsafeBytes(of: uuid.uuid) { Data($0) }
    }

    /// The UUID of 16 bytes.
    static func uuid(_ data: Data) -> UUID {
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { target in _ = data.copyBytes(to: target) }
        return UUID(uuid: bytes)
    }
}
