import EntityGenRuntime

/// Rows in PostgreSQL's COPY text format (`FORMAT text`: fields separated by tabs, rows ended by a
/// newline, `\N` for NULL, and backslash, tab, newline and carriage return escaped in values), written
/// straight from model values: no intermediate strings per field.
public struct PostgresCopyBuffer: Sendable {
    /// The encoded rows.
    public private(set) var bytes: [UInt8] = []
    /// Rows ended so far.
    public private(set) var rowCount = 0
    private var fieldsInRow = 0
    /// A JSON writer whose storage serves each JSON column in turn (``takeJSONWriter()``).
    private var jsonScratch: JSONWriter?
    /// Why a value of the current row cannot be stored, if one cannot: text holding U+0000, which
    /// PostgreSQL's `text` and `jsonb` refuse, or a date outside `timestamptz`'s range. The session drops
    /// such a row and reports it with this reason instead of failing the whole COPY.
    public internal(set) var unstorable: String?

    /// Whether a value of the current row held U+0000 (``unstorable`` says so).
    public var rowHasNUL: Bool { unstorable == Self.nulReason }

    /// The reason of a row holding U+0000.
    static let nulReason = "a text value contains U+0000, which PostgreSQL cannot store"

    /// Marks the current row as one PostgreSQL cannot store (the first reason stays).
    mutating func markUnstorable(_ reason: String) {
        if unstorable == nil { unstorable = reason }
    }

    /// Creates an empty buffer with room for 64 KiB of rows (a table's staged rows in one chunk).
    public init() {
        self.init(reservingCapacity: 64 * 1024)
    }

    /// Creates an empty buffer with room for `capacity` bytes: a row key's few fields need far less than
    /// a table's rows (a key that reserved 64 KiB cost a large block per row, and a diff page holds one
    /// per pending deletion until it ends).
    init(reservingCapacity capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Starts the next field (a tab unless it is the row's first).
    private mutating func beginField() {
        if fieldsInRow > 0 { bytes.append(0x09) }
        fieldsInRow += 1
    }

    /// Ends the current row.
    public mutating func endRow() {
        bytes.append(0x0A)
        rowCount += 1
        fieldsInRow = 0
    }

    /// Where the next row starts, to drop a row begun there (``dropRow(from:)``).
    public var rowStart: Int { bytes.count }

    /// Drops the row that began at `start` (not yet ended).
    public mutating func dropRow(from start: Int) {
        bytes.removeSubrange(start...)
        fieldsInRow = 0
        unstorable = nil
    }

    /// Appends a value as the next field (`\N` for `nil`).
    @inlinable public mutating func append<Value: PostgresCopyValue>(_ value: Value) {
        value.writeCopyField(to: &self)
    }

    /// Appends a value as JSON text through its transformer (a `jsonb` column; `\N` for `nil`).
    @inlinable public mutating func appendJSON<T: JSONTransformer>(_ value: T.Value?, _ transformer: T) {
        guard let value else { return appendNull() }
        var writer = takeJSONWriter()
        transformer.encode(value, to: &writer)
        writer.bytes.withUnsafeBufferPointer { appendJSONText($0) }
        returnJSONWriter(writer)
    }

    /// An empty writer for one JSON column: the buffer's own, whose storage is reused from column to
    /// column (a new writer allocates for every value). Hand it back with `returnJSONWriter(_:)`.
    @usableFromInline mutating func takeJSONWriter() -> JSONWriter {
        // The scratch is let go of before use, so that the writer's storage is not shared (and copied).
        var writer = jsonScratch ?? JSONWriter()
        jsonScratch = nil
        writer.removeAll()
        return writer
    }

    /// Keeps `writer`'s storage for the next JSON column.
    @usableFromInline mutating func returnJSONWriter(_ writer: JSONWriter) {
        jsonScratch = writer
    }

    /// Appends JSON text (escaped like any text), noting an escaped U+0000, which `jsonb` refuses.
    public mutating func appendJSONText(_ json: UnsafeBufferPointer<UInt8>) {
        beginField()
        // Text that needed no COPY escape holds no backslash, so no `\u0000` either: only text with an
        // escape is searched.
        if appendEscaped(json), Self.containsEscapedNUL(json) { markUnstorable(Self.nulReason) }
    }

    /// Appends a byte, as the next field.
    mutating func appendByte(_ byte: UInt8) {
        beginField()
        bytes.append(byte)
    }

    /// Appends an integer's decimal digits (with `-` when negative) as the next field, written straight
    /// into the buffer.
    mutating func appendInteger<Integer: BinaryInteger>(_ value: Integer) {
        beginField()
        bytes.appendDecimalDigits(of: value)
    }

    /// Appends `\N`.
    public mutating func appendNull() {
        beginField()
        bytes.append(0x5C)
        bytes.append(0x4E)
    }

    /// Appends ASCII text that needs no escaping (numbers, `t`/`f`, formatted dates).
    public mutating func appendPlain(_ text: UnsafeBufferPointer<UInt8>) {
        beginField()
        bytes.append(contentsOf: text)
    }

    /// Appends fields already in COPY text form (tabs between them), as they are.
    public mutating func appendRaw(_ fields: UnsafeBufferPointer<UInt8>) {
        beginField()
        bytes.append(contentsOf: fields)
    }

    /// Appends UTF-8 text, escaping backslash, tab, newline and carriage return.
    public mutating func appendText(_ text: UnsafeBufferPointer<UInt8>) {
        beginField()
        appendEscaped(text)
    }

    /// Appends `text` to the current field, escaped; returns whether a byte was escaped (or U+0000
    /// found).
    @discardableResult
    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return false }
        var found = false
        var start = 0
        var index = 0
        let count = text.count
        while index < count {
            // Eight bytes at a time: most text has nothing to escape (no byte below 0x10 or equal to `\`).
            if index &+ 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if !Self.mayNeedEscape(word) {
                    index &+= 8
                    continue
                }
            }
            let escaped: UInt8
            switch base[index] {
            case 0x5C: escaped = 0x5C
            case 0x09: escaped = UInt8(ascii: "t")
            case 0x0A: escaped = UInt8(ascii: "n")
            case 0x0D: escaped = UInt8(ascii: "r")
            case 0x00:
                markUnstorable(Self.nulReason)
                found = true
                index &+= 1
                continue
            default:
                index &+= 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: index - start))
            bytes.append(0x5C)
            bytes.append(escaped)
            found = true
            index &+= 1
            start = index
        }
        bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: count - start))
        return found
    }

    /// Whether one of the eight bytes of `word` is below 0x10 or is `\` (0x5C): only then can it hold a
    /// byte COPY text escapes (NUL, tab, newline, carriage return, backslash). A byte of 0x80 or more
    /// never matches.
    @inline(__always) static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // The classic "has a byte less than n" test, for n = 0x10 and for zero after XOR with `\`.
        let below16 = (word &- ones &* 0x10) & ~word & highs
        let backslash = word ^ (ones &* 0x5C)
        let isBackslash = (backslash &- ones) & ~backslash & highs
        return (below16 | isBackslash) != 0
    }

    /// Whether JSON text holds the escape `\u0000` (a backslash preceded by an even number of
    /// backslashes, then `u0000`): `jsonb` refuses it.
    static func containsEscapedNUL(_ json: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index + 6 <= json.count {
            if json[index] == 0x5C {
                if json[index + 1] == UInt8(ascii: "u"), json[index + 2] == 0x30, json[index + 3] == 0x30,
                    json[index + 4] == 0x30, json[index + 5] == 0x30
                {
                    return true
                }
                index += 2  // any other escape, `\\` included: skip the escaped character
            } else {
                index += 1
            }
        }
        return false
    }

    /// Removes every row, keeping the capacity.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        rowCount = 0
        fieldsInRow = 0
        unstorable = nil
    }
}
