/// Text from outside (schema names and values, JSON text, file names) made safe to print as part of one
/// line on a terminal or in a log: line breaks, control characters and the Unicode bidirectional
/// formatting characters (Trojan Source) become visible escapes, so a value cannot break a diagnostic
/// into two lines or reorder what the reader sees. The one classification of such characters; generated
/// code's literals and comments (``SwiftLiteral``) use it too.
public enum InertText {
    /// `text` with every line break and hazardous character written as an escape (`\n`, `\u{202E}`).
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isLineBreak($0) || isHazardous($0) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default:
                if isLineBreak(scalar) || isHazardous(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// Whether the scalar breaks a line (`\n`, `\r`, U+2028, U+2029, U+0085).
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{85}"
    }

    /// Control characters (other than tab and line breaks) and the bidirectional formatting characters.
    static func isHazardous(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 { return scalar != "\t" && !isLineBreak(scalar) }
        if (0x7F...0x9F).contains(value) { return true }
        return (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0x200E
            || value == 0x200F || value == 0x061C || value == 0xFEFF
    }
}
