/// UTF-8 checks shared by the JSON reader and its error reporting.
public enum UTF8Validation {
    /// The length of the well-formed UTF-8 sequence starting at `index` (1...4), or 0 when the bytes
    /// there are not one: a stray continuation byte, an overlong form, a surrogate, a value above
    /// U+10FFFF, or a truncated sequence.
    @inline(__always)
    public static func sequenceLength(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> Int {
        let lead = base[index]
        if lead < 0x80 { return 1 }
        @inline(__always) func continuation(_ offset: Int) -> UInt8? {
            guard index + offset < count else { return nil }
            let byte = base[index + offset]
            return byte & 0xC0 == 0x80 ? byte : nil
        }
        switch lead {
        case 0xC2...0xDF:
            return continuation(1) == nil ? 0 : 2
        case 0xE0...0xEF:
            guard let second = continuation(1), continuation(2) != nil else { return 0 }
            if lead == 0xE0, second < 0xA0 { return 0 }  // overlong
            if lead == 0xED, second >= 0xA0 { return 0 }  // UTF-16 surrogate
            return 3
        case 0xF0...0xF4:
            guard let second = continuation(1), continuation(2) != nil, continuation(3) != nil else { return 0 }
            if lead == 0xF0, second < 0x90 { return 0 }  // overlong
            if lead == 0xF4, second >= 0x90 { return 0 }  // above U+10FFFF
            return 4
        default:
            return 0
        }
    }

    /// The offset of the first byte that does not start a well-formed sequence, or `nil`.
    public static func firstInvalidOffset(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        var index = 0
        while index < bytes.count {
            let length = sequenceLength(base, at: index, count: bytes.count)
            if length == 0 { return index }
            index += length
        }
        return nil
    }

    /// 1-based line and column (in Unicode scalars) of a byte offset.
    public static func lineAndColumn(_ base: UnsafePointer<UInt8>, count: Int, offset: Int) -> (line: Int, column: Int)
    {
        var line = 1
        var column = 1
        for index in 0..<min(offset, count) {
            let byte = base[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}
