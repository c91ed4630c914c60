import Foundation

/// Object members in one call: the key, then the value written the schema's default way. The
/// `optional…` forms write nothing for `nil` (absent optionals are left out of the object).
///
/// These are the writing half of the direct entry points on ``MappingContext``: generated `writeJSON`
/// uses them for built-in types and embedded entities, so each member is one call with no
/// `if let` and no transformer value.
extension JSONWriter {
    /// A string member.
    @inlinable public mutating func string(_ value: String, forKey key: String) {
        self.key(key)
        string(value)
    }

    /// A string member, left out when `nil`.
    @inlinable public mutating func optionalString(_ value: String?, forKey key: String) {
        if let value { string(value, forKey: key) }
    }

    /// A `true`/`false` member.
    @inlinable public mutating func bool(_ value: Bool, forKey key: String) {
        self.key(key)
        bool(value)
    }

    /// A `true`/`false` member, left out when `nil`.
    @inlinable public mutating func optionalBool(_ value: Bool?, forKey key: String) {
        if let value { bool(value, forKey: key) }
    }

    /// An integer member.
    @inlinable public mutating func integer<Integer: BinaryInteger>(_ value: Integer, forKey key: String) {
        self.key(key)
        integer(value)
    }

    /// An integer member, left out when `nil`.
    @inlinable public mutating func optionalInteger<Integer: BinaryInteger>(_ value: Integer?, forKey key: String) {
        if let value { integer(value, forKey: key) }
    }

    /// A `Double` member (`null` when not finite).
    @inlinable public mutating func double(_ value: Double, forKey key: String) {
        self.key(key)
        double(value)
    }

    /// A `Double` member, left out when `nil`.
    @inlinable public mutating func optionalDouble(_ value: Double?, forKey key: String) {
        if let value { double(value, forKey: key) }
    }

    /// A `Float` member (`null` when not finite).
    @inlinable public mutating func float(_ value: Float, forKey key: String) {
        self.key(key)
        float(value)
    }

    /// A `Float` member, left out when `nil`.
    @inlinable public mutating func optionalFloat(_ value: Float?, forKey key: String) {
        if let value { float(value, forKey: key) }
    }

    /// A `Decimal` member, all its digits.
    @inlinable public mutating func decimal(_ value: Decimal, forKey key: String) {
        self.key(key)
        decimal(value)
    }

    /// A `Decimal` member, left out when `nil`.
    @inlinable public mutating func optionalDecimal(_ value: Decimal?, forKey key: String) {
        if let value { decimal(value, forKey: key) }
    }

    /// A date member as an ISO-8601 string (fractional seconds when the date has them).
    @inlinable public mutating func iso8601Date(_ value: Date, forKey key: String) {
        self.key(key)
        ISO8601DateTransformer().encode(value, to: &self)
    }

    /// A date member as an ISO-8601 string, left out when `nil`.
    @inlinable public mutating func optionalISO8601Date(_ value: Date?, forKey key: String) {
        if let value { iso8601Date(value, forKey: key) }
    }

    /// A URL member, as its absolute string.
    @inlinable public mutating func url(_ value: URL, forKey key: String) {
        self.key(key)
        URLTransformer().encode(value, to: &self)
    }

    /// A URL member, left out when `nil`.
    @inlinable public mutating func optionalURL(_ value: URL?, forKey key: String) {
        if let value { url(value, forKey: key) }
    }

    /// A UUID member, as its string.
    @inlinable public mutating func uuid(_ value: UUID, forKey key: String) {
        self.key(key)
        UUIDTransformer().encode(value, to: &self)
    }

    /// A UUID member, left out when `nil`.
    @inlinable public mutating func optionalUUID(_ value: UUID?, forKey key: String) {
        if let value { uuid(value, forKey: key) }
    }

    /// A `Data` member, base64-encoded.
    @inlinable public mutating func base64Data(_ value: Data, forKey key: String) {
        self.key(key)
        Base64Transformer().encode(value, to: &self)
    }

    /// A `Data` member, base64-encoded, left out when `nil`.
    @inlinable public mutating func optionalBase64Data(_ value: Data?, forKey key: String) {
        if let value { base64Data(value, forKey: key) }
    }

    /// Any JSON value, as read.
    @inlinable public mutating func anyJSON(_ value: AnyJSON, forKey key: String) {
        self.key(key)
        value.write(to: &self)
    }

    /// Any JSON value, left out when `nil`.
    @inlinable public mutating func optionalAnyJSON(_ value: AnyJSON?, forKey key: String) {
        if let value { anyJSON(value, forKey: key) }
    }

    /// An embedded entity member.
    @inlinable public mutating func entity(_ value: some JSONMappable, forKey key: String) {
        self.key(key)
        value.writeJSON(to: &self)
    }

    /// An embedded entity member, left out when `nil`.
    @inlinable public mutating func optionalEntity<Entity: JSONMappable>(_ value: Entity?, forKey key: String) {
        if let value { entity(value, forKey: key) }
    }

    /// An array of embedded entities.
    @inlinable public mutating func entities<Entity: JSONMappable>(_ values: [Entity], forKey key: String) {
        self.key(key)
        beginArray()
        for value in values { value.writeJSON(to: &self) }
        endArray()
    }
}
