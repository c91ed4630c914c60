/// `Codable` for schema enums, by raw value (what generated `init(from:)` and `encode(to:)` call): an
/// unlisted raw value decodes to the fallback case, or fails when the enum has none.
public enum JSONEnumerationCoding {
    /// Decodes an enum from its raw value.
    public static func decode<Enumeration: JSONEnumeration>(
        _: Enumeration.Type = Enumeration.self, from decoder: any Decoder
    ) throws -> Enumeration where Enumeration.JSONRawValue: Decodable {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(Enumeration.JSONRawValue.self)
        guard let value = Enumeration(jsonRawValue: raw) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(raw.shown) is not a case of \(Enumeration.self)")
        }
        return value
    }

    /// Encodes an enum as its raw value.
    public static func encode<Enumeration: JSONEnumeration>(_ value: Enumeration, to encoder: any Encoder) throws
    where Enumeration.JSONRawValue: Encodable {
        var container = encoder.singleValueContainer()
        try container.encode(value.jsonRawValue)
    }
}
