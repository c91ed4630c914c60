/// Makes schema text inert in generated Swift: string literals that mean exactly the schema's value
/// whatever it contains (`"""`, `\(`, `#`, NUL, newlines, right-to-left marks), and doc comments that
/// cannot end early or hide text.
public enum SwiftLiteral {
    /// A double-quoted Swift string literal with the exact value of `text`. Only printable ASCII is
    /// written as is; everything else is a `\u{...}` escape, so no invisible or bidirectional character
    /// ever reaches the source file.
    public static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars { append(scalar, escapingQuote: true, to: &result) }
        return result + "\""
    }

    /// The content lines of a multi-line string literal (`"""`, one line each) whose value is `pieces`
    /// joined with nothing: every line but the last ends in `\`, which continues the line without a line
    /// break. Escaped as ``string(_:)`` escapes, except that a double quote is escaped only after another
    /// (so `"""` cannot occur) and a trailing space of the last line is an escape (it would otherwise be
    /// invisible before the closing delimiter).
    public static func continuedLines(_ pieces: [String]) -> [String] {
        pieces.enumerated().map { offset, piece in
            var line = ""
            var afterQuote = false
            let scalars = Array(piece.unicodeScalars)
            let isLast = offset == pieces.count - 1
            for (index, scalar) in scalars.enumerated() {
                if isLast, index == scalars.count - 1, scalar == " " {
                    line += "\\u{20}"
                } else {
                    append(scalar, escapingQuote: afterQuote, to: &line)
                }
                afterQuote = scalar == "\"" && !afterQuote
            }
            return isLast ? line : line + "\\"
        }
    }

    /// `text` cut into pieces whose escaped form (``continuedLines(_:)``, a double quote counted as
    /// escaped) takes at most `width` columns, where it has spaces (each space ends the piece before the
    /// cut); a run wider than `width` without a space stays whole. Joined, the pieces are `text`.
    public static func pieces(of text: String, width: Int) -> [String] {
        var pieces: [String] = []
        var current = ""
        var currentWidth = 0
        var word = ""
        var wordWidth = 0
        let flush = {
            if !current.isEmpty, currentWidth + wordWidth > width {
                pieces.append(current)
                (current, currentWidth) = ("", 0)
            }
            current += word
            currentWidth += wordWidth
            (word, wordWidth) = ("", 0)
        }
        for scalar in text.unicodeScalars {
            word.unicodeScalars.append(scalar)
            var escaped = ""
            append(scalar, escapingQuote: true, to: &escaped)
            wordWidth += escaped.count
            if scalar == " " { flush() }
        }
        flush()
        if !current.isEmpty || pieces.isEmpty { pieces.append(current) }
        return pieces
    }

    /// Appends `scalar` to a string literal's text: printable ASCII as is (a double quote escaped when
    /// `escapingQuote`), everything else as an escape.
    private static func append(_ scalar: Unicode.Scalar, escapingQuote: Bool, to result: inout String) {
        switch scalar {
        case "\"" where escapingQuote: result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case "\0": result += "\\0"
        default:
            if scalar.value >= 0x20, scalar.value < 0x7F {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
    }

    /// Lines of doc comment text for a schema description: split at line breaks, control and
    /// bidirectional-formatting characters replaced by their `U+XXXX` names so nothing is hidden.
    /// (`///` comments end at the line break, so `*/` and the like are harmless.)
    public static func commentLines(_ text: String) -> [String] {
        if !text.unicodeScalars.contains(where: { InertText.isHazardous($0) || InertText.isLineBreak($0) }) {
            return [trimmingTrailingSpaces(text)]
        }
        var lines: [String] = []
        var current = ""
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            if InertText.isLineBreak(scalar) {
                if !(scalar == "\n" && previousWasCarriageReturn) { lines.append(current); current = "" }
                previousWasCarriageReturn = scalar == "\r"
                continue
            }
            previousWasCarriageReturn = false
            if InertText.isHazardous(scalar) {
                current += "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        lines.append(current)
        while lines.count > 1, lines.last?.allSatisfy({ $0 == " " || $0 == "\t" }) == true { lines.removeLast() }
        return lines.map(trimmingTrailingSpaces)
    }

    private static func trimmingTrailingSpaces(_ line: String) -> String {
        guard let last = line.unicodeScalars.last, last == " " || last == "\t" else { return line }
        var scalars = line.unicodeScalars
        while let end = scalars.last, end == " " || end == "\t" { scalars.removeLast() }
        return String(scalars)
    }

}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }

}
