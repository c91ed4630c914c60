import Foundation

/// Writes JSON bytes directly (no JSONSerialization): compact, keys in the order written, strings
/// escaped per RFC 8259, doubles in their shortest round-tripping form.
public struct JSONWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    /// Creates an empty writer.
    public init() {
        bytes.reserveCapacity(256)
    }

    /// Removes what was written, keeping the storage (a writer reused for one value after another).
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    @inline(__always) private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
    }

    /// `{`.
    public mutating func beginObject() { separate(); bytes.append(UInt8(ascii: "{")); needsComma = false }
    /// `}`.
    public mutating func endObject() { bytes.append(UInt8(ascii: "}")); needsComma = true }
    /// `[`.
    public mutating func beginArray() { separate(); bytes.append(UInt8(ascii: "[")); needsComma = false }
    /// `]`.
    public mutating func endArray() { bytes.append(UInt8(ascii: "]")); needsComma = true }

    /// A member's key, followed by `:`.
    public mutating func key(_ key: String) {
        separate()
        key.withUTF8InPlace { appendQuoted($0) }
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A string value.
    public mutating func string(_ value: String) {
        separate()
        value.withUTF8InPlace { appendQuoted($0) }
    }

    /// `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        if value {
            bytes.append(contentsOf: "true".utf8)
        } else {
            bytes.append(contentsOf: "false".utf8)
        }
    }

    /// `null`.
    public mutating func null() {
        separate()
        bytes.append(contentsOf: [110, 117, 108, 108])
    }

    /// An integer.
    public mutating func integer<Integer: BinaryInteger>(_ value: Integer) {
        separate()
        bytes.appendDecimalDigits(of: value)
    }

    /// A double, shortest round-tripping text. Non-finite values cannot be JSON and are written as null.
    public mutating func double(_ value: Double) {
        guard value.isFinite else { null(); return }
        separate()
        bytes.append(contentsOf: value.description.utf8)
    }

    /// A float, shortest round-tripping text.
    public mutating func float(_ value: Float) {
        guard value.isFinite else { null(); return }
        separate()
        bytes.append(contentsOf: value.description.utf8)
    }

    /// A decimal, all its digits.
    public mutating func decimal(_ value: Decimal) {
        separate()
        bytes.append(contentsOf: value.description.utf8)
    }

    /// Where the next byte goes: pass it to ``reopenObject(writtenFrom:)`` after writing an object.
    public var position: Int { bytes.count }

    /// Reopens the object written from `start` (a ``position`` taken just before it) so that more
    /// members can be added before ``endObject()``, and returns the keys it already has (for
    /// generated code merging members read inside an embedded object back into it). Returns `nil`, and
    /// changes nothing, when what was written there is not one complete object.
    public mutating func reopenObject(writtenFrom start: Int) -> Set<String>? {
        guard start >= 0, start < bytes.count, bytes[start] == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}"),
            let document = try? JSONDocument(bytes: Array(bytes[start...]))
        else { return nil }
        var keys: Set<String> = []
        let isObject = document.withRoot { root -> Bool in
            root.forEachMember { key, _ in keys.insert(key) }
            return root.kind == .object
        }
        guard isObject else { return nil }
        bytes.removeLast()
        needsComma = !keys.isEmpty
        return keys
    }

    /// Pre-encoded JSON (a custom transformer's output), written as is.
    public mutating func raw(_ json: some Sequence<UInt8>) {
        separate()
        bytes.append(contentsOf: json)
    }

    private mutating func appendQuoted(_ text: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var start = 0
        for index in 0..<text.count {
            let byte = text[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<index]))
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [92, 34])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [92, 92])
            case 0x0A: bytes.append(contentsOf: [92, 110])
            case 0x0D: bytes.append(contentsOf: [92, 114])
            case 0x09: bytes.append(contentsOf: [92, 116])
            default:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [92, 117, 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            }
            start = index + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<text.count]))
        bytes.append(UInt8(ascii: "\""))
    }
}
