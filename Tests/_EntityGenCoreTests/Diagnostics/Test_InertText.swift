@testable import _EntityGenCore
import Testing

/// Schema text quoted in a diagnostic cannot break it into two lines or reorder what the reader sees
/// (issue 16, item 10: newlines and U+202E were printed raw).
@Suite struct Test_InertText {
    @Test func diagnosticsQuotingHostileNamesStayOneVisibleLine() {
        let diagnostics = TestSupport.lint("entities:\n  \"Bad\\u202Ename\\nx\":\n    attributes:\n      a: String\n")
        #expect(
            diagnostics.map(\.description) == [
                #"example.yaml:2:3: error: entity name 'Bad\u{202E}name\nx' is not usable in Swift: start with a letter, then letters, digits, '_' or '-' [invalid-name]"#
            ])
    }

    @Test func pathsAreEscapedToo() {
        let diagnostic = Diagnostic(Rules.invalidName, "m", at: SourceLocation(file: "a\nb.yaml", line: 1, column: 1))
        #expect(diagnostic.description == #"a\nb.yaml:1:1: error: m [invalid-name]"#)
    }

    @Test func everyHazardIsEscapedAndPlainTextIsKept() {
        #expect(InertText.escaped("plain text, tabs\tand é 名前") == "plain text, tabs\tand é 名前")
        #expect(
            InertText.escaped("a\r\nb\u{2028}c\u{85}d\u{0}e\u{1B}[31mf\u{2066}g\u{FEFF}")
                == #"a\r\nb\u{2028}c\u{85}d\u{0}e\u{1B}[31mf\u{2066}g\u{FEFF}"#)
    }
}
