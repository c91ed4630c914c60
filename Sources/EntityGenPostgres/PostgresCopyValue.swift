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
        var text = self
        text.withUTF8 { buffer.appendText($0) }
    }
}

extension PostgresCopyValue where Self: BinaryInteger {
    /// The decimal digits (`smallint`, `integer`, `bigint`, or `numeric(20)` for unsigned 64-bit values).
    public func writeCopyField(to buffer: inout PostgresCopyBuffer) {
        var text = String(self)
        text.withUTF8 { buffer.appendPlain($0) }
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
        var text = self ? "t" : "f"
        text.withUTF8 { buffer.appendPlain($0) }
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
    /// precision; rounded half up), for years 1 to 9999 (clamped to them).
    public func writeCopyField(to buffer: inout PostgresCopyBuffer) {
        let microseconds = (timeIntervalSince1970 * 1_000_000 + 0.5).rounded(.down)
        // 0001-01-01 00:00:00 and 9999-12-31 23:59:59.999999, in microseconds since 1970.
        let lowest: Int64 = -62_135_596_800_000_000
        let highest: Int64 = 253_402_300_799_999_999
        let total: Int64
        if !(microseconds > Double(lowest)) {
            total = lowest  // NaN too
        } else if microseconds >= Double(highest) {
            total = highest
        } else {
            total = Int64(microseconds)
        }
        let day = Int64(86_400_000_000)
        let days = total >= 0 ? total / day : (total - day + 1) / day
        let inDay = total - days * day
        let (year, month, dayOfMonth) = ISO8601.civilDate(daysSinceEpoch: Int(days))
        let seconds = inDay / 1_000_000
        var text: [UInt8] = []
        text.reserveCapacity(29)
        func digits(_ value: Int64, _ width: Int) {
            var divisor: Int64 = 1
            for _ in 1..<width { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                text.append(UInt8(48 + rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        digits(Int64(year), 4); text.append(45); digits(Int64(month), 2); text.append(45)
        digits(Int64(dayOfMonth), 2); text.append(32)
        digits(seconds / 3600, 2); text.append(58); digits(seconds / 60 % 60, 2); text.append(58)
        digits(seconds % 60, 2); text.append(46); digits(inDay % 1_000_000, 6)
        text.append(contentsOf: Array("+00".utf8))
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
