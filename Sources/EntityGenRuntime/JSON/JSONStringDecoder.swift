/// Turns a validated string token into a Swift `String`, resolving escapes.
@usableFromInline enum JSONStringDecoder {
    /// Decodes the string a tape entry points at. The parser has validated the bytes, so this never fails.
    @inlinable static func decode(_ base: UnsafePointer<UInt8>, entry: UInt64) -> String {
        let start = JSONTape.offset(entry)
        let length = JSONTape.stringLength(entry)
        let bytes = UnsafeBufferPointer(start: base + start, count: length)
        guard JSONTape.stringHasEscapes(entry) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(unsafeUninitializedCapacity: length) { output in
            var read = 0
            var written = 0
            while read < length {
                let byte = bytes[read]
                guard byte == UInt8(ascii: "\\") else {
                    output[written] = byte
                    written += 1
                    read += 1
                    continue
                }
                let code = bytes[read + 1]
                read += 2
                let simple: UInt8?
                switch code {
                case UInt8(ascii: "b"): simple = 0x08
                case UInt8(ascii: "f"): simple = 0x0C
                case UInt8(ascii: "n"): simple = 0x0A
                case UInt8(ascii: "r"): simple = 0x0D
                case UInt8(ascii: "t"): simple = 0x09
                case UInt8(ascii: "u"): simple = nil
                default: simple = code  // \" \\ \/
                }
                if let simple {
                    output[written] = simple
                    written += 1
                    continue
                }
                var scalar = hexValue(bytes, at: read)
                read += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    let low = hexValue(bytes, at: read + 2)
                    read += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                // An escape is never longer in UTF-8 than its 6 (or 12) escaped bytes, so this fits.
                for unit in UTF8.encode(Unicode.Scalar(scalar).unsafelyUnwrapped).unsafelyUnwrapped {
                    output[written] = unit
                    written += 1
                }
            }
            return written
        }
    }

    @inlinable static func hexValue(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[index + offset]
            let digit = byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : (byte | 0x20) - UInt8(ascii: "a") + 10
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}

/// Formats JSON paths the way errors and reports print them: `$.result[3].authors`, with keys that are
/// not plain identifiers in brackets (`$["+1"]`, `$["a.b"]`).
public enum JSONPath {
    /// The path component for an object key.
    public static func component(key: String) -> String {
        let plain =
            !key.isEmpty
            && key.utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            } && !(key.utf8.first! >= UInt8(ascii: "0") && key.utf8.first! <= UInt8(ascii: "9"))
        if plain { return "." + key }
        var escaped = "[\""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            default:
                if scalar.value < 0x20 {
                    escaped += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped + "\"]"
    }

    /// The path component for an array index.
    public static func component(index: Int) -> String { "[\(index)]" }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
