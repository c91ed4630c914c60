@testable import EntityGenRuntime
import Foundation
import Testing

/// The compiled date patterns against `DateFormatter` (POSIX locale, UTC): same text out, same dates in.
@Suite struct Test_DatePattern {
    static let patterns = [
        "EEE MMM dd HH:mm:ss Z yyyy", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX", "dd/MM/yyyy HH:mm", "EEEE, MMMM d, yyyy h:mm a",
        "yyyyMMdd'T'HHmmssZ", "yyyy-MM-dd", "''yyyy''MM",
    ]

    @Test(arguments: patterns)
    func agreesWithDateFormatter(pattern: String) throws {
        let compiled = try #require(DatePattern.compile(pattern), "\(pattern) should compile")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let milliseconds = Double(Int64.random(in: -2_000_000_000_000...4_000_000_000_000, using: &generator))
            // Instants with milliseconds for every pattern: formatting truncates to the precision written.
            let date = Date(timeIntervalSince1970: milliseconds / 1000)
            let expected = formatter.string(from: date)
            #expect(compiled.format(date) == expected, "\(pattern): \(date.timeIntervalSince1970)")
            var text = expected
            let parsed = text.withUTF8 { compiled.parse($0) }
            #expect(parsed == formatter.date(from: expected), "\(pattern): parsing \(expected)")
        }
    }

    @Test func parsesTwitterDatesWithZones() throws {
        let compiled = try #require(DatePattern.compile("EEE MMM dd HH:mm:ss Z yyyy"))
        var text = "Sun Aug 31 00:29:15 +0200 2014"
        // 2014-08-31T00:29:15 at +02:00 is two hours before 2014-08-31T00:29:15Z.
        #expect(text.withUTF8 { compiled.parse($0) } == Date(timeIntervalSince1970: 1_409_444_955 - 7_200))
        var wrong = "Sun Aug 31 25:29:15 +0000 2014"
        #expect(wrong.withUTF8 { compiled.parse($0) } == nil)
        var feb = "Sun Feb 29 00:00:00 +0000 2015"
        #expect(feb.withUTF8 { compiled.parse($0) } == nil)
    }

    /// What the README says of `dateFormat:`: without a zone field, times are UTC; month names are
    /// English; the same through the compiled parser and through the `DateFormatter` fallback.
    @Test func dateFormatsAreUTCAndPOSIXOnBothPaths() throws {
        let cases: [(pattern: String, text: String, seconds: TimeInterval)] = [
            ("yyyy-MM-dd HH:mm", "2020-01-02 03:04", 1_577_934_240),  // compiled
            ("d MMMM yyyy HH:mm", "2 January 2020 03:04", 1_577_934_240),  // compiled
            ("yyyy-DDD HH:mm", "2020-002 03:04", 1_577_934_240),  // day of year: DateFormatter
        ]
        for (pattern, text, seconds) in cases {
            let transformer = DateFormatTransformer(pattern)
            let document = try JSONDocument(bytes: Array("\"\(text)\"".utf8))
            var context = MappingContext()
            let date = try document.withRoot { root throws(TransformFailure) in
                try transformer.decode(root, context: &context)
            }
            #expect(date == Date(timeIntervalSince1970: seconds), "\(pattern)")
            var writer = JSONWriter()
            transformer.encode(date, to: &writer)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == "\"\(text)\"", "\(pattern)")
        }
    }

    @Test func unsupportedFieldsFallBack() {
        #expect(DatePattern.compile("yyyy-DDD") == nil)  // day of year
        #expect(DatePattern.compile("YYYY-ww") == nil)  // week-based
        #expect(DatePattern.compile("zzzz") == nil)  // zone names
        #expect(DatePattern.compile("dd.MM.yy") == nil)  // two-digit years: ICU's window
    }
}
