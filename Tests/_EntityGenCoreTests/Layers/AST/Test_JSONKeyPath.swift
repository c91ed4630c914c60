@testable import _EntityGenCore
import Testing

/// The text form of key paths: dots separate, `\.` and `\\` escape, brackets are reserved (issue 15:
/// `hashtags[].text` was read as a key named `hashtags[]`, silently nil).
@Suite struct Test_JSONKeyPath {
    @Test(arguments: [
        ("license.type", ["license", "type"]), (#"a\.b"#, ["a.b"]), (#"a\\b"#, [#"a\b"#]), ("+1", ["+1"]),
    ])
    func parsesTheTextForm(text: String, components: [String]) throws {
        #expect(try JSONKeyPath.parse(text).get() == JSONKeyPath(components))
        #expect(JSONKeyPath(components).description == text)
    }

    @Test(arguments: [
        ("a..b", "has an empty key"), (#"a\"#, "lone"), (#"a\b"#, "is not an escape"),
        ("entities.hashtags[].text", "brackets are reserved"), ("tags[]", "key: ['tags[]']"), ("a]", "reserved"),
    ])
    func rejectsWhatItDoesNotImplement(text: String, message: String) {
        guard case let .failure(error) = JSONKeyPath.parse(text) else {
            Issue.record("\(text) parsed")
            return
        }
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test func splitsOnDotsAndHonoursEscapes() throws {
        #expect(try JSONKeyPath.parse("license.type").get().components == ["license", "type"])
        #expect(try JSONKeyPath.parse("a\\.b.c").get().components == ["a.b", "c"])
        #expect(try JSONKeyPath.parse("back\\\\slash").get().components == ["back\\slash"])
        #expect(try JSONKeyPath.parse("+1").get().components == ["+1"])
        #expect(try JSONKeyPath.parse("@id").get().components == ["@id"])
    }

    @Test(arguments: ["", ".a", "a.", "a..b", "a\\", "a\\b"])
    func rejectsEmptyKeysAndBadEscapes(text: String) {
        #expect(throws: KeyPathSyntaxError.self) { try JSONKeyPath.parse(text).get() }
    }

    @Test func roundTripsThroughDescription() throws {
        for components in [["a.b", "c"], ["x\\y"], ["plain"], ["é", "🚀"]] {
            let path = JSONKeyPath(components)
            #expect(try JSONKeyPath.parse(path.description).get() == path)
        }
    }

    @Test func prefixes() {
        #expect(JSONKeyPath(["license"]).isStrictPrefix(of: JSONKeyPath(["license", "type"])))
        #expect(!JSONKeyPath(["license"]).isStrictPrefix(of: JSONKeyPath(["license"])))
        #expect(!JSONKeyPath(["lic"]).isStrictPrefix(of: JSONKeyPath(["license", "type"])))
    }

    /// A key with brackets is still readable, in the list form.
    @Test func theListFormTakesAnyKey() {
        let diagnostics = TestSupport.lint(
            """
            entities:
              Form:
                attributes:
                  tags: {type: '[String]', key: ['tags[]']}
                  bad: {type: '[String]', key: 'tags[]'}
            """)
        #expect(diagnostics.map(\.ruleID) == [Rules.invalidKeyPath.id])
        #expect(diagnostics.first?.location.line == 5)
    }
}
