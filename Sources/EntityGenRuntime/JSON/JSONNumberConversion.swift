import Foundation

extension JSONValue {
    /// The number as an `Int64`, exactly: only integer literals within range (`1.0`, `1e2` and
    /// `9223372036854775808` give `nil`, never a rounded value).
    @inlinable @inline(__always) public func int64() -> Int64? {
        let entry = entry
        guard JSONTape.kind(entry) == .number, JSONTape.numberIsInteger(entry) else { return nil }
        let bytes = numberBytes
        let negative = bytes[0] == UInt8(ascii: "-")
        guard let magnitude = Self.magnitude(bytes, from: negative ? 1 : 0) else { return nil }
        if negative {
            if magnitude == UInt64(Int64.max) + 1 { return .min }
            return magnitude <= UInt64(Int64.max) ? -Int64(magnitude) : nil
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// The number as a `UInt64`, exactly: non-negative integer literals within range.
    @inlinable @inline(__always) public func uint64() -> UInt64? {
        let entry = entry
        guard JSONTape.kind(entry) == .number, JSONTape.numberIsInteger(entry) else { return nil }
        let bytes = numberBytes
        if bytes[0] == UInt8(ascii: "-") {
            // "-0" is zero; any other negative is out of range.
            return bytes.count == 2 && bytes[1] == UInt8(ascii: "0") ? 0 : nil
        }
        return Self.magnitude(bytes, from: 0)
    }

    /// The number as a fixed-width integer, exactly, or `nil` when it is not an integer literal in range.
    @inlinable @inline(__always) public func integer<Integer: FixedWidthInteger>(
        _: Integer.Type = Integer.self
    ) -> Integer? {
        if Integer.isSigned {
            return int64().flatMap { Integer(exactly: $0) }
        }
        return uint64().flatMap { Integer(exactly: $0) }
    }

    @inlinable @inline(__always) static func magnitude(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> UInt64?
    {
        var value: UInt64 = 0
        var index = start
        while index < bytes.count {
            let digit = UInt64(bytes[index] &- UInt8(ascii: "0"))
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = sum
            index &+= 1
        }
        return value
    }

    /// The number as a correctly rounded `Double`; `nil` for other kinds and for literals beyond
    /// `Double`'s range (`1e400`). Tiny literals round to zero, as IEEE 754 does.
    @inlinable public func double() -> Double? {
        guard kind == .number else { return nil }
        let bytes = numberBytes
        if let fast = Self.fastDouble(bytes) { return fast }
        guard let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// The number as a `Float`, rounded once from the literal (not through `Double`).
    public func float() -> Float? {
        guard kind == .number else { return nil }
        guard let value = Float(String(decoding: numberBytes, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// The number as a `Decimal`, from its literal text (no binary rounding).
    public func decimal() -> Decimal? {
        guard let literal = numberLiteral() else { return nil }
        return Decimal(string: literal, locale: Locale(identifier: "en_US_POSIX"))
    }

    @usableFromInline static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Clinger's fast path: when the decimal significand fits in 53 bits and the power of ten is at most
    /// 22, one IEEE multiplication or division of two exact values is correctly rounded.
    @inlinable @inline(__always) static func fastDouble(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var significand: UInt64 = 0
        var digits = 0
        var exponent = 0
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
            significand = significand &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
            digits &+= 1
            index &+= 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index &+= 1
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                significand = significand &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
                digits &+= 1
                exponent &-= 1
                index &+= 1
            }
        }
        if index < bytes.count {
            index &+= 1  // e or E
            var exponentNegative = false
            if bytes[index] == UInt8(ascii: "-") {
                exponentNegative = true; index &+= 1
            } else if bytes[index] == UInt8(ascii: "+") {
                index &+= 1
            }
            var explicit = 0
            while index < bytes.count {
                explicit = explicit &* 10 &+ Int(bytes[index] &- UInt8(ascii: "0"))
                if explicit > 1_000 { return nil }
                index &+= 1
            }
            exponent &+= exponentNegative ? -explicit : explicit
        }
        guard digits <= 19, significand <= (1 << 53), exponent >= -22, exponent <= 22 else { return nil }
        var value = Double(significand)
        if exponent < 0 { value /= powersOfTen[-exponent] } else { value *= powersOfTen[exponent] }
        return negative ? -value : value
    }
}
