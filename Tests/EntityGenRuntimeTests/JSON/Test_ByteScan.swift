@testable import EntityGenRuntime
import Testing

/// The reader scans strings sixteen bytes at a time, digits eight at a time and compares literals in one
/// load, and relies on the zero padding after the input to stop at the end: every outcome is checked
/// with the interesting byte at each offset across several blocks, at the end of the input, and through
/// a reused reader whose memory holds an earlier, longer document.
@Suite struct Test_ByteScan {
    private static let offsets = Array(0...49)

    private func error(_ bytes: [UInt8]) -> JSONError? {
        do {
            _ = try JSONDocument(bytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    private func string(_ bytes: [UInt8]) throws -> String? {
        try JSONDocument(bytes: bytes).withRoot { $0.string() }
    }

    @Test(arguments: offsets)
    func aStringEndsAtItsQuoteWhereverItFalls(length: Int) throws {
        let text = String(repeating: "a", count: length)
        #expect(try string(Array("\"\(text)\"".utf8)) == text)
        // A key of that length, then a value: the key's scan must stop at its own quote.
        let object = try JSONDocument(bytes: Array("{\"\(text)\":\(length)}".utf8))
        #expect(object.withRoot { $0[text]?.int64() } == Int64(length))
    }

    @Test(arguments: offsets)
    func specialBytesAreFoundAtEveryOffset(offset: Int) throws {
        let prefix = Array(repeating: UInt8(ascii: "b"), count: offset)
        let quote = UInt8(ascii: "\"")
        // An escape, then more text.
        #expect(
            try string([quote] + prefix + Array(#"\n"#.utf8) + Array("tail".utf8) + [quote])
                == String(repeating: "b", count: offset) + "\ntail")
        // Non-ASCII text of two, three and four bytes.
        for scalar in ["é", "中", "🚀", "中文字"] {
            #expect(
                try string([quote] + prefix + Array(scalar.utf8) + [quote])
                    == String(repeating: "b", count: offset) + scalar)
        }
        // A control character, at its own offset.
        let control = error([quote] + prefix + [0x09] + [quote])
        #expect(control?.byteOffset == 1 + offset)
        #expect(control?.message.contains("control character U+0009") == true)
        // Invalid UTF-8: a stray byte, an overlong form, a surrogate, a sequence cut by the quote.
        for invalid: [UInt8] in [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE4, 0xB8], [0xE0, 0x80, 0x80]] {
            let failure = error([quote] + prefix + invalid + [quote])
            #expect(failure?.byteOffset == 1 + offset, "\(invalid)")
            #expect(failure?.message == "string contains invalid UTF-8", "\(invalid)")
        }
    }

    @Test(arguments: offsets)
    func theEndOfTheInputEndsEveryScan(length: Int) {
        let text = Array(repeating: UInt8(ascii: "c"), count: length)
        // No closing quote: the padding's zero byte must not be taken for content or a control character.
        let unterminated = error([UInt8(ascii: "\"")] + text)
        #expect(unterminated?.message == "string is not terminated")
        #expect(unterminated?.byteOffset == 0)
        // A multi-byte sequence cut by the end of the input.
        for cut: [UInt8] in [[0xC3], [0xE4, 0xB8], [0xF0, 0x9F, 0x9A]] {
            let failure = error([UInt8(ascii: "\"")] + text + cut)
            #expect(failure?.message == "string contains invalid UTF-8", "\(cut)")
            #expect(failure?.byteOffset == 1 + length, "\(cut)")
        }
        // Whitespace runs of every length, inside and after the value.
        let spaces = Array(repeating: UInt8(ascii: " "), count: length)
        let mixed = (0..<length).map { [UInt8(ascii: " "), 0x0A, 0x0D, 0x09][$0 % 4] }
        #expect(error(spaces + Array("[1,".utf8) + mixed + Array("2]".utf8) + spaces) == nil)
        let trailing = error(Array("[1]".utf8) + spaces + [UInt8(ascii: "x")])
        #expect(trailing?.byteOffset == 3 + length)
    }

    @Test(arguments: offsets.dropFirst())
    func aDigitRunEndsAtItsFirstOtherByteWhereverItFalls(length: Int) throws {
        let digits = String((0..<length).map { Character(String(1 + $0 % 9)) })
        // Each byte class that can follow digits, including the neighbours of '0' and '9' in ASCII
        // ('/' and ':') and a non-ASCII byte, which must end the run rather than be taken for a digit.
        var literals: [String?] = []
        try JSONDocument(bytes: Array("[\(digits),\(digits).\(digits)e\(digits)]".utf8)).withRoot {
            $0.forEachElement { _, element in literals.append(element.numberLiteral()) }
        }
        #expect(literals == [digits, "\(digits).\(digits)e\(digits)"])
        for (follower, offset) in [("/", length + 1), (":", length + 1), ("\u{E9}", length + 1), (".x", length + 2)] {
            let failure = error(Array("[\(digits)\(follower)]".utf8))
            #expect(failure?.byteOffset == offset, "\(length) \(follower)")
        }
        // At the end of the input, alone and after a fraction: the padding ends the run.
        #expect(try JSONDocument(bytes: Array(digits.utf8)).withRoot { $0.numberLiteral() } == digits)
        #expect(try JSONDocument(bytes: Array("-0.\(digits)".utf8)).withRoot { $0.numberLiteral() } == "-0.\(digits)")
        #expect(error(Array("\(digits).".utf8))?.message == "a number needs a digit after '.'")
    }

    @Test func literalsAreComparedWholeAndNeverPastTheEnd() throws {
        for literal in ["true", "false", "null"] {
            #expect(error(Array("[\(literal)]".utf8)) == nil)
            #expect(error(Array(literal.utf8)) == nil)
            // Every prefix (the padding follows it) and every single changed byte is rejected at the
            // literal's start.
            for cut in 1..<literal.count {
                let failure = error(Array("[\(literal.prefix(cut))".utf8))
                #expect(failure?.byteOffset == 1, "\(literal.prefix(cut))")
                #expect(failure?.message == "unexpected '\(literal.first!)'; expected a value")
            }
            for index in 1..<literal.count {
                var bytes = Array(literal.utf8)
                bytes[index] ^= 0x20
                #expect(error([UInt8(ascii: "[")] + bytes + [UInt8(ascii: "]")])?.byteOffset == 1, "\(bytes)")
            }
            // A literal followed by more letters is a literal and then an unexpected byte.
            #expect(error(Array("[\(literal)s]".utf8))?.byteOffset == 1 + literal.count)
        }
    }

    @Test func aReusedReaderNeverReadsTheLastDocumentsBytes() throws {
        let reader = JSONReader()
        let long = "[\"" + String(repeating: "d", count: 200) + "\", 1, 2, 3, true, false, null, 12345678]"
        _ = try reader.read(Array(long.utf8))
        // Shorter documents into the same memory: the old bytes after them (a quote, digits) must not
        // end their strings or complete their values.
        for text in ["[\"dd", "[\"" + String(repeating: "d", count: 20), "[1", "  ", "[tru", "[fals", "[nul", "[12"] {
            #expect(throws: JSONError.self, "\(text)") { _ = try reader.read(Array(text.utf8)) }
        }
        #expect(try reader.read(Array("\"short\"".utf8)).withRoot { $0.string() } == "short")
    }
}
