import EntityGenRuntime
import Foundation
import Testing

/// `pattern` matches the whole text: ICU's `$` would also match before a final line break, so a
/// trailing `\n`, `\r\n` or U+2029 must not pass (issue 16, item 2).
@Suite struct Test_JSONPattern {
    @Test(arguments: ["1.0\n", "1.0\r\n", "1.0\r", "1.0\u{2029}", "1.0\u{2028}", "1.0\u{85}", "\n1.0", "1.0 ", ""])
    func lineBreaksAndSpacesAroundTheTextDoNotMatch(text: String) {
        #expect(!JSONPattern("[0-9A-Za-z.+-]+").matches(text))
    }

    @Test func theWholeTextMatches() {
        let pattern = JSONPattern("[0-9A-Za-z.+-]+")
        #expect(pattern.matches("1.0"))
        #expect(pattern.matches("2.0.0-beta+1"))
        #expect(!pattern.matches("1.0 beta"))
    }

    @Test func alternationBacktracksToTheWholeText() {
        // An alternation whose first branch matches only a prefix must still match the whole text.
        #expect(JSONPattern("a|ab").matches("ab"))
        #expect(!JSONPattern("a|ab").matches("abc"))
    }

    @Test func aPatternMayMatchLineBreaksItself() {
        #expect(JSONPattern("a\\nb").matches("a\nb"))
        #expect(JSONPattern("(?s).+").matches("a\n"))
    }
}
