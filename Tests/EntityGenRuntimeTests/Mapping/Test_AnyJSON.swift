import EntityGenRuntime
import Testing

/// `AnyJSON` keeps any value exactly and compares as JSON does.
@Suite struct Test_AnyJSON {
    private func read(_ json: String) throws -> AnyJSON {
        try JSONDocument(bytes: Array(json.utf8)).withRoot { AnyJSON($0) }
    }

    @Test func writesBackWhatItRead() throws {
        let text = #"{"b":[1.50,-0,1e400,"x\n",null,true,false],"a":{"a":1,"a":2},"c":{}}"#
        let value = try read(text)
        // Literal numbers (even one beyond Double), member order and a repeated key are kept.
        #expect(value.description == text)
    }

    @Test func comparesObjectsByMembersAndNumbersByValue() throws {
        #expect(try read(#"{"a":1.50,"b":[1e2]}"#) == read(#"{"b":[100],"a":1.5}"#))
        #expect(try read(#"{"a":1.50}"#).hashValue == read(#"{"a":15e-1}"#).hashValue)
        #expect(try read("-0") == read("0.0"))
        #expect(try read("[1,2]") != read("[2,1]"))
        #expect(try read(#"{"a":1}"#) != read(#"{"a":"1"}"#))
        // Not rounded: two literals one Double would hold are different numbers.
        #expect(try read("0.30000000000000000001") != read("0.3"))
    }

    @Test func numberValuesNeverTrap() {
        for literal in [
            "", "-", "1e", "1e+", "..", "0x10", "1" + String(repeating: "0", count: 400), "9e99999999999999999999",
        ] {
            _ = JSONNumberValue(literal).hashValue
        }
        #expect(
            JSONNumberValue("12.340e1") == JSONNumberValue(isNegative: false, digits: Array("1234".utf8), exponent: -1))
    }
}
