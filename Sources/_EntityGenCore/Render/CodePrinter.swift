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
