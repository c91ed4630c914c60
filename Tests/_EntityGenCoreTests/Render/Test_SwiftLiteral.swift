@testable import _EntityGenCore
import EntityGenTestSupport
import Foundation
import Testing

/// String literals EntityGen prints mean exactly their text, checked by the Swift compiler itself: a
/// program holding the printed literals prints their UTF-8 bytes.
@Suite struct Test_SwiftLiteral {
    static let hostile = [
        "", "plain", "\"", "\"\"", "\"\"\"", "\"\"\"\"\"", "a\"\"\"b", "\\", "\\\"", "\\(x)", "#\"", "\"#",
        "line\nbreak", "cr\r", "tab\t", "nul\0", "café", "\u{202E}rtl", "trailing ", " leading", "  ",
    ]

    /// Runs `source` with the `swift` interpreter and returns what it printed.
    static func run(_ source: String) throws -> String {
        let folder = try TemporaryFolder.make("entitygen-literal")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("main.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        return try SwiftCompiler.run(["swift", file.path]).output
    }

    static func bytes(_ text: String) -> String { text.utf8.map(String.init).joined(separator: ",") }

    @Test func quotedAndContinuedLiteralsHoldExactlyTheirText() throws {
        var source = "var values: [String] = []\n"
        for text in Self.hostile {
            source += "values.append(\(SwiftLiteral.string(text)))\n"
        }
        // Continued multi-line literals, indented as the migration renderer prints them: each hostile
        // text alone, and all of them as the pieces of one literal.
        for pieces in Self.hostile.map({ [$0] }) + [Self.hostile, ["CREATE TABLE \"a\" (", "\"b\" TEXT, ", "\"c\")"]] {
            source += "values.append(\n    \"\"\"\n"
            for line in SwiftLiteral.continuedLines(pieces) { source += "    " + line + "\n" }
            source += "    \"\"\")\n"
        }
        source += "for value in values { print(value.utf8.map(String.init).joined(separator: \",\")) }\n"

        let expected =
            Self.hostile + Self.hostile + [Self.hostile.joined(), "CREATE TABLE \"a\" (\"b\" TEXT, \"c\")"]
        let output = try Self.run(source)
        #expect(output == expected.map { Self.bytes($0) + "\n" }.joined(), "\(source)")
    }

    @Test func continuedLinesNeverHoldThreeQuotesInARow() {
        for text in Self.hostile {
            #expect(!SwiftLiteral.continuedLines([text]).contains { $0.contains("\"\"\"") }, "\(text)")
        }
        #expect(
            SwiftLiteral.continuedLines(["\"id\" INTEGER, ", "\"name\" TEXT)"]) == [
                "\"id\" INTEGER, \\", "\"name\" TEXT)",
            ])
    }
}
