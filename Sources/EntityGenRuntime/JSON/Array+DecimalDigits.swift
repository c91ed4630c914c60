extension Array where Element == UInt8 {
    /// Appends `value`'s decimal digits, with `-` when it is negative: the text `String(value)` gives,
    /// written straight into the bytes with no string in between. What JSON integers and PostgreSQL COPY
    /// integer fields share.
    @inlinable package mutating func appendDecimalDigits<Integer: BinaryInteger>(of value: Integer) {
        guard let small = Int64(exactly: value) else {
            // Beyond Int64 (an unsigned 64-bit value over Int64.max, a wider integer): the standard
            // library's digits.
            append(contentsOf: String(value).utf8)
            return
        }
        // The magnitude as UInt64, so that Int64.min has one.
        var magnitude = small.magnitude
        if small < 0 { append(UInt8(ascii: "-")) }
        // At most 20 digits, written backwards into scratch on the stack and appended in one go.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 0x30
                magnitude /= 10
            } while magnitude > 0
            append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
        }
    }
}
