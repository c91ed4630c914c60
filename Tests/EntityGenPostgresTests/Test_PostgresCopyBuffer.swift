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
