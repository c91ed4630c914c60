import Foundation

/// ISO-8601 date-times without `ISO8601DateFormatter` (45 µs per date on Linux, and not `Sendable`):
/// a direct parser and formatter for `yyyy-MM-ddTHH:mm:ss[.fraction](Z|±hh:mm|±hhmm)`.
public struct ISO8601DateTransformer: JSONTransformer {
    /// Whether dates are always written with a fraction (at least milliseconds). Either way, a date with
    /// a fraction is written with it (see ``ISO8601/format(_:fractionalSeconds:)``), and reading accepts
    /// both forms.
    public let writesFractionalSeconds: Bool

    /// Creates the transformer.
    public init(fractionalSeconds: Bool = false) {
        writesFractionalSeconds = fractionalSeconds
    }

    public func decode(_ value: JSONValue, context: inout MappingContext) throws(TransformFailure) -> Date {
        guard let bytes = value.rawStringBytes() else {
            if var text = value.string(), let date = text.withUTF8(ISO8601.parse) { return date }
            throw .expected("an ISO-8601 date string", found: value)
        }
        guard let date = ISO8601.parse(bytes) else {
            throw TransformFailure(
                "\"\(String(decoding: bytes, as: UTF8.self))\" is not an ISO-8601 date-time (2014-03-07T07:00:00Z)")
        }
        return date
    }

    public func encode(_ value: Date, to writer: inout JSONWriter) {
        writer.string(ISO8601.format(value, fractionalSeconds: writesFractionalSeconds))
    }
}

/// Seconds or milliseconds since 1970 as a JSON number.
public struct EpochDateTransformer: JSONTransformer {
    /// Seconds or milliseconds.
    public enum Unit: Sendable {
        /// Seconds since 1970 (`1394175600`).
        case seconds
        /// Milliseconds since 1970 (`1394175600000`).
        case milliseconds
    }
    let unit: Unit

    /// Creates the transformer.
    public init(_ unit: Unit) { self.unit = unit }

    public func decode(_ value: JSONValue, context: inout MappingContext) throws(TransformFailure) -> Date {
        guard let number = value.double() else {
            throw .expected("a number of \(unit == .seconds ? "seconds" : "milliseconds") since 1970", found: value)
        }
        return Date(timeIntervalSince1970: unit == .seconds ? number : number / 1000)
    }

    public func encode(_ value: Date, to writer: inout JSONWriter) {
        let seconds = value.timeIntervalSince1970
        switch unit {
        case .seconds:
            if seconds == seconds.rounded(), abs(seconds) < 1e15 {
                writer.integer(Int64(seconds))
            } else {
                writer.double(seconds)
            }
        case .milliseconds:
            // Whole milliseconds as an integer when that reads back as the same date; otherwise the
            // exact number of milliseconds, fraction included.
            let milliseconds = (seconds * 1000).rounded()
            if abs(milliseconds) < 1e15, Date(timeIntervalSince1970: milliseconds / 1000) == value {
                writer.integer(Int64(milliseconds))
            } else {
                writer.double(seconds * 1000)
            }
        }
    }
}

/// Dates in a custom pattern (`EEE MMM dd HH:mm:ss Z yyyy`), in the POSIX locale and UTC. Common
/// patterns are compiled into a direct parser (`DatePattern`); others go through a `DateFormatter`,
/// which is not `Sendable`, so its uses are serialized by a lock.
public struct DateFormatTransformer: JSONTransformer {
    private let pattern: String
    private let compiled: DatePattern?
    private let formatter: LockedDateFormatter?

    /// Creates the transformer for a pattern.
    public init(_ pattern: String) {
        self.pattern = pattern
        compiled = DatePattern.compile(pattern)
        formatter = compiled == nil ? LockedDateFormatter(pattern: pattern) : nil
    }

    public func decode(_ value: JSONValue, context: inout MappingContext) throws(TransformFailure) -> Date {
        if let compiled, let bytes = value.rawStringBytes() {
            if let date = compiled.parse(bytes) { return date }
        } else if let text = value.string() {
            var copy = text
            if let date = compiled.map({ pattern in copy.withUTF8 { pattern.parse($0) } })
                ?? formatter?.date(from: text)
            {
                return date
            }
        } else {
            throw .expected("a date string", found: value)
        }
        throw TransformFailure("\"\(value.string() ?? "")\" does not match the date format \"\(pattern)\"")
    }

    public func encode(_ value: Date, to writer: inout JSONWriter) {
        writer.string(compiled?.format(value) ?? formatter?.string(from: value) ?? "")
    }
}

final class LockedDateFormatter: @unchecked Sendable {
    let pattern: String
    private let formatter = DateFormatter()
    private let lock = NSLock()

    init(pattern: String) {
        self.pattern = pattern
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
    }

    func date(from text: String) -> Date? {
        lock.lock()
        defer { lock.unlock() }
        return formatter.date(from: text)
    }

    func string(from date: Date) -> String {
        lock.lock()
        defer { lock.unlock() }
        return formatter.string(from: date)
    }
}

/// The ISO-8601 parser and formatter behind ``ISO8601DateTransformer``.
public enum ISO8601 {
    /// Parses `yyyy-MM-ddTHH:mm:ss[.f+](Z|±hh:mm|±hhmm)` (also `t`/`z`, and a space for `T`).
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard let base = bytes.baseAddress else { return nil }
        var index = 0
        let end = bytes.count
        @inline(__always) func number(_ digits: Int) -> Int? {
            guard index + digits <= end else { return nil }
            var value = 0
            for offset in 0..<digits {
                let digit = Int(base[index + offset]) - 48
                guard digit >= 0, digit <= 9 else { return nil }
                value = value * 10 + digit
            }
            index += digits
            return value
        }
        @inline(__always) func expect(_ byte: UInt8) -> Bool {
            guard index < end, base[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect(45), let month = number(2), expect(45), let day = number(2),
            (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        guard index < end, base[index] == 84 || base[index] == 116 || base[index] == 32 else { return nil }
        index += 1
        guard let hour = number(2), expect(58), let minute = number(2), expect(58), let second = number(2),
            hour <= 23, minute <= 59, second <= 60
        else { return nil }
        var fraction = 0.0
        if index < end, base[index] == 46 {
            index += 1
            var scale = 0.1
            let start = index
            while index < end, base[index] >= 48, base[index] <= 57 {
                fraction += Double(base[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < end else { return nil }
        var offsetSeconds = 0
        switch base[index] {
        case 90, 122: index += 1
        case 43, 45:
            let sign = base[index] == 45 ? -1 : 1
            index += 1
            guard let hours = number(2), hours <= 23 else { return nil }
            _ = expect(58)
            guard let minutes = number(2), minutes <= 59 else { return nil }
            offsetSeconds = sign * (hours * 3600 + minutes * 60)
        default: return nil
        }
        guard index == end else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    /// Formats in UTC, losing nothing ``parse(_:)`` can read back: whole seconds as
    /// `2014-03-07T07:00:00Z` (with `fractionalSeconds`, `2014-03-07T07:00:00.000Z`), and otherwise the
    /// fewest fraction digits of 3, 6 or 9 that parse back to the same date (`.123`, `.123456`), so a
    /// date read from ISO-8601 text is written as it was read.
    public static func format(_ date: Date, fractionalSeconds: Bool) -> String {
        let interval = date.timeIntervalSince1970
        // Whole seconds (most dates) are exact without a fraction: no need to parse the text back.
        if !fractionalSeconds, interval == interval.rounded(.down), abs(interval) < 1e15 {
            return format(interval, fractionDigits: 0)
        }
        for digits in fractionalSeconds ? [3, 6, 9] : [0, 3, 6, 9] {
            var text = format(interval, fractionDigits: digits)
            if text.withUTF8(parse) == date { return text }
        }
        return format(interval, fractionDigits: 9)
    }

    /// `interval` in UTC with exactly `fractionDigits` digits after the seconds (none for 0), rounded
    /// to the last digit written.
    private static func format(_ interval: Double, fractionDigits: Int) -> String {
        let scale = [1.0, 1e3, 1e6, 1e9][fractionDigits / 3]
        var whole = interval.rounded(.down)
        var fraction = ((interval - whole) * scale).rounded()
        if fraction >= scale {
            whole += 1
            fraction -= scale
        }
        var totalSeconds = Int64(whole)
        let days = totalSeconds >= 0 ? totalSeconds / 86_400 : (totalSeconds - 86_399) / 86_400
        totalSeconds -= days * 86_400
        let (year, month, day) = civilDate(daysSinceEpoch: Int(days))
        let hour = Int(totalSeconds / 3600), minute = Int(totalSeconds % 3600 / 60), second = Int(totalSeconds % 60)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
        }
        var result =
            "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
        if fractionDigits > 0 { result += "." + pad(Int(fraction), fractionDigits) }
        return result + "Z"
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
    package static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of ``daysSinceEpoch(year:month:day:)``.
    package static func civilDate(daysSinceEpoch days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
