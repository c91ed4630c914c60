/// The parsed form of a document: one 64-bit entry per value, in document order.
///
/// Entries point into the input bytes rather than copying them, so parsing allocates one array, and
/// strings and numbers are converted only when a mapper asks for them.
///
/// Layout of an entry (bit 0 is the least significant):
/// - bits 0-2: the ``JSONTape/Kind``.
/// - string: bit 3 set when the text contains escapes; bits 4-31 byte length; bits 32-63 offset of
///   the first byte after the opening quote.
/// - number: bit 3 set for an integer literal (no fraction, no exponent); bit 4 set when negative;
///   bits 5-31 byte length; bits 32-63 offset.
/// - object and array: bits 3-31 the number of members or elements; bits 32-63 the index of the
///   first entry after the container (so skipping a value is one load).
/// An object's entries alternate key (a string) and value.
public enum JSONTape {
    /// The kind of a tape entry.
    public enum Kind: UInt8, Sendable {
        /// `null`.
        case null = 0
        /// `false`.
        case `false` = 1
        /// `true`.
        case `true` = 2
        /// A number (its literal kept exactly).
        case number = 3
        /// A string.
        case string = 4
        /// An object.
        case object = 5
        /// An array.
        case array = 6
    }

    /// Largest input a tape can address.
    public static let maximumDocumentSize = Int(UInt32.max)
    /// Longest string or number literal a tape can address.
    public static let maximumStringLength = (1 << 27) - 1
    /// Most members or elements in one container.
    public static let maximumCount = (1 << 29) - 1

    @inlinable @inline(__always) static func kind(_ entry: UInt64) -> Kind {
        Kind(rawValue: UInt8(truncatingIfNeeded: entry & 7)).unsafelyUnwrapped
    }

    @inlinable @inline(__always) static func offset(_ entry: UInt64) -> Int { Int(truncatingIfNeeded: entry >> 32) }
    @inlinable @inline(__always) static func stringLength(_ entry: UInt64) -> Int {
        Int(truncatingIfNeeded: (entry >> 4) & 0x0FFF_FFFF)
    }
    @inlinable @inline(__always) static func stringHasEscapes(_ entry: UInt64) -> Bool { entry & 8 != 0 }
    @inlinable @inline(__always) static func numberLength(_ entry: UInt64) -> Int {
        Int(truncatingIfNeeded: (entry >> 5) & 0x07FF_FFFF)
    }
    @inlinable @inline(__always) static func numberIsInteger(_ entry: UInt64) -> Bool { entry & 8 != 0 }
    @inlinable @inline(__always) static func containerCount(_ entry: UInt64) -> Int {
        Int(truncatingIfNeeded: (entry >> 3) & 0x1FFF_FFFF)
    }
    @inlinable @inline(__always) static func containerEnd(_ entry: UInt64) -> Int {
        Int(truncatingIfNeeded: entry >> 32)
    }

    @inlinable @inline(__always) static func string(offset: Int, length: Int, escaped: Bool) -> UInt64 {
        UInt64(Kind.string.rawValue) | (escaped ? 8 : 0) | UInt64(length) << 4 | UInt64(offset) << 32
    }

    @inlinable @inline(__always) static func number(offset: Int, length: Int, integer: Bool, negative: Bool) -> UInt64 {
        UInt64(Kind.number.rawValue) | (integer ? 8 : 0) | (negative ? 16 : 0) | UInt64(length) << 5 | UInt64(offset)
            << 32
    }

    @inlinable @inline(__always) static func container(_ kind: Kind, count: Int, end: Int) -> UInt64 {
        UInt64(kind.rawValue) | UInt64(count) << 3 | UInt64(end) << 32
    }

    /// The index of the entry after the value at `index` (the value's end, for containers).
    @inlinable @inline(__always) static func next(after index: Int, entry: UInt64) -> Int {
        switch kind(entry) {
        case .object, .array: return containerEnd(entry)
        default: return index + 1
        }
    }
}
