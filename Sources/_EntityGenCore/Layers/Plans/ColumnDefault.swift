import EntityGenRuntime

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
    /// A `Date` in the years 0 to 9999, in whole milliseconds since 1970 (rounded as the runtime rounds
    /// a stored date: halves up).
    case date(millisecondsSince1970: Int64)
    /// A `Data`, its bytes.
    case data([UInt8])

    /// The first and last milliseconds since 1970 a ``date(millisecondsSince1970:)`` may hold: GRDB's
    /// date text covers the years 0 to 9999.
    static let dateRange: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999

    /// The UTC date-time text of a date default, `yyyy-MM-dd HH:mm:ss.SSS` (GRDB's form) with
    /// `separator` between the date and the time.
    static func dateText(millisecondsSince1970 total: Int64, separator: String) -> String {
        let day = total >= 0 ? total / 86_400_000 : (total - 86_399_999) / 86_400_000
        let milliseconds = Int(total - day * 86_400_000)
        let (year, month, dayOfMonth) = ISO8601.civilDate(daysSinceEpoch: Int(day))
        func digits(_ value: Int, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        return digits(year, 4) + "-" + digits(month, 2) + "-" + digits(dayOfMonth, 2) + separator
            + digits(milliseconds / 3_600_000, 2) + ":" + digits(milliseconds / 60_000 % 60, 2) + ":"
            + digits(milliseconds / 1000 % 60, 2) + "." + digits(milliseconds % 1000, 3)
    }

    /// Bytes as upper-case hexadecimal digits, two a byte.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }
}
