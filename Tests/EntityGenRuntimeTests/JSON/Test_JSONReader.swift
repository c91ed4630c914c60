@testable import EntityGenRuntime
import Foundation
import Testing

@Suite struct Test_JSONReader {
    private func parse(_ text: String, options: JSONReaderOptions = .default) throws -> JSONDocument {
        try JSONDocument(bytes: Array(text.utf8), options: options)
    }

    private func error(_ text: String, options: JSONReaderOptions = .default) throws -> JSONError {
        do {
            _ = try JSONDocument(bytes: Array(text.utf8), options: options)
        } catch {
            return error
        }
        Issue.record("\(text) was accepted")
        throw CancellationError()
    }

    @Test func errorsNameOffsetLineColumnAndPath() throws {
        let failure = try error("{\"result\": [\n  {\"name\": \"a\"},\n  {\"authors\": tru}\n]}")
        #expect(failure.path == "$.result[1].authors")
        #expect(failure.line == 3)
        #expect(failure.column == 15)  // the start of `tru`
        #expect(failure.byteOffset == 44)
        let odd = try error("{\"+1\": {\"a.b\": [1, 2, }]}")
        #expect(odd.path == "$[\"+1\"][\"a.b\"][2]")
    }

    @Test func theEndOfTheInputIsNamedWhereverItCuts() throws {
        let cases: [(String, String, Int)] = [
            ("[", "unexpected end of input; expected a value", 1),
            ("[1,", "unexpected end of input; expected a value", 3),
            ("{\"a\":", "unexpected end of input; expected a value", 5),
            ("[1", "unexpected end of input inside an array", 2),
            ("[[1] ", "unexpected end of input inside an array", 5),
            ("{\"a\": 1", "unexpected end of input inside an object", 7),
            ("{\"a\": {}", "unexpected end of input inside an object", 8),
            ("{", "unexpected end of input; expected a key", 1),
            ("{\"a\": 1, ", "unexpected end of input; expected a key", 9),
            ("{\"a\": 1, \"b", "string is not terminated", 9),
            // A NUL byte inside the input is a byte, not the end.
            ("[\"a\u{0}\"]", "control character U+0000 must be escaped in a string", 3),
            ("{\u{0}}", "unexpected byte 0x0; expected a key in quotes", 1),
            ("[\u{0}]", "unexpected byte 0x0; expected a value", 1),
            ("[1\u{0}]", "unexpected byte 0x0; expected ',' or ']'", 2),
        ]
        for (text, message, offset) in cases {
            let failure = try error(text)
            #expect(failure.message == message, "\(text)")
            #expect(failure.byteOffset == offset, "\(text)")
        }
    }

    @Test func pathsCountPastClosedContainers() throws {
        // Containers opened and closed before the error restore their parent's key and element count.
        let failure = try error("{\"a\": [[], {\"x\": {}}, [1, [2]], {\"b\": [{}, [], {\"c\": [1, 2, x]}]}]}")
        #expect(failure.path == "$.a[3].b[2].c[2]")
        let key = try error("{\"a\": {\"inner\": {}}, \"b\": [], \"c\": {\"d\": [], \"e\" 1}}")
        #expect(key.path == "$.c.e")
        let afterClose = try error("{\"a\": {\"x\": [1]} x}")
        #expect(afterClose.path == "$.a")
        // An error in a key names the object, not the key before it.
        let badKey = try error("{\"a\": {\"b\": 1, \"\u{01}\": 2}}")
        #expect(badKey.path == "$.a")
    }

    @Test func nestingIsLimitedWithAnErrorNotACrash() throws {
        let depth = 1_000_000
        let failure = try error(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        #expect(failure.message.contains("deeper than 512"))
        #expect(failure.byteOffset == 512)
        // The path keeps its two ends: 512 levels, the first and last eight shown.
        #expect(
            failure.path == "$" + String(repeating: "[0]", count: 8) + "...<496 levels>..."
                + String(repeating: "[0]", count: 8))
        let objects = try error(String(repeating: "{\"a\": ", count: 600) + "1" + String(repeating: "}", count: 600))
        #expect(
            objects.path == "$" + String(repeating: ".a", count: 8) + "...<496 levels>..."
                + String(repeating: ".a", count: 8))
        // 64 levels are shown whole.
        let sixtyFour = try error(String(repeating: "[", count: 64) + "x" + String(repeating: "]", count: 64))
        #expect(sixtyFour.path == "$" + String(repeating: "[0]", count: 64))
        _ = try parse(
            String(repeating: "[", count: depth) + String(repeating: "]", count: depth),
            options: JSONReaderOptions(maximumDepth: depth))
        #expect(throws: JSONError.self) { try parse("[[[1]]]", options: JSONReaderOptions(maximumDepth: 2)) }
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let document = try parse(
            #"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u4e2d\uD83D\uDE80", "plain ascii long enough for words", "Ünïcødé 名前 🚀"]"#
        )
        let strings = document.withRoot { root -> [String] in
            var result: [String] = []
            root.forEachElement { _, element in result.append(element.string() ?? "?") }
            return result
        }
        #expect(strings == ["a\"b\\c/d\u{8}\u{C}\n\r\t", "é中🚀", "plain ascii long enough for words", "Ünïcødé 名前 🚀"])
    }

    @Test func keysAreFoundByBytesAndByDecodedEscapes() throws {
        let document = try parse(#"{"name": "a", "n\u0061me2": "b", "@id": 3, "name": "last"}"#)
        document.withRoot { root in
            #expect(root["name"]?.string() == "a")  // a repeated key: the first occurrence is used
            #expect(root["name2"]?.string() == "b")
            #expect(root["@id"]?.int64() == 3)
            #expect(root["missing"] == nil)
            #expect(root.count == 4)
        }
    }

    @Test func integersAreExactAndNeverRounded() throws {
        let document = try parse(
            "[9223372036854775807, -9223372036854775808, 9223372036854775808, 18446744073709551615, 18446744073709551616, 505874924095815681, 1.0, -0, 1e2]"
        )
        document.withRoot { root in
            var values: [(Int64?, UInt64?)] = []
            root.forEachElement { _, element in values.append((element.int64(), element.uint64())) }
            #expect(values[0].0 == .max)
            #expect(values[1].0 == .min)
            #expect(values[2].0 == nil && values[2].1 == 9_223_372_036_854_775_808)
            #expect(values[3].1 == .max)
            #expect(values[4].0 == nil && values[4].1 == nil)
            #expect(values[5].0 == 505_874_924_095_815_681)  // twitter.json's id_str, exactly
            #expect(values[6].0 == nil)  // 1.0 is not an integer literal
            #expect(values[7].0 == 0 && values[7].1 == 0)
            #expect(values[8].0 == nil)
        }
    }

    @Test func doublesAreCorrectlyRounded() throws {
        let literals = [
            "0.1", "1e23", "2.2250738585072011e-308", "9007199254740993", "8.98846567431158e307",
            "1.7976931348623157e308", "4.9e-324", "2.4703282292062327e-324", "0.30000000000000004",
            "123456789012345678901234567890", "1e-400", "-0.0", "3.141592653589793238462643383279",
        ]
        let document = try parse("[" + literals.joined(separator: ",") + "]")
        document.withRoot { root in
            root.forEachElement { index, element in
                let expected = Double(literals[index])!
                #expect(element.double()?.bitPattern == expected.bitPattern, "\(literals[index])")
            }
        }
        #expect(try parse("1e400").withRoot { $0.double() } == nil)  // beyond Double: nil, not infinity
    }

    @Test func randomDoublesRoundTripThroughTheirShortestText() throws {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = []
        for _ in 0..<20_000 {
            let value = Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF)
            values.append(Bool.random(using: &generator) ? value : Double.random(in: -1e6...1e6, using: &generator))
        }
        let document = try parse("[" + values.map { "\($0)" }.joined(separator: ",") + "]")
        document.withRoot { root in
            root.forEachElement { index, element in
                #expect(element.double()?.bitPattern == values[index].bitPattern, "\(values[index])")
            }
        }
    }

    @Test(arguments: [
        "", " ", "[1,]", "{\"a\":1,}", "01", "1.", ".5", "+1", "[1 2]", "\"\\x\"", "\"a\u{1}\"", "{1:2}", "nul",
        "[\"\\uD800\"]", "\"\\uDC00\"", "1 1", "[", "{\"a\"", "\"abc",
    ])
    func rejects(text: String) {
        #expect(throws: JSONError.self) { try parse(text) }
    }

    @Test func rejectsInvalidUTF8InStrings() {
        for bytes: [UInt8] in [
            [0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22],
        ] {
            #expect(throws: JSONError.self) { try JSONDocument(bytes: bytes) }
        }
    }
}
