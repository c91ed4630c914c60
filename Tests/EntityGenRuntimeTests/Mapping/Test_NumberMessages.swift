import EntityGenRuntime
import Foundation
import Testing

/// Numbers that cannot be read are refused with messages that say why without repeating the input
/// (issue 37, item 13): a 100 MB number was quoted whole (646 MB of memory), `1e200` as a `Decimal` read
/// "expected a number, found the number 1e200", and a 60-digit `Decimal` was rounded silently.
@Suite struct Test_NumberMessages {
    static func failure<T: JSONTransformer>(_ json: String, _ transformer: T) -> String {
        do {
            _ = try Test_TransformerRoundTrips.read(json, transformer)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func aHugeLiteralIsQuotedByItsStartAndLength() {
        let digits = String(repeating: "9", count: 1_000_000)
        let message = Self.failure(digits, IntegerTransformer<Int64>())
        #expect(message.count < 200, "\(message.prefix(200))")
        #expect(message.contains("(1000000 characters) is out of range for Int64"), "\(message.prefix(200))")
        #expect(Self.failure("\"\(digits)x\"", NumberFromStringTransformer(DoubleTransformer())).count < 200)
    }

    @Test func decimalsBeyondRangeOrPrecisionAreRefused() throws {
        #expect(Self.failure("1e200", DecimalTransformer()).contains("1e200 is beyond the range of Decimal"))
        let sixty = "1." + String(repeating: "3", count: 59)
        #expect(
            Self.failure(sixty, DecimalTransformer()).contains("has 60 significant digits; Decimal keeps 38"),
            "\(Self.failure(sixty, DecimalTransformer()))")
        // 38 significant digits, and zeros that carry no digit of their own, are read exactly.
        let thirtyEight = "1234567890123456789012345678901234567.8"
        #expect(
            try Test_TransformerRoundTrips.read(thirtyEight, DecimalTransformer())
                == Decimal(string: thirtyEight, locale: Locale(identifier: "en_US_POSIX")))
        #expect(try Test_TransformerRoundTrips.read("1" + String(repeating: "0", count: 59), DecimalTransformer()) > 0)
        #expect(try Test_TransformerRoundTrips.read("0.000120", DecimalTransformer()) == Decimal(string: "0.00012"))
    }
}

/// The reader's answer to a repeated key (documented in MappingSemantics): the first occurrence.
@Suite struct Test_RepeatedKeys {
    @Test func theFirstOccurrenceIsRead() throws {
        let document = try JSONDocument(bytes: Array(#"{"id": 1, "id": 2}"#.utf8))
        #expect(document.withRoot { $0.value(at: ["id"])?.int64() } == 1)
    }
}
