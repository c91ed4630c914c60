import EntityGenRuntime
import Foundation

/// A value generated PostgreSQL code writes into a COPY row: each built-in scalar type of the schema
/// language, in the text form its PostgreSQL column type reads back exactly.
public protocol PostgresCopyValue {
    /// Appends the value as the buffer's next field.
    func writeCopyField(to buffer: inout PostgresCopyBuffer)
}

extension Optional: PostgresCopyValue where Wrapped: PostgresCopyValue {
    /// The wrapped value, or `\N`.
    public func writeCopyField(to buffer: inout PostgresCopyBuffer) {
        guard let self else { return buffer.appendNull() }
        self.writeCopyField(to: &buffer)
    }
}

extension String: PostgresCopyValue {
    /// `text`, escaped.
    public func writeCopyField(to buffer: inout PostgresCopyBuffer) {
        withUTF8InPlace { buffer.appendText($0) }
    }
}

extension PostgresCopyValue where Self: BinaryInteger {
    /// The decimal digits (`smallint`, `integer`, `bigint`, or `numeric(20)` for unsigned 64-bit values).
    public func writeCopyField(to buffer: inout PostgresCopyBuffer) {
        buffer.appendInteger(self)
    }
}

extension Int: PostgresCopyValue {}
extension Int8: PostgresCopyValue {}
extension Int16: PostgresCopyValue {}
extension Int32: PostgresCopyValue {}
extension Int64: PostgresCopyValue {}
extension UInt: PostgresCopyValue {}
extension UInt8: PostgresCopyValue {}
extension UInt16: PostgresCopyValue {}
extension UInt32: PostgresCopyValue {}
extension UInt64: PostgresCopyValue {}

extension Bool: PostgresCopyValue {
    /// `boolean`: `t` or `f`.
    public func writeCopyField(to buffer: inout PostgresCopyBuffer) {
        buffer.appendByte(self ? UInt8(ascii: "t") : UInt8(ascii: "f"))
    }
}

extension Double: PostgresCopyValue {
    /// `double precision`: the shortest text that reads back the same double (`Infinity`, `-Infinity`
    /// and `NaN` as PostgreSQL spells them).
    public func writeCopyField(to buffer: inout PostgresCopyBuffer) {
        var text: String
        if isNaN {
            text = "NaN"
        } else if isInfinite {
            text = self < 0 ? "-Infinity" : "Infinity"
        } else {
            text = description
        }
        text.withUTF8 { buffer.appendPlain($0) }
    }
}

extension Float: PostgresCopyValue {
    /// `real`.
    public func writeCopyField(to buffer: inout PostgresCopyBuffer) {
        guard isFinite else { return Double(self).writeCopyField(to: &buffer) }
        var text = description
        text.withUTF8 { buffer.appendPlain($0) }
    }
}

extension Decimal: PostgresCopyValue {
    /// `numeric`: every digit kept.
    public func writeCopyField(to buffer: inout PostgresCopyBuffer) {
        var text = description
        text.withUTF8 { buffer.appendPlain($0) }
    }
}

extension UUID: PostgresCopyValue {
    /// `uuid`.
    public func writeCopyField(to buffer: inout PostgresCopyBuffer) {
        var text = uuidString
        text.withUTF8 { buffer.appendPlain($0) }
    }
}

extension URL: PostgresCopyValue {
    /// `text`: the absolute string.
    public func writeCopyField(to buffer: inout PostgresCopyBuffer) {
        absoluteString.writeCopyField(to: &buffer)
    }
}

extension Data: PostgresCopyValue {
    /// `bytea` in hex form (`\x0aff`, the backslash escaped for COPY).
    public func writeCopyField(to buffer: inout PostgresCopyBuffer) {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = [0x5C, 0x5C, UInt8(ascii: "x")]
        text.reserveCapacity(3 + 2 * count)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        text.withUnsafeBufferPointer { buffer.appendPlain($0) }
    }
}

extension Date: PostgresCopyValue {
    /// `timestamp with time zone`: `yyyy-MM-dd HH:mm:ss.SSSSSS+00`, UTC, to the microsecond (PostgreSQL's
    /// precision; rounded half up); years past 9999 with their digits (`10000-01-01 ...`), years before 1
    /// as PostgreSQL writes them (`0044-03-15 ... BC`). A date outside PostgreSQL's range (4714-11-24 BC to
    /// year 294,246 here, where microseconds since 1970 fill 64 bits; PostgreSQL goes to 294,276) and a
    /// NaN date make the row unstorable: it is left out and reported, not moved to the nearest year.
    public func writeCopyField(to buffer: inout PostgresCopyBuffer) {
        let microseconds = (timeIntervalSince1970 * 1_000_000 + 0.5).rounded(.down)
        // 4714-11-24 00:00:00 BC in microseconds since 1970; above, what an Int64 holds.
        guard microseconds >= -210_866_803_200_000_000, microseconds < Double(Int64.max) else {
            buffer.markUnstorable("a date outside the range PostgreSQL stores (4714 BC to 294246 AD)")
            buffer.appendNull()
            return
        }
        let total = Int64(microseconds)
        let day = Int64(86_400_000_000)
        let days = total >= 0 ? total / day : (total - day + 1) / day
        let inDay = total - days * day
        let (year, month, dayOfMonth) = ISO8601.civilDate(daysSinceEpoch: Int(days))
        let seconds = inDay / 1_000_000
        var text: [UInt8] = []
        text.reserveCapacity(32)
        /// `value` (not negative) in at least `width` digits.
        func digits(_ value: Int64, _ width: Int) {
            var divisor: Int64 = 1
            var count = 1
            while value / divisor >= 10 {
                divisor *= 10
                count += 1
            }
            if count < width { text.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - count)) }
            var rest = value
            while divisor > 0 {
                text.append(UInt8(48 + rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        // Astronomical year 0 is 1 BC.
        digits(Int64(year > 0 ? year : 1 - year), 4); text.append(45); digits(Int64(month), 2); text.append(45)
        digits(Int64(dayOfMonth), 2); text.append(32)
        digits(seconds / 3600, 2); text.append(58); digits(seconds / 60 % 60, 2); text.append(58)
        digits(seconds % 60, 2); text.append(46); digits(inDay % 1_000_000, 6)
        text.append(contentsOf: Array("+00".utf8))
        if year <= 0 { text.append(contentsOf: Array(" BC".utf8)) }
        text.withUnsafeBufferPointer { buffer.appendPlain($0) }
    }
}

extension PostgresCopyValue where Self: JSONEnumeration, JSONRawValue: PostgresCopyValue {
    /// A schema enum as its raw value (unknown values kept by the fallback case round-trip).
    public func writeCopyField(to buffer: inout PostgresCopyBuffer) {
        jsonRawValue.writeCopyField(to: &buffer)
    }
}

extension EntityReference: PostgresCopyValue where Target.ID: PostgresCopyValue {
    /// Stored as the target's identifier (a `reference:` relationship's key column).
    public func writeCopyField(to buffer: inout PostgresCopyBuffer) {
        id.writeCopyField(to: &buffer)
    }
}

extension Expandable: PostgresCopyValue where Target.ID: PostgresCopyValue {
    /// Stored as the target's identifier; an expanded target is staged in its own table first.
    public func writeCopyField(to buffer: inout PostgresCopyBuffer) {
        id.writeCopyField(to: &buffer)
    }
}
