/// Settings of the JSON reader.
public struct JSONReaderOptions: Hashable, Sendable {
    /// Deepest nesting of arrays and objects accepted; deeper input is an error, never a stack overflow
    /// (the reader does not recurse). Default 512.
    public var maximumDepth: Int
    /// Whether a leading UTF-8 byte order mark is skipped (RFC 8259 §8.1 allows ignoring it). Default true.
    public var skipsByteOrderMark: Bool

    /// Creates options.
    public init(maximumDepth: Int = 512, skipsByteOrderMark: Bool = true) {
        self.maximumDepth = maximumDepth
        self.skipsByteOrderMark = skipsByteOrderMark
    }

    /// The defaults.
    public static let `default` = JSONReaderOptions()
}

/// The strict RFC 8259 tokenizer: one pass over the bytes that validates everything (grammar, escapes,
/// surrogate pairs, UTF-8, control characters, depth) and writes the tape.
///
/// It keeps its own stack of open containers instead of recursing, so nesting depth is bounded by an
/// option, never by the thread's stack.
struct JSONParser: ~Copyable {
    private let base: UnsafePointer<UInt8>
    private let count: Int
    private let options: JSONReaderOptions
    /// Where the entries go; the parser writes through its own copy of the tape's fields (kept in
    /// registers on the hot path) and hands them back when it ends.
    private let tapeBuffer: TapeBuffer
    private var tape: TapeWriter
    private var position = 0
    /// The innermost open container's state (saved in ``frames`` while a container inside it is open,
    /// so the hot path updates fields rather than indexing a stack): the tape index of its entry, its
    /// value count, and the tape index of its current key (-1 before the first).
    private var container = -1
    private var valueCount = 0
    private var keyIndex = -1
    /// Whether the innermost open container is an object (asked after every value).
    private var inObject = false
    /// For each open container but the innermost, its state (``container``, ``valueCount``,
    /// ``keyIndex``), saved when the container inside it opened: the state of level `d` is at
    /// `3 * (d + 1)`. Three words for the root's opening hold the initial fields.
    private var frames: UnsafeMutablePointer<Int>
    private var depth = 0

    /// A parser of the `count` bytes at `base`, which must be followed by ``JSONStorage/padding`` zero
    /// bytes (the scans read past the end and stop at a zero byte), writing into `tape`, emptied first.
    init(padded base: UnsafePointer<UInt8>, count: Int, tape: TapeBuffer, options: JSONReaderOptions) {
        self.base = base
        self.count = count
        self.options = options
        tape.removeAll(reservingCapacity: count / 8 + 16)
        tapeBuffer = tape
        self.tape = TapeWriter(tape)
        frames = .allocate(capacity: 3 * (max(options.maximumDepth, 0) + 1))
    }

    deinit {
        tape.finish(into: tapeBuffer)
        frames.deallocate()
    }

    /// Parses the whole input as one JSON value.
    mutating func parse() throws(JSONError) {
        guard count <= JSONTape.maximumDocumentSize else {
            throw error("document is larger than \(JSONTape.maximumDocumentSize) bytes; read it as a stream")
        }
        if options.skipsByteOrderMark, count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { position = 3 }
        skipWhitespace()
        guard position < count else { throw error("document is empty") }

        value: while true {
            valueCount &+= 1
            // The end of the input needs no check of its own here: the padding's zero byte after it
            // matches no case, and the default case tells the two apart.
            switch base[position] {
            case UInt8(ascii: "{"):
                try open(.object)
                skipWhitespace()
                if position < count, base[position] == UInt8(ascii: "}") {
                    position += 1
                    close()
                } else {
                    try parseKey()
                    continue value
                }
            case UInt8(ascii: "["):
                try open(.array)
                skipWhitespace()
                if position < count, base[position] == UInt8(ascii: "]") {
                    position += 1
                    close()
                } else {
                    continue value
                }
            case UInt8(ascii: "\""):
                try parseString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try parseNumber()
            case UInt8(ascii: "t"):
                try literal(.true, length: 4, lastFour: 0x6575_7274)  // "true"
            case UInt8(ascii: "f"):
                try literal(.false, length: 5, lastFour: 0x6573_6C61)  // "alse"
            case UInt8(ascii: "n"):
                try literal(.null, length: 4, lastFour: 0x6C6C_756E)  // "null"
            default:
                guard position < count else { throw error("unexpected end of input; expected a value") }
                throw error("unexpected \(describeByte(at: position)); expected a value")
            }
            // After a complete value: close containers or move on to the next member or element.
            while true {
                skipWhitespace()
                guard depth > 0 else {
                    guard position == count else {
                        throw error("unexpected \(describeByte(at: position)) after the document's value")
                    }
                    return
                }
                let isObject = inObject
                let byte = base[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                    if isObject { try parseKey() }
                    continue value
                }
                if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    close()
                    continue
                }
                guard position < count else {
                    throw error(
                        isObject
                            ? "unexpected end of input inside an object" : "unexpected end of input inside an array")
                }
                throw error("unexpected \(describeByte(at: position)); expected ',' or '\(isObject ? "}" : "]")'")
            }
        }
    }

    @inline(__always) private mutating func skipWhitespace() {
        // Indentation comes in runs of spaces: skip eight at a time. (Measured: sixteen-byte vector scans
        // are slower here, runs are short.) The padding's zero byte ends every run at the end of the input.
        while true {
            if UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020 {
                position &+= 8
                continue
            }
            switch base[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position &+= 1
            default: return
            }
        }
    }

    @inline(__always) private mutating func open(_ kind: JSONTape.Kind) throws(JSONError) {
        guard depth < options.maximumDepth else {
            throw error("nesting is deeper than \(options.maximumDepth) levels")
        }
        let frame = 3 * depth
        frames[frame] = container
        frames[frame + 1] = valueCount
        frames[frame + 2] = keyIndex
        container = tape.count
        valueCount = 0
        keyIndex = -1
        depth += 1
        inObject = kind == .object
        tape.append(UInt64(kind.rawValue))
        position += 1
    }

    @inline(__always) private mutating func close() {
        depth -= 1
        let kind = JSONTape.kind(tape[container])
        tape[container] = JSONTape.container(kind, count: min(valueCount, JSONTape.maximumCount), end: tape.count)
        let frame = 3 * depth
        container = frames[frame]
        valueCount = frames[frame + 1]
        keyIndex = frames[frame + 2]
        if depth > 0 { inObject = JSONTape.kind(tape[container]) == .object }
    }

    /// A member's key, the colon, and the whitespace before the value.
    private mutating func parseKey() throws(JSONError) {
        // The padding's zero byte after the input is not a quote: the end needs no check of its own.
        guard base[position] == UInt8(ascii: "\"") else {
            throw error(
                position < count
                    ? "unexpected \(describeByte(at: position)); expected a key in quotes"
                    : "unexpected end of input; expected a key")
        }
        keyIndex = tape.count
        try parseString()
        // The usual separator, `": "` before a value, in one comparison.
        if base[position] == UInt8(ascii: ":"), base[position &+ 1] == 0x20, base[position &+ 2] > 0x20 {
            position &+= 2
            return
        }
        skipWhitespace()
        guard position < count, base[position] == UInt8(ascii: ":") else {
            throw error(
                position < count
                    ? "unexpected \(describeByte(at: position)); expected ':' after the key"
                    : "unexpected end of input; expected ':'")
        }
        position += 1
        skipWhitespace()
    }

    /// `true`, `false` or `null`, whose first byte matched: `lastFour` is the literal's last four bytes
    /// as a little-endian word, compared in one load. The padding's zero bytes match no literal byte,
    /// so a literal cut off by the end of the input fails the comparison without a bounds check.
    @inline(__always)
    private mutating func literal(_ kind: JSONTape.Kind, length: Int, lastFour: UInt32) throws(JSONError) {
        let word = UnsafeRawPointer(base + position + length - 4).loadUnaligned(as: UInt32.self)
        guard UInt32(littleEndian: word) == lastFour else {
            throw error("unexpected \(describeByte(at: position)); expected a value")
        }
        position &+= length
        tape.append(UInt64(kind.rawValue))
    }

    private mutating func parseNumber() throws(JSONError) {
        let start = position
        var index = position
        let negative = base[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        @inline(__always) func isDigit(_ index: Int) -> Bool { index < count && base[index] &- 0x30 < 10 }
        guard isDigit(index) else { position = index; throw error("a number needs a digit after '-'") }
        if base[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(index) { position = index; throw error("numbers must not have leading zeros") }
        } else {
            index = ByteScan.firstNonDigit(base, from: index &+ 1)
        }
        var integer = true
        if index < count, base[index] == UInt8(ascii: ".") {
            integer = false
            index += 1
            guard isDigit(index) else { position = index; throw error("a number needs a digit after '.'") }
            index = ByteScan.firstNonDigit(base, from: index &+ 1)
        }
        if index < count, base[index] | 0x20 == UInt8(ascii: "e") {
            integer = false
            index += 1
            if index < count, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(index) else { position = index; throw error("a number needs a digit in its exponent") }
            index = ByteScan.firstNonDigit(base, from: index &+ 1)
        }
        guard index - start <= JSONTape.maximumStringLength else { throw error("number literal is too long") }
        tape.append(JSONTape.number(offset: start, length: index - start, integer: integer, negative: negative))
        position = index
    }

    @inline(__always) private mutating func parseString() throws(JSONError) {
        let start = position + 1
        var index = start
        var escaped = false
        while true {
            // Sixteen bytes at a time while none is a quote, a backslash, a control character or non-ASCII.
            // The input is followed by zero padding (a control character), so the scan stops at the end.
            index = ByteScan.firstSpecialInString(base, from: index)
            let byte = base[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index = try validateEscape(at: index)
            } else if byte < 0x20 {
                // The padding's zero byte: the input ended inside the string.
                guard index < count else {
                    position = start - 1
                    throw error("string is not terminated")
                }
                position = index
                throw error("control character U+\(hex(UInt32(byte))) must be escaped in a string")
            } else {
                // Non-ASCII: validate the run of multi-byte sequences here rather than one per scan.
                repeat {
                    // Three-byte sequences (most non-Latin text) checked in one load, no bounds checks:
                    // the padding's zero bytes are never continuation bytes. E0 and ED have narrower
                    // second bytes and take the general path.
                    let word = UInt32(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt32.self))
                    let lead = word & 0xFF
                    if word & 0xC0C0F0 == 0x8080E0, lead != 0xE0, lead != 0xED {
                        index &+= 3
                        continue
                    }
                    let length = UTF8Validation.sequenceLength(base, at: index, count: count)
                    guard length > 0 else {
                        position = index
                        throw error("string contains invalid UTF-8")
                    }
                    index &+= length
                } while base[index] >= 0x80
            }
        }
        guard index - start <= JSONTape.maximumStringLength else {
            throw error("string is longer than \(JSONTape.maximumStringLength) bytes")
        }
        tape.append(JSONTape.string(offset: start, length: index - start, escaped: escaped))
        position = index + 1
    }

    /// Validates the escape at `index` (the backslash); returns the index after it.
    private mutating func validateEscape(at index: Int) throws(JSONError) -> Int {
        guard index + 1 < count else { position = index; throw error("string ends inside an escape") }
        switch base[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return index + 2
        case UInt8(ascii: "u"):
            let unit = try hexUnit(at: index + 2)
            if (0xDC00...0xDFFF).contains(unit) {
                position = index
                throw error("\\u\(hex(unit)) is a lone low surrogate")
            }
            guard (0xD800...0xDBFF).contains(unit) else { return index + 6 }
            guard index + 7 < count, base[index + 6] == UInt8(ascii: "\\"), base[index + 7] == UInt8(ascii: "u") else {
                position = index
                throw error("\\u\(hex(unit)) is a high surrogate without a low surrogate after it")
            }
            let low = try hexUnit(at: index + 8)
            guard (0xDC00...0xDFFF).contains(low) else {
                position = index + 6
                throw error("\\u\(hex(unit)) must be followed by a low surrogate, not \\u\(hex(low))")
            }
            return index + 12
        default:
            position = index
            throw error("'\\\(describeByte(at: index + 1, quoted: false))' is not a JSON escape")
        }
    }

    private mutating func hexUnit(at index: Int) throws(JSONError) -> UInt32 {
        guard index + 4 <= count else { position = index; throw error("\\u escape needs four hex digits") }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = base[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                position = index + offset
                throw error("\\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private func describeByte(at index: Int, quoted: Bool = true) -> String {
        guard index < count else { return "end of input" }
        let byte = base[index]
        if byte >= 0x20, byte < 0x7F {
            return quoted ? "'\(Character(Unicode.Scalar(byte)))'" : String(Character(Unicode.Scalar(byte)))
        }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// An error at the current position, with its line, column and JSON path.
    private func error(_ message: String) -> JSONError {
        let offset = min(position, count)
        let (line, column) = UTF8Validation.lineAndColumn(base, count: count, offset: offset)
        var components: [String] = []
        for level in 0..<depth {
            let frame = 3 * (level + 1)
            let (container, valueCount, keyIndex) =
                level == depth - 1
                ? (self.container, self.valueCount, self.keyIndex)
                : (frames[frame], frames[frame + 1], frames[frame + 2])
            if JSONTape.kind(tape[container]) == .object {
                guard keyIndex >= 0, keyIndex < tape.count, JSONTape.kind(tape[keyIndex]) == .string else { break }
                let key = JSONStringDecoder.decode(base, entry: tape[keyIndex])
                components.append(JSONPath.component(key: key))
            } else {
                components.append("[\(max(valueCount - 1, 0))]")
            }
        }
        // A path hundreds of levels deep (the nesting limit's own error) keeps its two ends, readable.
        let path =
            components.count <= 64
            ? "$" + components.joined()
            : "$" + components.prefix(8).joined() + "...<\(components.count - 16) levels>..."
                + components.suffix(8).joined()
        return JSONError(message: message, byteOffset: offset, line: line, column: column, path: path)
    }
}
