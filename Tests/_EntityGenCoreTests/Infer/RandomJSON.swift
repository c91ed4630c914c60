import EntityGenRuntime
import EntityGenTestSupport
import Foundation

/// Random sample documents for the inference property: a list of records that share a random shape, as
/// real API payloads do, with everything that makes inference hard: keys that are not Swift names, are
/// reserved or collide once camel-cased; values that are sometimes null, sometimes absent or of several
/// kinds; integers beyond Int64, decimals beyond Double, dates in every supported form and some that
/// only look like one; URLs, UUIDs in both cases, enums, maps with id keys, nested lists and objects;
/// keys that name another record's id, members sent as an id or the whole object, and records of several
/// kinds told apart by a `type` key.
struct RandomJSON {
    private var random: SplitMix64
    /// Records in the document being written (a `parent_id` names one of them).
    private var recordCount = 1

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// A kind of value a key holds across records.
    private indirect enum Kind {
        case int, bigInt, double, longDecimal, bool, text, date(Int), epochMillis, url, uuid(upper: Bool)
        case word([String]), numericText, mixed, alwaysNull, deep
        /// A record's id (`1...recordCount`), or an id or the object carrying it (`{"id": n, "name": ...}`).
        case recordID, idOrObject
        case object([Field])
        case array(Kind)
        case map(Kind)
    }

    private struct Field {
        var key: String
        var kind: Kind
        var present: Double
        var nulls: Bool
    }

    /// A JSON document: an array of records, an envelope with them, or (one in ten) a single object.
    mutating func document() -> String {
        let shape = fields(depth: 0)
        let count = int(1...25)
        recordCount = count
        // One document in four: records of two or three kinds, each with keys of its own.
        let kinds = int(0...3) == 0 ? (0..<int(2...3)).map { _ in fields(depth: 1) } : []
        var writer = JSONWriter()
        let form = int(0...9)
        if form == 0 {
            write(object: shape, index: 0, to: &writer)
        } else {
            if form == 1 {
                writer.beginObject()
                writer.key("results")
                writer.beginArray()
            } else {
                writer.beginArray()
            }
            for index in 0..<count {
                if kinds.isEmpty {
                    write(object: shape, index: index, to: &writer)
                } else {
                    let kind = int(0...(kinds.count - 1))
                    let extra = kinds[kind].map { field in
                        Field(
                            key: "k\(kind)_" + field.key, kind: field.kind, present: field.present, nulls: field.nulls)
                    }
                    write(object: shape, index: index, to: &writer, type: "kind\(kind)", extra: extra)
                }
            }
            writer.endArray()
            if form == 1 {
                writer.key("next")
                writer.null()
                writer.endObject()
            }
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    // MARK: Shapes

    private static let hostileKeys = [
        "id", "description", "self", "Type", "rowID", "rowKey", "hashValue", "_id", "class", "default", "user_id",
        "a.b", "tags[]", "@type", "+1", "1st", "名前", "created_at", "createdAt", "CREATED_AT", "x y", "null",
        "true", "'quote'", "back\\slash", "updated", "status", "kind", "type", "json", "context", "writer",
        "parent_id", "ownerId",
        String(repeating: "long", count: 400), "ключ", "😀",
    ]

    private mutating func fields(depth: Int) -> [Field] {
        var result: [Field] = []
        var keys = Set<String>()
        if depth == 0 { result.append(Field(key: "id", kind: .int, present: 1, nulls: false)) }
        keys.insert("id")
        for _ in 0..<int(1...(depth == 0 ? 9 : 5)) {
            let key = int(0...2) == 0 ? Self.hostileKeys[int(0...(Self.hostileKeys.count - 1))] : "key_\(int(0...40))"
            guard keys.insert(key).inserted else { continue }
            let present = int(0...3) == 0 ? 0.6 : 1
            // A key that names a record's id mostly holds one.
            let kind = key.hasSuffix("_id") || key.hasSuffix("Id") && int(0...3) > 0 ? .recordID : kind(depth: depth)
            result.append(Field(key: key, kind: kind, present: present, nulls: int(0...4) == 0))
        }
        return result
    }

    private mutating func kind(depth: Int) -> Kind {
        switch int(0...(depth < 2 ? 19 : 15)) {
        case 0: return .int
        case 1: return .bigInt
        case 2: return .double
        case 3: return .longDecimal
        case 4: return .bool
        case 5: return .text
        case 6: return .date(int(0...5))
        case 7: return .epochMillis
        case 8: return .url
        case 9: return .uuid(upper: int(0...1) == 0)
        case 10: return .word(["open", "closed", "merged"].shuffled(using: &random).dropLast(int(0...1)).map { $0 })
        case 11: return .numericText
        case 12: return .mixed
        case 13: return [.alwaysNull, .deep, .recordID, .idOrObject][int(0...3)]
        case 14: return .array(.int)
        case 15: return .array(.text)
        case 16: return .object(fields(depth: depth + 1))
        case 17: return .array(.object(fields(depth: depth + 1)))
        case 18: return .map(.int)
        default: return .map(.object(fields(depth: depth + 1)))
        }
    }

    // MARK: Values

    private mutating func write(
        object fields: [Field], index: Int, to writer: inout JSONWriter, type: String? = nil, extra: [Field] = []
    ) {
        writer.beginObject()
        if let type {
            writer.key("type")
            writer.string(type)
        }
        for field in fields + extra where type == nil || field.key != "type" {
            guard field.present >= 1 || double() < field.present else { continue }
            writer.key(field.key)
            if field.key == "id" {
                writer.integer(index + 1)
            } else if field.nulls, int(0...2) == 0 {
                writer.null()
            } else {
                write(field.kind, to: &writer)
            }
        }
        writer.endObject()
    }

    private mutating func write(_ kind: Kind, to writer: inout JSONWriter) {
        switch kind {
        case .int: writer.integer(Int64(int(-1000...1_000_000)))
        case .bigInt: writer.raw(Array("1844674407370955\(int(1000...9999))\(int(10...99))".utf8))
        case .double: writer.raw(Array("\(int(-99...99)).\(int(0...999_999))".utf8))
        case .longDecimal:
            writer.raw(
                Array("0.\(int(100_000_000...999_999_999))\(int(100_000_000...999_999_999))\(int(100...999))".utf8))
        case .bool: writer.bool(int(0...1) == 0)
        case .text:
            writer.string(["plain", "ünïcødé ✓", "line\nbreak", "quote\"s", "", " spaced ", "\u{1}"][int(0...6)])
        case let .date(form):
            let day = int(10...28)
            let texts = [
                "2024-03-\(day)T07:00:00Z", "2024-03-\(day)T07:00:00.123Z", "2024-03-\(day)", "2024-03-\(day) 07:00:00",
                "Mon Mar \(day) 07:00:00 +0000 2024", "2024-03-\(day)T07:00:00+01:00",
            ]
            writer.string(texts[form])
        case .epochMillis: writer.integer(Int64(1_700_000_000_000 + int(0...1_000_000)))
        case .url: writer.string("https://example.com/\(int(0...99))?q=a%20b")
        case let .uuid(upper):
            let hex = (0..<32).map { _ in String(int(0...15), radix: 16, uppercase: upper) }
            let groups = [hex[0..<8], hex[8..<12], hex[12..<16], hex[16..<20], hex[20..<32]].map { $0.joined() }
            writer.string(groups.joined(separator: "-"))
        case let .word(words): writer.string(words[int(0...(words.count - 1))])
        case .numericText: writer.string("\(int(0...9999))")
        case .mixed:
            switch int(0...3) {
            case 0: writer.string("text")
            case 1: writer.integer(7)
            case 2:
                writer.beginObject()
                writer.key("a")
                writer.raw(Array("1.50".utf8))
                writer.key("a")
                writer.integer(2)
                writer.endObject()
            default:
                writer.beginArray()
                writer.null()
                writer.bool(true)
                writer.endArray()
            }
        case .alwaysNull: writer.null()
        case .recordID: writer.integer(int(1...recordCount))
        case .idOrObject:
            let id = int(1...6)
            if int(0...1) == 0 {
                writer.integer(id)
            } else {
                writer.beginObject()
                writer.key("id")
                writer.integer(id)
                writer.key("name")
                writer.string("n\(id)")
                writer.endObject()
            }
        case .deep:
            // Nested past what a schema type can say (seven levels).
            let depth = int(6...11)
            for _ in 0..<depth { writer.beginArray() }
            writer.integer(int(0...9))
            for _ in 0..<depth { writer.endArray() }
        case let .object(fields): write(object: fields, index: int(0...1000), to: &writer)
        case let .array(element):
            writer.beginArray()
            for _ in 0..<int(0...4) { write(element, to: &writer) }
            writer.endArray()
        case let .map(element):
            writer.beginObject()
            for _ in 0..<int(0...4) {
                writer.key(String(int(100_000...999_999)))
                write(element, to: &writer)
            }
            writer.endObject()
        }
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    private mutating func double() -> Double { Double.random(in: 0..<1, using: &random) }
}
