/// The one small printer every emitter writes through (like swift-protobuf's CodePrinter): lines with
/// indentation scopes, nothing else. Output always ends in exactly one newline.
public struct CodePrinter {
    private var lines: [String] = []
    private var indentation = ""
    private static let unit = "    "

    /// Creates an empty printer.
    public init() {}

    /// Prints one line at the current indentation (an empty string prints an empty line).
    public mutating func line(_ text: String = "") {
        lines.append(text.isEmpty ? "" : indentation + text)
    }

    /// Prints `opening`, the body indented, then `closing`.
    public mutating func block(_ opening: String, closing: String = "}", _ body: (inout CodePrinter) -> Void) {
        line(opening)
        indent()
        body(&self)
        outdent()
        line(closing)
    }

    /// Prints doc comment lines (`/// text`) for already-sanitized text.
    public mutating func documentation(_ text: String?) {
        guard let text, !text.isEmpty else { return }
        for part in SwiftLiteral.commentLines(text) {
            line(part.isEmpty ? "///" : "/// " + part)
        }
    }

    /// Prints `prefix`, a string literal with the exact value of `text`, then `suffix`: on one line when
    /// it fits in ``SwiftLineWrapper/limit`` columns, else as a multi-line literal whose content lines are
    /// `text` broken at spaces and continued with `\` (`try db.execute(sql: """` ... `""")`).
    public mutating func stringLiteral(_ prefix: String, _ text: String, _ suffix: String = "") {
        let oneLine = prefix + SwiftLiteral.string(text) + suffix
        guard indentation.count + oneLine.count > SwiftLineWrapper.limit else { return line(oneLine) }
        line(prefix + "\"\"\"")
        indent()
        let width = SwiftLineWrapper.limit - indentation.count - 2
        for content in SwiftLiteral.continuedLines(SwiftLiteral.pieces(of: text, width: width)) { line(content) }
        line("\"\"\"" + suffix)
        outdent()
    }

    /// Increases indentation.
    public mutating func indent() { indentation += Self.unit }

    /// Decreases indentation.
    public mutating func outdent() { indentation = String(indentation.dropLast(Self.unit.count)) }

    /// The printed text: trailing blank lines removed, one final newline.
    public var contents: String {
        var result = lines
        while result.last?.isEmpty == true { result.removeLast() }
        return result.joined(separator: "\n") + "\n"
    }
}
