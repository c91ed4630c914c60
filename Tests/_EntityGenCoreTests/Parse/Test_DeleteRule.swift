@testable import _EntityGenCore
import Testing

/// `deleteRule: deny` was accepted and then ignored (the owner was deleted anyway, as with `nullify`):
/// until a backend enforces it, lint refuses the word, located, naming the two that work.
@Suite struct Test_DeleteRuleDeny {
    @Test func denyIsRefusedNotIgnored() {
        let schema =
            "entities:\n  Group:\n    attributes:\n      name: String\n    relationships:\n      members:\n        to: '[Person]'\n        deleteRule: deny\n  Person:\n    attributes:\n      name: String\n"
        let diagnostics = TestSupport.lint(schema)
        #expect(diagnostics.map(\.ruleID) == ["invalid-value"], "\(diagnostics)")
        #expect(diagnostics.first?.location.line == 8)
        #expect(diagnostics.first?.message.contains("cascade") == true, "\(diagnostics)")
        #expect(diagnostics.first?.message.contains("nullify") == true, "\(diagnostics)")
    }
}
