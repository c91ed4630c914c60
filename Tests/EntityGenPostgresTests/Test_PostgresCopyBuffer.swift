import EntityGenPostgres
import EntityGenRuntime
import Foundation
import Testing

/// COPY text encoding, byte for byte (the server tests read the same values back).
@Suite struct Test_PostgresCopyBuffer {
    func row(_ write: (inout PostgresCopyBuffer) -> Void) -> String {
        var buffer = PostgresCopyBuffer()
        write(&buffer)
        buffer.endRow()
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    @Test func fieldsAreTabSeparatedAndNullIsBackslashN() {
        #expect(
            row {
                $0.append(Int64(42)); $0.append(String?.none); $0.append(true)
            } == "42\t\\N\tt\n")
    }

    @Test func textEscapesBackslashTabNewlineAndCarriageReturn() {
        #expect(row { $0.append("a\\b\tc\nd\re \"ü\"") } == "a\\\\b\\tc\\nd\\re \"ü\"\n")
        // Strings too long to be stored inline (read in place from their heap storage): one made whole,
        // one copied out of a substring.
        let long = String(repeating: "ü\t\\", count: 40)
        #expect(row { $0.append(long) } == String(repeating: "ü\\t\\\\", count: 40) + "\n")
        #expect(row { $0.append(String(long.dropFirst(3))) } == String(repeating: "ü\\t\\\\", count: 39) + "\n")
    }

    /// The escaping rule one byte at a time, as COPY text defines it: what the word-at-a-time scan must
    /// give for any input.
    static func escapedBytewise(_ text: [UInt8]) -> (bytes: [UInt8], hasNUL: Bool) {
        var out: [UInt8] = []
        var hasNUL = false
        for byte in text {
            switch byte {
            case 0x5C: out += [0x5C, 0x5C]
            case 0x09: out += [0x5C, UInt8(ascii: "t")]
            case 0x0A: out += [0x5C, UInt8(ascii: "n")]
            case 0x0D: out += [0x5C, UInt8(ascii: "r")]
            case 0x00:
                hasNUL = true
                out.append(0x00)
            default: out.append(byte)
            }
        }
        return (out, hasNUL)
    }

    @Test func textEscapingAgreesWithTheBytewiseRuleForEveryByteAtEveryOffset() {
        // Every byte value at every offset of texts shorter than, as long as and longer than the
        // eight-byte words the scan reads, between plain ASCII, bytes at or above 0x80 and near misses
        // (0x10, 0x5B, 0x5D, 0xDC: one bit away from what is escaped).
        for filler: UInt8 in [UInt8(ascii: "a"), 0x80, 0xFF, 0x10, 0x5B, 0x5D, 0xDC] {
            for length in [1, 7, 8, 9, 16, 23] {
                for offset in 0..<length {
                    for byte in UInt8.min...UInt8.max {
                        var text = [UInt8](repeating: filler, count: length)
                        text[offset] = byte
                        // A second special byte further on, so that escapes follow one another.
                        if offset + 3 < length { text[offset + 3] = 0x09 }
                        var buffer = PostgresCopyBuffer()
                        text.withUnsafeBufferPointer { buffer.appendText($0) }
                        let expected = Self.escapedBytewise(text)
                        guard buffer.bytes == expected.bytes, buffer.rowHasNUL == expected.hasNUL else {
                            Issue.record("byte \(byte) at \(offset) of \(length) among \(filler)s: \(buffer.bytes)")
                            return
                        }
                    }
                }
            }
        }
        var empty = PostgresCopyBuffer()
        [UInt8]().withUnsafeBufferPointer { empty.appendText($0) }
        empty.append("")
        #expect(empty.bytes == [0x09])
    }

    @Test func integersAreTheirDecimalDigits() {
        var fields: [String] = []
        let expected = row {
            for value in [Int64.min, Int64.min + 1, -10, -1, 0, 1, 9, 10, 99, 100, 1_234_567_890, Int64.max] {
                $0.append(value)
                fields.append(String(value))
            }
            for value in [UInt64.max, UInt64(Int64.max) + 1, 0] {
                $0.append(value)
                fields.append(String(value))
            }
            $0.append(Int8.min); $0.append(Int16.max); $0.append(Int32.min); $0.append(UInt8.max)
            fields += [String(Int8.min), String(Int16.max), String(Int32.min), String(UInt8.max)]
            $0.append(Int?.none); $0.append(Int?.some(-7)); $0.append(false)
            fields += ["\\N", "-7", "f"]
        }
        #expect(expected == fields.joined(separator: "\t") + "\n")
    }

    @Test func doublesAreShortestRoundTripAndSpecialValuesArePostgresSpellings() {
        #expect(row { $0.append(0.1 + 0.2) } == "0.30000000000000004\n")
        #expect(
            row {
                $0.append(Double.infinity); $0.append(-Double.infinity); $0.append(Double.nan)
            }
                == "Infinity\t-Infinity\tNaN\n")
    }

    @Test func datesAreUTCToTheMicrosecond() {
        #expect(row { $0.append(Date(timeIntervalSince1970: 0)) } == "1970-01-01 00:00:00.000000+00\n")
        #expect(
            row { $0.append(Date(timeIntervalSince1970: 1_700_000_000.123456)) } == "2023-11-14 22:13:20.123456+00\n")
        // Before 1970: the day and the microseconds floor, not truncate toward zero.
        #expect(row { $0.append(Date(timeIntervalSince1970: -0.25)) } == "1969-12-31 23:59:59.750000+00\n")
        // Past 9999 with all the year's digits, before year 1 as PostgreSQL writes BC years (year 0 is 1 BC).
        #expect(
            row { $0.append(Date(timeIntervalSince1970: 1_394_175_600_000)) } == "46149-08-31 16:00:00.000000+00\n")
        #expect(
            row { $0.append(Date(timeIntervalSince1970: -62_135_596_800.5)) } == "0001-12-31 23:59:59.500000+00 BC\n")
        #expect(row { $0.append(Date(timeIntervalSince1970: -63_517_780_800)) } == "0044-03-15 12:00:00.000000+00 BC\n")
        // Outside PostgreSQL's range, or NaN: the row is marked, to be left out and reported.
        for date in [
            Date(timeIntervalSince1970: -210_866_803_200.000_1), Date(timeIntervalSince1970: 1e16),
            Date(timeIntervalSince1970: .nan),
        ] {
            var buffer = PostgresCopyBuffer()
            buffer.append(date)
            #expect(
                buffer.unstorable?.contains("outside the range PostgreSQL stores") == true,
                "\(date.timeIntervalSince1970)")
        }
        var lowest = PostgresCopyBuffer()
        lowest.append(Date(timeIntervalSince1970: -210_866_803_200))
        #expect(lowest.unstorable == nil)
        #expect(String(decoding: lowest.bytes, as: UTF8.self) == "4714-11-24 00:00:00.000000+00 BC")
    }

    @Test func bytesAreHexWithTheBackslashEscaped() {
        #expect(row { $0.append(Data([0x00, 0xAB, 0x10])) } == "\\\\x00ab10\n")
    }

    @Test func uuidDecimalAndURLAreTheirCanonicalText() throws {
        let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        let amount = try #require(Decimal(string: "12345678901234567890.123456789"))
        let url = try #require(URL(string: "https://example.com/a?b=c"))
        #expect(
            row {
                $0.append(uuid); $0.append(amount); $0.append(url)
            }
                == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F\t12345678901234567890.123456789\thttps://example.com/a?b=c\n")
    }

    @Test func jsonColumnsAreJSONTextEscapedForCopy() {
        #expect(
            row { $0.appendJSON(["a\tb", "c\\d"], ArrayTransformer(StringTransformer())) }
                == "[\"a\\\\tb\",\"c\\\\\\\\d\"]\n")
        #expect(row { $0.appendJSON([String]?.none, ArrayTransformer(StringTransformer())) } == "\\N\n")
    }

    @Test func jsonColumnsOfOneRowAndTheNextAreEachTheirOwnValue() {
        // The buffer writes each JSON column with the same writer's storage: nothing of one column may
        // reach the next, and a map's members are written in key order however many there are.
        var buffer = PostgresCopyBuffer()
        let map = MapTransformer(StringTransformer())
        buffer.appendJSON(["b": "2", "c": "3", "a": "1"], map)
        buffer.appendJSON(["only": "x"], map)
        buffer.appendJSON([String: String](), map)
        buffer.appendJSON([String: String]?.none, map)
        buffer.endRow()
        buffer.appendJSON(["z\t": "y"], map)
        buffer.appendJSON(["one"], ArrayTransformer(StringTransformer()))
        buffer.endRow()
        #expect(
            String(decoding: buffer.bytes, as: UTF8.self)
                == "{\"a\":\"1\",\"b\":\"2\",\"c\":\"3\"}\t{\"only\":\"x\"}\t{}\t\\N\n{\"z\\\\t\":\"y\"}\t[\"one\"]\n")
    }

    @Test func nulInTextOrJSONMarksTheRow() {
        var buffer = PostgresCopyBuffer()
        buffer.append("a\u{0}b")
        #expect(buffer.rowHasNUL)
        buffer.dropRow(from: 0)
        #expect(!buffer.rowHasNUL && buffer.bytes.isEmpty)
        buffer.appendJSON(["x\u{0}"], ArrayTransformer(StringTransformer()))
        #expect(buffer.rowHasNUL)
        // A string holding a backslash then `u0000` is not U+0000.
        var other = PostgresCopyBuffer()
        other.appendJSON(["\\u0000"], ArrayTransformer(StringTransformer()))
        #expect(!other.rowHasNUL)
    }

    @Test func keysCompareByTableAndValues() {
        let a = PostgresRowKey(Gadget.Postgres.table, [Int64(1)])
        #expect(a == PostgresRowKey(Gadget.Postgres.table, [Int64(1)]))
        #expect(a != PostgresRowKey(Gadget.Postgres.table, [Int64(2)]))
        #expect(a.description == "id=1")
    }

    @Test func stagingNamesFitPostgresIdentifierLimit() {
        let long = String(repeating: "a", count: 60)
        let one = PostgresTable(entity: "A", name: long + "x", columns: ["id"], identity: ["id"])
        let two = PostgresTable(entity: "B", name: long + "y", columns: ["id"], identity: ["id"])
        #expect(one.stagingName.utf8.count <= 63 && two.stagingName.utf8.count <= 63)
        #expect(one.stagingName != two.stagingName)
    }
}
