import EntityGenRuntime
import Testing

/// How the collection transformers write: maps with their members in key order whatever their size,
/// so that equal maps write equal bytes (SQLite and PostgreSQL JSON columns compare them as text).
@Suite struct Test_CollectionTransformers {
    /// `map` written by `MapTransformer(StringTransformer())`.
    func written(_ map: [String: String]) -> String {
        var writer = JSONWriter()
        MapTransformer(StringTransformer()).encode(map, to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// What the map must write: its keys sorted, each with its value.
    func expected(_ map: [String: String]) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        for key in map.keys.sorted() {
            writer.key(key)
            writer.string(map[key]!)
        }
        writer.endObject()
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func mapsOfEverySizeAreWrittenInKeyOrder() {
        // Small maps are sorted on the stack, larger ones (over 16 members) as arrays: both sides of the
        // limit, with keys that sort differently by bytes and by Unicode (precomposed and combining
        // accents, a key that prefixes another, the empty key).
        var generator = SystemRandomNumberGenerator()
        let alphabet = ["a", "B", "é", "e\u{301}", "z", "Ω", "", "a\"b", "\\", "\u{1F600}"]
        for size in 0...40 {
            for _ in 0..<5 {
                var map: [String: String] = [:]
                while map.count < size {
                    let key = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                        alphabet.randomElement(using: &generator)!
                    }.joined()
                    map[key] = "\(map.count)"
                }
                #expect(written(map) == expected(map), "\(size) members")
            }
        }
        #expect(written([:]) == "{}")
        #expect(written(["b": "2", "a": "1"]) == #"{"a":"1","b":"2"}"#)
    }

    @Test func aWriterEmptiedForReuseStartsAnew() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.string("x")
        writer.removeAll()
        // No comma is owed to what was removed.
        writer.string("y")
        #expect(writer.bytes == Array(#""y""#.utf8))
        writer.removeAll()
        writer.bool(true)
        writer.bool(false)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "true,false")
    }
}
