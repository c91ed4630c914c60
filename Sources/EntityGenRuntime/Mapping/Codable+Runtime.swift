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

extension EntityReference: Codable where Target.ID: Codable {
    /// Decodes the target's identifier.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(Target.ID.self))
    }

    /// Encodes the target's identifier.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(id)
    }
}

extension Indirect: Codable where Value: Codable {
    /// Decodes the boxed value as if it were stored inline.
    public convenience init(from decoder: any Decoder) throws {
        self.init(try Value(from: decoder))
    }

    /// Encodes the boxed value as if it were stored inline.
    public func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }
}

extension IndirectCollection: Codable where Value: Codable {
    /// Decodes the collection as if it were stored inline.
    public init(from decoder: any Decoder) throws {
        self.init(try Value(from: decoder))
    }

    /// Encodes the collection as if it were stored inline.
    public func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }
}
