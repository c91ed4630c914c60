import Foundation

/// Direct entry points for the common field: one top-level key, the default failure policy, no
/// constraints, and a built-in type read the schema's default way (or an embedded entity).
///
/// Each is ``MappingContext/required(_:_:_:default:)`` or ``MappingContext/optional(_:_:_:default:)``
/// with the field and transformer filled in, so the result is the same; release builds inline them to
/// the same code. Generated mappers call these instead of the general form because a call site that
/// names neither a `MappingField` nor a generic transformer costs the compiler less: with them (and
/// ``JSONWriter``'s member writers) a debug compile of 1,000 generated entities did about 12% less work
/// per file.
///
/// The `optional…` forms return `nil` (or `fallback`) when the key is missing or `null`; the others
/// throw, unless a `fallback` is given.
extension MappingContext {
    /// A JSON string.
    @inlinable public mutating func string(
        _ object: JSONValue, _ key: String, schema: String, default fallback: String? = nil
    ) throws(MappingError) -> String {
        try required(object, MappingField(key, schema: schema), StringTransformer(), default: fallback)
    }

    /// A JSON string, or `nil`.
    @inlinable public mutating func optionalString(
        _ object: JSONValue, _ key: String, schema: String, default fallback: String? = nil
    ) throws(MappingError) -> String? {
        try optional(object, MappingField(key, schema: schema), StringTransformer(), default: fallback)
    }

    /// `true` or `false`.
    @inlinable public mutating func bool(
        _ object: JSONValue, _ key: String, schema: String, default fallback: Bool? = nil
    ) throws(MappingError) -> Bool {
        try required(object, MappingField(key, schema: schema), BoolTransformer(), default: fallback)
    }

    /// `true` or `false`, or `nil`.
    @inlinable public mutating func optionalBool(
        _ object: JSONValue, _ key: String, schema: String, default fallback: Bool? = nil
    ) throws(MappingError) -> Bool? {
        try optional(object, MappingField(key, schema: schema), BoolTransformer(), default: fallback)
    }

    /// An integer literal in range of `Integer`, exactly (see ``IntegerTransformer``).
    @inlinable public mutating func integer<Integer: FixedWidthInteger & Sendable>(
        _ object: JSONValue, _ key: String, schema: String, as type: Integer.Type, default fallback: Integer? = nil
    ) throws(MappingError) -> Integer {
        try required(object, MappingField(key, schema: schema), IntegerTransformer<Integer>(), default: fallback)
    }

    /// An integer literal in range of `Integer`, or `nil`.
    @inlinable public mutating func optionalInteger<Integer: FixedWidthInteger & Sendable>(
        _ object: JSONValue, _ key: String, schema: String, as type: Integer.Type, default fallback: Integer? = nil
    ) throws(MappingError) -> Integer? {
        try optional(object, MappingField(key, schema: schema), IntegerTransformer<Integer>(), default: fallback)
    }

    /// A number as a correctly rounded `Double`.
    @inlinable public mutating func double(
        _ object: JSONValue, _ key: String, schema: String, default fallback: Double? = nil
    ) throws(MappingError) -> Double {
        try required(object, MappingField(key, schema: schema), DoubleTransformer(), default: fallback)
    }

    /// A number as a `Double`, or `nil`.
    @inlinable public mutating func optionalDouble(
        _ object: JSONValue, _ key: String, schema: String, default fallback: Double? = nil
    ) throws(MappingError) -> Double? {
        try optional(object, MappingField(key, schema: schema), DoubleTransformer(), default: fallback)
    }

    /// A number as a `Float`.
    @inlinable public mutating func float(
        _ object: JSONValue, _ key: String, schema: String, default fallback: Float? = nil
    ) throws(MappingError) -> Float {
        try required(object, MappingField(key, schema: schema), FloatTransformer(), default: fallback)
    }

    /// A number as a `Float`, or `nil`.
    @inlinable public mutating func optionalFloat(
        _ object: JSONValue, _ key: String, schema: String, default fallback: Float? = nil
    ) throws(MappingError) -> Float? {
        try optional(object, MappingField(key, schema: schema), FloatTransformer(), default: fallback)
    }

    /// A number as a `Decimal`, from its digits.
    @inlinable public mutating func decimal(
        _ object: JSONValue, _ key: String, schema: String, default fallback: Decimal? = nil
    ) throws(MappingError) -> Decimal {
        try required(object, MappingField(key, schema: schema), DecimalTransformer(), default: fallback)
    }

    /// A number as a `Decimal`, or `nil`.
    @inlinable public mutating func optionalDecimal(
        _ object: JSONValue, _ key: String, schema: String, default fallback: Decimal? = nil
    ) throws(MappingError) -> Decimal? {
        try optional(object, MappingField(key, schema: schema), DecimalTransformer(), default: fallback)
    }

    /// An ISO-8601 date-time string (the schema's default for `Date`).
    @inlinable public mutating func iso8601Date(
        _ object: JSONValue, _ key: String, schema: String, default fallback: Date? = nil
    ) throws(MappingError) -> Date {
        try required(object, MappingField(key, schema: schema), ISO8601DateTransformer(), default: fallback)
    }

    /// An ISO-8601 date-time string, or `nil`.
    @inlinable public mutating func optionalISO8601Date(
        _ object: JSONValue, _ key: String, schema: String, default fallback: Date? = nil
    ) throws(MappingError) -> Date? {
        try optional(object, MappingField(key, schema: schema), ISO8601DateTransformer(), default: fallback)
    }

    /// A URL string.
    @inlinable public mutating func url(
        _ object: JSONValue, _ key: String, schema: String, default fallback: URL? = nil
    ) throws(MappingError) -> URL {
        try required(object, MappingField(key, schema: schema), URLTransformer(), default: fallback)
    }

    /// A URL string, or `nil`.
    @inlinable public mutating func optionalURL(
        _ object: JSONValue, _ key: String, schema: String, default fallback: URL? = nil
    ) throws(MappingError) -> URL? {
        try optional(object, MappingField(key, schema: schema), URLTransformer(), default: fallback)
    }

    /// A UUID string.
    @inlinable public mutating func uuid(
        _ object: JSONValue, _ key: String, schema: String, default fallback: UUID? = nil
    ) throws(MappingError) -> UUID {
        try required(object, MappingField(key, schema: schema), UUIDTransformer(), default: fallback)
    }

    /// A UUID string, or `nil`.
    @inlinable public mutating func optionalUUID(
        _ object: JSONValue, _ key: String, schema: String, default fallback: UUID? = nil
    ) throws(MappingError) -> UUID? {
        try optional(object, MappingField(key, schema: schema), UUIDTransformer(), default: fallback)
    }

    /// A base64 string as `Data`.
    @inlinable public mutating func base64Data(
        _ object: JSONValue, _ key: String, schema: String, default fallback: Data? = nil
    ) throws(MappingError) -> Data {
        try required(object, MappingField(key, schema: schema), Base64Transformer(), default: fallback)
    }

    /// A base64 string as `Data`, or `nil`.
    @inlinable public mutating func optionalBase64Data(
        _ object: JSONValue, _ key: String, schema: String, default fallback: Data? = nil
    ) throws(MappingError) -> Data? {
        try optional(object, MappingField(key, schema: schema), Base64Transformer(), default: fallback)
    }

    /// Any JSON value, kept exactly.
    @inlinable public mutating func anyJSON(
        _ object: JSONValue, _ key: String, schema: String, default fallback: AnyJSON? = nil
    ) throws(MappingError) -> AnyJSON {
        try required(object, MappingField(key, schema: schema), AnyJSONTransformer(), default: fallback)
    }

    /// Any JSON value (`null` is `nil`), kept exactly.
    @inlinable public mutating func optionalAnyJSON(
        _ object: JSONValue, _ key: String, schema: String, default fallback: AnyJSON? = nil
    ) throws(MappingError) -> AnyJSON? {
        try optional(object, MappingField(key, schema: schema), AnyJSONTransformer(), default: fallback)
    }

    /// An embedded entity.
    @inlinable public mutating func entity<Entity: JSONMappable>(
        _ object: JSONValue, _ key: String, schema: String, as type: Entity.Type
    ) throws(MappingError) -> Entity {
        try required(object, MappingField(key, schema: schema), EntityTransformer<Entity>())
    }

    /// An embedded entity, or `nil`.
    @inlinable public mutating func optionalEntity<Entity: JSONMappable>(
        _ object: JSONValue, _ key: String, schema: String, as type: Entity.Type
    ) throws(MappingError) -> Entity? {
        try optional(object, MappingField(key, schema: schema), EntityTransformer<Entity>())
    }

    /// An array of embedded entities; empty when the key is missing or `null`. One bad element fails
    /// the whole array (lossy arrays go through ``ArrayTransformer``).
    @inlinable public mutating func entities<Entity: JSONMappable>(
        _ object: JSONValue, _ key: String, schema: String, as type: Entity.Type
    ) throws(MappingError) -> [Entity] {
        try optional(object, MappingField(key, schema: schema), ArrayTransformer(EntityTransformer<Entity>())) ?? []
    }
}
