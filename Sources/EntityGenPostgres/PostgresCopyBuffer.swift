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

    /// Creates an empty buffer.
    public init() {
        bytes.reserveCapacity(64 * 1024)
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
        var writer = JSONWriter()
        transformer.encode(value, to: &writer)
        writer.bytes.withUnsafeBufferPointer { appendJSONText($0) }
    }

    /// Appends JSON text (escaped like any text), noting an escaped U+0000, which `jsonb` refuses.
    public mutating func appendJSONText(_ json: UnsafeBufferPointer<UInt8>) {
        if Self.containsEscapedNUL(json) { markUnstorable(Self.nulReason) }
        appendText(json)
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
        var start = 0
        for index in 0..<text.count {
            let escaped: UInt8
            switch text[index] {
            case 0x5C: escaped = 0x5C
            case 0x09: escaped = UInt8(ascii: "t")
            case 0x0A: escaped = UInt8(ascii: "n")
            case 0x0D: escaped = UInt8(ascii: "r")
            case 0x00:
                markUnstorable(Self.nulReason)
                continue
            default: continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<index]))
            bytes.append(0x5C)
            bytes.append(escaped)
            start = index + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...]))
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
