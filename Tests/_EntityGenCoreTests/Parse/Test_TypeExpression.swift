@testable import _EntityGenCore
import Testing

@Suite struct Test_TypeExpression {
    @Test(arguments: [
        ("String", TypeExpression.named("String"), false),
        ("Int64?", .named("Int64"), true),
        ("[URL]", .array(.named("URL")), false),
        ("[String: Int]", .map(.named("Int")), false),
        ("[String: [Double]]?", .map(.array(.named("Double"))), true),
        ("[[Int]]", .array(.array(.named("Int"))), false),
        (" [ String ] ", .array(.named("String")), false),
    ])
    func parsesValidTypes(text: String, expected: TypeExpression, optional: Bool) throws {
        let (type, isOptional) = try TypeExpression.parse(text).get()
        #expect(type == expected)
        #expect(isOptional == optional)
    }

    @Test(arguments: [
        "", "[String", "[Int: String]", "String??", "[String?]", "Str ing", "]",
        "[" + String(repeating: "[", count: 20) + "Int" + String(repeating: "]", count: 21),
    ])
    func rejectsInvalidTypes(text: String) {
        #expect(throws: TypeSyntaxError.self) { try TypeExpression.parse(text).get() }
    }

    @Test func describesInSchemaSyntax() {
        #expect(TypeExpression.map(.array(.named("Date"))).description == "[String: [Date]]")
        #expect(TypeExpression.map(.array(.named("Date"))).leafName == "Date")
    }
}

@Suite struct Test_ValueNode {
    @Test func plainScalarsFollowTheYAML12CoreSchema() {
        #expect(ValueNode.interpretPlain("true") == .bool(true))
        #expect(ValueNode.interpretPlain("no") == .string("no"))  // YAML 1.1's "Norway problem" does not apply
        #expect(ValueNode.interpretPlain("yes") == .string("yes"))
        #expect(ValueNode.interpretPlain("~") == .null)
        #expect(ValueNode.interpretPlain("") == .null)
        #expect(ValueNode.interpretPlain("-42") == .integer("-42"))
        #expect(ValueNode.interpretPlain("0x1F") == .integer("0x1F"))
        #expect(ValueNode.interpretPlain("1.5e3") == .float("1.5e3"))
        #expect(ValueNode.interpretPlain(".5") == .float(".5"))
        #expect(ValueNode.interpretPlain("1e") == .string("1e"))
        #expect(ValueNode.interpretPlain("2014-03-07") == .string("2014-03-07"))
        #expect(ValueNode.interpretPlain(".inf") == .float(".inf"))
    }

    @Test func quotedScalarsAreAlwaysText() {
        let node = ValueNode(.scalar("42", plain: false), at: Location(file: "f", line: 1, column: 1))
        #expect(node.scalar == .string("42"))
    }
}
