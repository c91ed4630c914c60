/// Vectorized byte classification for the JSON reader: sixteen bytes per step through Swift's SIMD types.
///
/// Comparisons are written as wrapping byte arithmetic (`(x &- 1) & ~x` has its top bit set exactly when
/// the byte `x` is zero), which compiles to plain vector instructions on every target; the index of the
/// first flagged byte comes from the two 64-bit halves' trailing zero counts.
///
/// Every scan reads sixteen bytes past its start, so callers rely on ``JSONStorage``'s zero padding: a
/// zero byte stops each scan, and the caller tells the padding from the input by its index.
enum ByteScan {
    /// A vector of sixteen equal bytes.
    @inline(__always) static func splat(_ byte: UInt8) -> SIMD16<UInt8> { SIMD16(repeating: byte) }

    /// Top bit of each byte set where the byte equals `byte`.
    @inline(__always) static func equal(_ vector: SIMD16<UInt8>, _ byte: UInt8) -> SIMD16<UInt8> {
        let difference = vector ^ splat(byte)
        return (difference &- splat(1)) & ~difference
    }

    /// The offset (0...16) of the first byte whose top bit is set in `flags`; 16 when none is.
    /// (Measured: a branch-free form gathering a 16-bit mask by multiplication is 15% slower.)
    @inline(__always) static func firstFlagged(_ flags: SIMD16<UInt8>) -> Int {
        let halves = unsafeBitCast(flags, to: SIMD2<UInt64>.self)
        let low = UInt64(littleEndian: halves[0]) & 0x8080_8080_8080_8080
        if low != 0 { return low.trailingZeroBitCount &>> 3 }
        let high = UInt64(littleEndian: halves[1]) & 0x8080_8080_8080_8080
        return high != 0 ? 8 &+ high.trailingZeroBitCount &>> 3 : 16
    }

    /// Top bit of each byte set where the byte is a quote, a backslash, a control character or not ASCII.
    @inline(__always) static func specialInString(_ vector: SIMD16<UInt8>) -> SIMD16<UInt8> {
        // Below 0x20: `x - 0x20` wraps to the top half while `~x` keeps its top bit.
        let control = (vector &- splat(0x20)) & ~vector
        return equal(vector, UInt8(ascii: "\"")) | equal(vector, UInt8(ascii: "\\")) | control | vector
    }

    /// The index of the first byte at or after `index` that is a quote, a backslash, a control
    /// character or not ASCII (the padding's zero bytes included). (Measured: thirty-two bytes per step
    /// is no faster; most strings are short.)
    @inline(__always) static func firstSpecialInString(_ base: UnsafePointer<UInt8>, from index: Int) -> Int {
        var index = index
        while true {
            let offset = firstFlagged(
                specialInString(UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)))
            if offset < 16 { return index &+ offset }
            index &+= 16
        }
    }

    /// The index of the first byte at or after `index` that is not an ASCII digit, eight bytes per
    /// step (the padding's zero bytes end every run).
    ///
    /// A byte is flagged (top bit set) when `x - 0x30` has its top bit set (below `0`, wrapping, or
    /// 0xB0 and above) or `x + 0x46` has (above `9` up to 0xB9): exactly the bytes that are not digits.
    /// Borrows and carries cross into a byte only from a flagged byte below it, so the first flagged
    /// byte is always exact.
    @inline(__always) static func firstNonDigit(_ base: UnsafePointer<UInt8>, from index: Int) -> Int {
        var index = index
        while true {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let flagged = ((word &- 0x3030_3030_3030_3030) | (word &+ 0x4646_4646_4646_4646)) & 0x8080_8080_8080_8080
            if flagged != 0 { return index &+ flagged.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
    }
}
