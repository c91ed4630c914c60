import EntityGenRuntime
import Foundation
import GRDB
import GRDBSQLite

/// Dates are stored exactly as GRDB stores a `Date`: the text `yyyy-MM-dd HH:mm:ss.SSS` in UTC, rounded
/// to the nearest millisecond (halves up, as the `DateFormatter` GRDB uses does). So
/// `Model.filter(Column("createdAt") > someDate)`, `==`, `BETWEEN` and ordering, which bind `someDate`
/// through GRDB, compare text with text of the same format and give the right rows; and rows written with
/// GRDB's own `Date` read back here.
///
/// The text is written without a `DateFormatter` (measured here: 1.04 µs a date, against 0.07 µs for the
/// arithmetic below; 200,000 dates, release): the same fields, from the milliseconds since 1970, in the
/// proleptic Gregorian calendar in UTC (checked against GRDB's `Date.databaseValue` on random dates,
/// millisecond halves and negative times included). Reading the stored form is exact to the millisecond;
/// any other form GRDB reads is accepted too (its SQLite date formats, and the seconds since 1970 that
/// earlier EntityGen versions stored).
extension Date: ColumnValue {
    public func bindValue(to statement: SQLiteStatement, at index: Int32) {
        let text = Self.databaseText(self)
        withUnsafeBytes(of: text) { bytes in
            _ = sqlite3_bind_text(
                statement, index, bytes.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(bytes.count),
                transientDestructor)
        }
    }

    public var columnDatabaseValue: DatabaseValue {
        withUnsafeBytes(of: Self.databaseText(self)) { String(decoding: $0, as: UTF8.self) }.databaseValue
    }

    public init(databaseValue: DatabaseValue) throws(ColumnDecodingError) {
        if case let .string(text) = databaseValue.storage, let milliseconds = Self.milliseconds(fromDatabaseText: text)
        {
            // The stored form: exact to the millisecond, so a model that was written reads back equal.
            self = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            return
        }
        guard let date = Date.fromDatabaseValue(databaseValue) else {
            throw .mismatch(databaseValue, expected: "a date")
        }
        self = date
    }

    /// The milliseconds since 1970 of text in the stored form `yyyy-MM-dd HH:mm:ss.SSS`; `nil` for any
    /// other text (which GRDB's parser then reads).
    static func milliseconds(fromDatabaseText text: String) -> Int64? {
        var text = text
        return text.withUTF8 { bytes -> Int64? in
            guard bytes.count == 23, bytes[4] == 45, bytes[7] == 45, bytes[10] == 32, bytes[13] == 58, bytes[16] == 58,
                bytes[19] == 46
            else { return nil }
            func number(_ start: Int, _ width: Int) -> Int64? {
                var value: Int64 = 0
                for index in start..<start + width {
                    let digit = Int64(bytes[index]) - 48
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
                let minute = number(14, 2), let second = number(17, 2), let millisecond = number(20, 3),
                (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
            else { return nil }
            let days = Int64(ISO8601.daysSinceEpoch(year: Int(year), month: Int(month), day: Int(day)))
            return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millisecond
        }
    }

    /// GRDB's stored form of a date, `yyyy-MM-dd HH:mm:ss.SSS` (23 ASCII bytes), for years 0 to 9999.
    /// Years outside that range are clamped to it (SQLite's date functions do not cover them either).
    static func databaseText(_ date: Date) -> DatabaseDateText {
        // As Foundation's formatter: milliseconds since 1970, rounded half up.
        let milliseconds = (date.timeIntervalSince1970 * 1000 + 0.5).rounded(.down)
        let clamped = Swift.min(Swift.max(milliseconds, -62_167_219_200_000), 253_402_300_799_999)
        let total = Int64(clamped)
        let (days, dayMilliseconds) = floorDivision(total, 86_400_000)
        let (year, month, day) = ISO8601.civilDate(daysSinceEpoch: Int(days))
        let (second, millisecond) = floorDivision(dayMilliseconds, 1000)
        var text: DatabaseDateText = (
            0, 0, 0, 0, 45, 0, 0, 45, 0, 0, 32, 0, 0, 58, 0, 0, 58, 0, 0, 46, 0, 0, 0
        )
        withUnsafeMutableBytes(of: &text) { buffer in
            func put(_ value: Int64, _ width: Int, at offset: Int) {
                var value = value
                for position in stride(from: offset + width - 1, through: offset, by: -1) {
                    buffer[position] = UInt8(truncatingIfNeeded: 48 + value % 10)
                    value /= 10
                }
            }
            put(Int64(year), 4, at: 0)
            put(Int64(month), 2, at: 5)
            put(Int64(day), 2, at: 8)
            put(second / 3600, 2, at: 11)
            put(second / 60 % 60, 2, at: 14)
            put(second % 60, 2, at: 17)
            put(millisecond, 3, at: 20)
        }
        return text
    }

    /// `(quotient, remainder)` rounding the quotient down, so the remainder is never negative.
    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let remainder = (value % divisor + divisor) % divisor
        return ((value - remainder) / divisor, remainder)
    }
}

/// The 23 bytes of a stored date, `yyyy-MM-dd HH:mm:ss.SSS`, without a heap allocation.
typealias DatabaseDateText = (
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
)
