import EntityGenRuntime
import Testing

/// Integers written as digits straight into bytes (JSON integers, PostgreSQL COPY fields): the text
/// `String(value)` gives, for every width and sign.
@Suite struct Test_ArrayDecimalDigits {
    func digits<Integer: BinaryInteger>(_ value: Integer) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "<")]
        bytes.appendDecimalDigits(of: value)
        return String(decoding: bytes.dropFirst(), as: UTF8.self)
    }

    @Test func everyWidthAtItsEdgesAndBetween() {
        func check<Integer: FixedWidthInteger>(_ type: Integer.Type) {
            var values: [Integer] = [.min, .max, 0, 1, 9, 10, 99, 100]
            if Integer.isSigned { values += [-1, -9, -10, .min + 1] }
            var generator = SystemRandomNumberGenerator()
            values += (0..<200).map { _ in Integer.random(in: .min ... .max, using: &generator) }
            for value in values {
                #expect(digits(value) == String(value), "\(Integer.self) \(value)")
            }
        }
        check(Int8.self)
        check(Int16.self)
        check(Int32.self)
        check(Int64.self)
        check(Int.self)
        check(UInt8.self)
        check(UInt16.self)
        check(UInt32.self)
        check(UInt64.self)
        check(UInt.self)
        // Every power of ten and its neighbours, where the digit count changes.
        var power: UInt64 = 1
        for _ in 0..<19 {
            for value in [power - 1, power, power + 1] { #expect(digits(value) == String(value)) }
            power *= 10
        }
    }

    @Test func theWriterWritesIntegersTheSameWay() {
        var writer = JSONWriter()
        writer.beginArray()
        for value in [Int64.min, -1, 0, Int64.max] { writer.integer(value) }
        writer.integer(UInt64.max)
        writer.endArray()
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == "[-9223372036854775808,-1,0,9223372036854775807,18446744073709551615]")
    }
}
