import EntityGenRuntime
import Foundation
import Testing

/// Every built-in transformer writes back what it read: reading the written JSON gives the same value
/// (issue 13, item 4: `iso8601` wrote `...19.123Z` as `...19Z`, `epochMilliseconds` dropped
/// fractions of a millisecond).
@Suite struct Test_TransformerRoundTrips {
    /// Decodes `json` (one JSON value) with `transformer`.
    static func read<T: JSONTransformer>(_ json: String, _ transformer: T) throws -> T.Value {
        let document = try JSONDocument(bytes: Array(json.utf8))
        return try document.withRoot { root in
            var context = MappingContext()
            return try transformer.decode(root, context: &context)
        }
    }

    /// Encodes `value` with `transformer`, as JSON text.
    static func write<T: JSONTransformer>(_ value: T.Value, _ transformer: T) -> String {
        var writer = JSONWriter()
        transformer.encode(value, to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Reads `json`, writes the date, reads that: the two dates must be equal. Returns what was written.
    @discardableResult
    static func roundTrip<T: JSONTransformer>(_ json: String, _ transformer: T) throws -> String where T.Value == Date {
        let date = try read(json, transformer)
        let written = write(date, transformer)
        #expect(try read(written, transformer) == date, "\(json) -> \(written)")
        return written
    }

    @Test(arguments: [
        "2015-04-06T14:45:19Z", "2015-04-06T14:45:19.123Z", "2015-04-06T14:45:19.5Z", "2015-04-06T14:45:19.999Z",
        "2015-04-06T14:45:19.123456Z", "2015-04-06T14:45:19.000001Z", "2014-03-07T07:00:00.250+01:00",
        "1969-12-31T23:59:59.999Z", "1900-01-01T00:00:00.001Z", "2099-12-31T23:59:59.5-05:30",
    ])
    func iso8601WritesWhatItRead(text: String) throws {
        try Self.roundTrip("\"\(text)\"", ISO8601DateTransformer())
        try Self.roundTrip("\"\(text)\"", ISO8601DateTransformer(fractionalSeconds: true))
    }

    @Test func iso8601KeepsItsFormsForWholeSecondsAndMilliseconds() throws {
        #expect(try Self.roundTrip(#""2015-04-06T14:45:19Z""#, ISO8601DateTransformer()) == #""2015-04-06T14:45:19Z""#)
        #expect(
            try Self.roundTrip(#""2015-04-06T14:45:19.123Z""#, ISO8601DateTransformer())
                == #""2015-04-06T14:45:19.123Z""#)
        #expect(
            try Self.roundTrip(#""2015-04-06T14:45:19Z""#, ISO8601DateTransformer(fractionalSeconds: true))
                == #""2015-04-06T14:45:19.000Z""#)
        #expect(
            try Self.roundTrip(#""2015-04-06T14:45:19.123456Z""#, ISO8601DateTransformer())
                == #""2015-04-06T14:45:19.123456Z""#)
    }

    @Test(arguments: ["1428331519", "1428331519.123", "1428331519.123456", "-1.5", "0"])
    func epochSecondsWritesWhatItRead(number: String) throws {
        try Self.roundTrip(number, EpochDateTransformer(.seconds))
    }

    @Test(arguments: ["1428331519123", "1428331519123.5", "-1500", "0", "1428331519123.25"])
    func epochMillisecondsWritesWhatItRead(number: String) throws {
        try Self.roundTrip(number, EpochDateTransformer(.milliseconds))
    }

    @Test func epochMillisecondsStaysAnIntegerForWholeMilliseconds() throws {
        #expect(try Self.roundTrip("1428331519123", EpochDateTransformer(.milliseconds)) == "1428331519123")
    }

    @Test(arguments: ["\"Mon Apr 06 14:45:19 +0000 2015\"", "\"Mon Apr 06 16:45:19 +0200 2015\""])
    func datePatternsWriteWhatTheyRead(text: String) throws {
        try Self.roundTrip(text, DateFormatTransformer("EEE MMM dd HH:mm:ss Z yyyy"))
    }

    /// Reads `json`, writes the value, reads that: equal values (any transformer).
    static func roundTripsValue<T: JSONTransformer>(_ json: String, _ transformer: T) throws -> Bool
    where T.Value: Equatable {
        let value = try read(json, transformer)
        return try read(write(value, transformer), transformer) == value
    }

    @Test func theOtherBuiltInTransformersWriteWhatTheyRead() throws {
        for json in ["42", "\"42\"", "-7", "\"9223372036854775807\""] {
            #expect(try Self.roundTripsValue(json, NumberFromStringTransformer(IntegerTransformer<Int64>())), "\(json)")
        }
        for json in ["1.5", "\"1.5\"", "0.1", "\"1e-7\"", "123456789.123456789"] {
            #expect(try Self.roundTripsValue(json, NumberFromStringTransformer(DoubleTransformer())), "\(json)")
            #expect(try Self.roundTripsValue(json, NumberFromStringTransformer(DecimalTransformer())), "\(json)")
        }
        for json in ["true", "\"yes\"", "\"0\"", "\"false\""] {
            #expect(try Self.roundTripsValue(json, BoolFromStringTransformer()), "\(json)")
        }
        for json in [#""https://example.com/a?b=1#c""#, #""relative/path""#, #""https://example.com/%C3%A9""#] {
            #expect(try Self.roundTripsValue(json, URLTransformer()), "\(json)")
        }
        #expect(try Self.roundTripsValue(#""aGVsbG8=""#, Base64Transformer()))
        #expect(try Self.roundTripsValue(#""e621e1f8-c36c-495a-93fc-0c247a3e6e5f""#, UUIDTransformer()))
    }
}
