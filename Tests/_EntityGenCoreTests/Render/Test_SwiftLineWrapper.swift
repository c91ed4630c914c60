@testable import _EntityGenCore
import Foundation
import Testing

/// Generated lines stay within 120 columns, broken as swift-format breaks them; string literals and
/// multi-line literals are never broken. The goldens compile (Test_ReferenceFiles), so every break is
/// valid Swift; these name each rule.
@Suite struct Test_SwiftLineWrapper {
    private let long = String(repeating: "x", count: 40)

    @Test func argumentsFillLinesAndTheClosingBracketFollowsTheLast() {
        let line = "    let value = try context.required(json, \(long)Field, Transformer<A, B>(\(long)), default: 1)"
        #expect(
            SwiftLineWrapper.wrapLine(line) == [
                "    let value = try context.required(",
                "        json, \(long)Field,",
                "        Transformer<A, B>(\(long)), default: 1)",
            ])
        // The closing bracket and what follows it go on a line of their own when they do not fit after the
        // last argument.
        let tail = String(repeating: "y", count: 60)
        let declaration = "    func f(\(long)a: Int, \(long)b: Int) throws(Swift.Never) -> \(tail) {"
        #expect(
            SwiftLineWrapper.wrapLine(declaration) == [
                "    func f(",
                "        \(long)a: Int, \(long)b: Int",
                "    ) throws(Swift.Never) -> \(tail) {",
            ])
        // A collection literal's elements end with a comma, and its bracket closes on a line of its own.
        let literal = "    static let x = [\"\(long)\", \"\(long)\", \"\(long)\"]"
        #expect(
            SwiftLineWrapper.wrapLine(literal) == [
                "    static let x = [", "        \"\(long)\", \"\(long)\",", "        \"\(long)\",", "    ]",
            ])
        // An argument too long for a line of its own starts a line and is wrapped in turn.
        let nested = "    let x = f(a, EntityTable(\(long), \(long), [\(long), \(long)]), b)"
        let wrapped = SwiftLineWrapper.wrapLine(nested)
        #expect(wrapped.first == "    let x = f(")
        #expect(wrapped[1] == "        a,")
        #expect(wrapped.last == "        b)")
        #expect(wrapped.allSatisfy { $0.count <= SwiftLineWrapper.limit }, "\(wrapped)")
    }

    @Test func conditionsAndConformancesGoOnePerLine() {
        let guardLine = "guard _equal(lhs.\(long), rhs.\(long)), _equal(lhs.b, rhs.b) else { return false }"
        #expect(SwiftLineWrapper.wrapLine(guardLine).count == 2)
        #expect(SwiftLineWrapper.wrapLine(guardLine)[0].hasSuffix("rhs.\(long)),"))
        let record =
            "internal struct Record: Swift.Sendable, Swift.Hashable, Swift.Identifiable, GRDB.FetchableRecord, GRDB.PersistableRecord {"
        let wrapped = SwiftLineWrapper.wrapLine(record)
        #expect(wrapped.first == "internal struct Record: Swift.Sendable,")
        #expect(wrapped.allSatisfy { $0.count <= SwiftLineWrapper.limit })
    }

    @Test func aOneLineBodyOpensAndAChainBreaksBeforeEachCall() {
        let body =
            "public var postgresKey: EntityGenPostgres.PostgresRowKey? { EntityGenPostgres.PostgresRowKey(Self.postgresTable, [self.\(long)]) }"
        let wrapped = SwiftLineWrapper.wrapLine(body)
        #expect(wrapped.first == "public var postgresKey: EntityGenPostgres.PostgresRowKey? {")
        #expect(wrapped.last == "}")
        let chain =
            "        Record.all().including(all: Record.\(long)).including(required: Record.\(long)).asRequest(of: X.self)"
        #expect(
            SwiftLineWrapper.wrapLine(chain) == [
                "        Record.all()", "            .including(all: Record.\(long))",
                "            .including(required: Record.\(long))", "            .asRequest(of: X.self)",
            ])
    }

    /// Every line ends wrapped, whatever it holds: a condition or conformance too long for a line of its
    /// own (the comma that ends it once split is not a place to split again), brackets nested deeper than
    /// generated code nests them (5,000 deep overflows the stack without the depth bound), a chain of one
    /// long call. FuzzGenerate found the first overflowing the stack (`guard` + 130 characters + `, b`).
    @Test func everyLineEndsWrapped() {
        let unbreakable = String(repeating: "a", count: 130)
        let lines = [
            "guard \(unbreakable), b else { return }",
            "    if \(unbreakable) == \(unbreakable), let c = d {",
            "case .\(unbreakable), .b:",
            "struct \(unbreakable): Swift.Sendable, Swift.Hashable {",
            "guard f(\(unbreakable), g), h else { return }",
            "guard \(unbreakable),",
            "let x = " + String(repeating: "f(a, ", count: 5_000) + "b" + String(repeating: ")", count: 5_000),
            "let x = " + String(repeating: "[", count: 5_000) + unbreakable + String(repeating: "]", count: 5_000),
            "let y = \(unbreakable)().\(unbreakable)().z",
            "/// " + unbreakable + " " + unbreakable,
            "///     guard \(unbreakable), b else { return }",
        ]
        for line in lines {
            let wrapped = SwiftLineWrapper.wrapLine(line)
            // Nothing but spaces, line breaks and comment markers added or taken (no collection literal here
            // gains a comma).
            let text = { (text: String) in text.filter { $0 != " " && $0 != "/" } }
            #expect(text(wrapped.joined()) == text(line), "\(line.prefix(60))")
            #expect(wrapped.allSatisfy { $0.contains { $0 != " " } }, "a blank line: \(line.prefix(60))")
            // Below the depth bound, wrapping is stable and every line fits; deeper, what is left stays long.
            let deep =
                line.contains(String(repeating: "f(a, ", count: 100))
                || line.contains(String(repeating: "[", count: 100))
            #expect(deep == wrapped.contains { $0.count > SwiftLineWrapper.limit && !$0.contains(unbreakable) })
            if !deep {
                #expect(SwiftLineWrapper.wrap(wrapped.joined(separator: "\n")) == wrapped.joined(separator: "\n"))
            }
        }
    }

    @Test func literalsAreNeverBroken() {
        let literal = "        sql: \"CREATE TABLE \\\"a\\\" (\\\"x, y\\\" text, \(long), \(long))\""
        #expect(SwiftLineWrapper.wrapLine(literal) == [literal])
        let interpolated = "        let x = f(\"\\(a, b) \(long)\", \(long), \(long))"
        #expect(SwiftLineWrapper.wrapLine(interpolated) == [interpolated])
        let multiLine =
            "try db.execute(sql: \"\"\"\n    CREATE TABLE \"a\" (\(long), \(long), \(long), \(long))\n    \"\"\")"
        #expect(SwiftLineWrapper.wrap(multiLine) == multiLine)
    }

    @Test func docCommentsWrapAtWords() {
        let comment = "    /// " + Array(repeating: "word", count: 40).joined(separator: " ")
        let wrapped = SwiftLineWrapper.wrapLine(comment)
        #expect(wrapped.count == 2 && wrapped.allSatisfy { $0.hasPrefix("    /// ") && $0.count <= 120 })
    }

    /// A code example in a doc comment is wrapped as code, so it stays an indented code block of valid
    /// Swift instead of becoming prose.
    @Test func aCodeExampleInADocCommentIsWrappedAsCode() {
        let example =
            "///         internal static func fromJSON(_ value: EntityGenRuntime.JSONValue) throws(EntityGenRuntime.TransformFailure) -> PodAuthors { ... }"
        #expect(
            SwiftLineWrapper.wrapLine(example) == [
                "///         internal static func fromJSON(",
                "///             _ value: EntityGenRuntime.JSONValue",
                "///         ) throws(EntityGenRuntime.TransformFailure) -> PodAuthors {",
                "///             ...",
                "///         }",
            ])
        // Code the wrapper cannot break (an interpolation) stays as it is, in the code block.
        let interpolated = "///     let text = \"\\(value) \(long) \(long) \(long)\""
        #expect(SwiftLineWrapper.wrapLine(interpolated) == [interpolated])
    }

    /// On the goldens: wrapping is idempotent, and a line still over the limit holds a string literal.
    @Test func goldensAreWrappedAndStable() throws {
        let cases = TestSupport.packageRoot.appendingPathComponent("Tests/_EntityGenCoreTests/Fixtures/Cases")
        let files = (FileManager.default.enumerator(atPath: cases.path)?.allObjects as? [String] ?? [])
            .filter { $0.contains("/expected/") && $0.hasSuffix(".swift") }
        #expect(files.count > 10)
        for file in files {
            let text = try String(contentsOf: cases.appendingPathComponent(file), encoding: .utf8)
            #expect(SwiftLineWrapper.wrap(text) == text, "\(file) changes when wrapped again")
            for line in text.split(separator: "\n") where line.count > SwiftLineWrapper.limit {
                #expect(line.contains("\""), "\(file): \(line.prefix(80))")
            }
        }
    }

    @Test func longSQLBecomesAMultiLineLiteralWithTheSameValue() {
        let sql = (0..<40).map { "\"column\($0)\" = 'it''s \\ \\($0)'" }.joined(separator: " AND ")
        let pieces = SwiftLiteral.pieces(of: sql, width: 60)
        #expect(pieces.joined() == sql && pieces.count > 10)
        #expect(
            pieces.allSatisfy { SwiftLiteral.string($0).count - 2 <= 60 }
                && pieces.dropLast().allSatisfy { $0.hasSuffix(" ") })
        #expect(SwiftLiteral.pieces(of: "", width: 10) == [""])
        #expect(SwiftLiteral.pieces(of: String(repeating: "x", count: 30), width: 10).count == 1)
        var printer = CodePrinter()
        printer.indent()
        printer.stringLiteral("try db.execute(sql: ", sql, ")")
        let lines = printer.contents.split(separator: "\n")
        #expect(lines.first == "    try db.execute(sql: \"\"\"" && lines.last == "        \"\"\")")
        #expect(lines.allSatisfy { $0.count <= SwiftLineWrapper.limit })
        var short = CodePrinter()
        short.stringLiteral("try db.execute(sql: ", "DROP TABLE \"a\"", ")")
        #expect(short.contents == "try db.execute(sql: \"DROP TABLE \\\"a\\\"\")\n")
    }

    @Test func everyGoldenLineFitsIn120Columns() throws {
        for name in Test_ReferenceFiles.cases {
            let expected = Test_ReferenceFiles.casesFolder.appendingPathComponent(name + "/expected")
            let files = FileManager.default.enumerator(atPath: expected.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: expected.appendingPathComponent(file), encoding: .utf8)
                let long = text.split(separator: "\n").filter { $0.count > SwiftLineWrapper.limit }
                #expect(long.isEmpty, "\(name)/\(file): \(long.count) lines over \(SwiftLineWrapper.limit) columns")
            }
        }
    }
}
