import Foundation

/// `Codable` for generated models through the schema's own mapping: encoding writes what `writeJSON`
/// writes and decoding reads what `map` reads. So `JSONEncoder().encode(repo)` is the API's JSON (its
/// keys, its date formats), `JSONDecoder().decode(Repo.self, from: data)` applies the schema's keys,
/// transformers, defaults, constraints and failure policies, and a model passed to another API
/// (a networking library's `decode`, a cache) round-trips. Any `Encoder` or `Decoder` works: the JSON
/// goes through their containers.
///
/// Generated conformances are two one-line methods calling these, whatever the model holds (custom
/// types, boxes, families), so they cost next to no compile time.
public enum JSONMappableCoding {
    /// Decodes a model: the decoder's value, as JSON, mapped by the schema. A mapping error becomes
    /// `DecodingError.dataCorrupted` naming the JSON path and the schema line.
    public static func decode<Model: JSONMappable>(
        _: Model.Type = Model.self, from decoder: any Decoder
    ) throws
        -> Model
    {
        var writer = JSONWriter()
        try readValue(from: decoder, into: &writer)
        do {
            return try Model.map(json: writer.bytes).value
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    /// Encodes a model as its JSON.
    public static func encode<Model: JSONMappable>(_ model: Model, to encoder: any Encoder) throws {
        let document = try JSONDocument(bytes: model.jsonBytes())
        try document.withRoot { root throws(any Error) in try write(root, to: encoder) }
    }

    /// Copies whatever value a decoder holds into JSON text.
    private static func readValue(from decoder: any Decoder, into writer: inout JSONWriter) throws {
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            writer.beginObject()
            for key in object.allKeys {
                writer.key(key.stringValue)
                try readValue(from: object.superDecoder(forKey: key), into: &writer)
            }
            writer.endObject()
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            writer.beginArray()
            while !array.isAtEnd { try readValue(from: array.superDecoder(), into: &writer) }
            writer.endArray()
            return
        }
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            writer.null()
        } else if let flag = try? value.decode(Bool.self) {
            writer.bool(flag)
        } else if let integer = try? value.decode(Int64.self) {
            writer.integer(integer)
        } else if let integer = try? value.decode(UInt64.self) {
            writer.integer(integer)
        } else if let number = try? value.decode(Double.self) {
            writer.double(number)
        } else {
            writer.string(try value.decode(String.self))
        }
    }

    /// Writes a JSON value through an encoder's containers.
    private static func write(_ value: JSONValue, to encoder: any Encoder) throws {
        switch value.kind {
        case .object:
            var object = encoder.container(keyedBy: AnyKey.self)
            try value.forEachMember { (key, member) throws(any Error) in
                try write(member, to: object.superEncoder(forKey: AnyKey(stringValue: key)))
            }
        case .array:
            var array = encoder.unkeyedContainer()
            try value.forEachElement { (_, element) throws(any Error) in try write(element, to: array.superEncoder()) }
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .true, .false:
            var single = encoder.singleValueContainer()
            try single.encode(value.kind == .true)
        case .string:
            var single = encoder.singleValueContainer()
            try single.encode(value.string() ?? "")
        case .number:
            var single = encoder.singleValueContainer()
            if let integer = value.int64() {
                try single.encode(integer)
            } else if let integer = value.uint64() {
                try single.encode(integer)
            } else {
                try single.encode(value.double() ?? 0)
            }
        }
    }

    /// Any string key.
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
