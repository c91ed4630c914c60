import EntityGenRuntime
import Foundation

/// A schema default as a column default, for rows stored before the column was added. Each case holds
/// the value, not SQL: each backend writes it as its runtime stores the type, so that the rows a
/// migration fills compare equal to the values GRDB (or PostgresNIO) binds for the same default.
enum ColumnDefault: Hashable, Sendable {
    case text(String)
    /// A number, as written in the schema.
    case number(String)
    case bool(Bool)
    /// An unsigned integer (`UInt`, `UInt64`), its digits; each backend writes it as it stores one.
    case unsigned(String)
    /// A `Decimal`, its plain decimal text (`-12.50`); each backend writes it as it stores one.
    case decimal(String)
    /// A `UUID`, its canonical text (upper case, with hyphens); each backend writes it as it stores one.
    case uuid(String)
    /// A `Date` in the years 0 to 9999, in seconds since 1970, as the mapper holds the default; each
    /// backend rounds it as its runtime rounds a stored date (SQLite to the millisecond, PostgreSQL to
    /// the microsecond, halves up).
    case date(secondsSince1970: Double)
    /// A `Data`, its bytes.
    case data([UInt8])

    /// The default of a date, or `nil` when, rounded to the millisecond, it falls outside the years 0 to
    /// 9999 that GRDB's date text covers (a zone offset or rounding can carry `0000-01-01` or
    /// `9999-12-31` across).
    static func date(_ date: Date) -> ColumnDefault? {
        let milliseconds = (date.timeIntervalSince1970 * 1000 + 0.5).rounded(.down)
        guard (-62_167_219_200_000...253_402_300_799_999).contains(milliseconds) else { return nil }
        return .date(secondsSince1970: date.timeIntervalSince1970)
    }

    /// The UTC date-time text of a date default in the years 0 to 9999, `yyyy-MM-dd HH:mm:ss` and
    /// `fractionDigits` digits of the second (3 for GRDB's form, 6 for PostgreSQL's), rounded half up.
    static func dateText(secondsSince1970 seconds: Double, fractionDigits: Int) -> String {
        var unit: Int64 = 1
        for _ in 0..<fractionDigits { unit *= 10 }
        let total = Int64((seconds * Double(unit) + 0.5).rounded(.down))
        let dayLength = 86_400 * unit
        let day = total >= 0 ? total / dayLength : (total - dayLength + 1) / dayLength
        let inDay = total - day * dayLength
        let second = Int(inDay / unit)
        let (year, month, dayOfMonth) = ISO8601.civilDate(daysSinceEpoch: Int(day))
        func digits(_ value: some BinaryInteger, _ width: Int) -> String { String(value).leftPadded(to: width) }
        return digits(year, 4) + "-" + digits(month, 2) + "-" + digits(dayOfMonth, 2) + " "
            + digits(second / 3600, 2) + ":" + digits(second / 60 % 60, 2) + ":" + digits(second % 60, 2) + "."
            + digits(inDay % unit, fractionDigits)
    }

    /// Bytes as upper-case hexadecimal digits, two a byte.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }
}
