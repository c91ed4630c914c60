import Foundation

/// ``FieldReads``' entry points: one for each ``MappingContext`` direct entry point, the same read on
/// ``FieldReads/object``. The placeholder a failed read stands in as (never returned to a caller, since
/// ``FieldReads/finish(in:)`` throws) is the type's zero: `""`, `false`, `0`, the reference date, the file
/// URL `/`, the zero UUID, empty `Data`, `AnyJSON.null`, an empty array, `nil`.
extension FieldReads {
    /// A JSON string (``MappingContext/string(_:_:schema:default:)``).
    @inlinable public mutating func string(
        _ key: String, schema: String, default fallback: String? = nil, absent bit: Int? = nil,
        in context: inout MappingContext
    ) -> String {
        readRequired(key, absent: bit, fallback: fallback, placeholder: "", in: &context) {
            context, object throws(MappingError) in
            try context.string(object, key, schema: schema, default: fallback)
        }
    }

    /// A JSON string, or `nil` (``MappingContext/optionalString(_:_:schema:default:)``).
    @inlinable public mutating func optionalString(
        _ key: String, schema: String, default fallback: String? = nil, absent bit: Int? = nil,
        in context: inout MappingContext
    ) -> String? {
        readOptional(key, absent: bit, hasDefault: fallback != nil, in: &context) {
            context, object throws(MappingError) in
            try context.optionalString(object, key, schema: schema, default: fallback)
        }
    }

    /// `true` or `false` (``MappingContext/bool(_:_:schema:default:)``).
    @inlinable public mutating func bool(
        _ key: String, schema: String, default fallback: Bool? = nil, absent bit: Int? = nil,
        in context: inout MappingContext
    ) -> Bool {
        readRequired(key, absent: bit, fallback: fallback, placeholder: false, in: &context) {
            context, object throws(MappingError) in
            try context.bool(object, key, schema: schema, default: fallback)
        }
    }

    /// `true` or `false`, or `nil` (``MappingContext/optionalBool(_:_:schema:default:)``).
    @inlinable public mutating func optionalBool(
        _ key: String, schema: String, default fallback: Bool? = nil, absent bit: Int? = nil,
        in context: inout MappingContext
    ) -> Bool? {
        readOptional(key, absent: bit, hasDefault: fallback != nil, in: &context) {
            context, object throws(MappingError) in
            try context.optionalBool(object, key, schema: schema, default: fallback)
        }
    }

    /// A number as a correctly rounded `Double` (``MappingContext/double(_:_:schema:default:)``).
    @inlinable public mutating func double(
        _ key: String, schema: String, default fallback: Double? = nil, absent bit: Int? = nil,
        in context: inout MappingContext
    ) -> Double {
        readRequired(
            key, absent: bit, placeholder: 0, in: &context,
            mayBeFallback: { value in fallback.map { $0.bitPattern == value.bitPattern } ?? true }
        ) { context, object throws(MappingError) in
            try context.double(object, key, schema: schema, default: fallback)
        }
    }

    /// A number as a correctly rounded `Double`, or `nil` (``MappingContext/optionalDouble(_:_:schema:default:)``).
    @inlinable public mutating func optionalDouble(
        _ key: String, schema: String, default fallback: Double? = nil, absent bit: Int? = nil,
        in context: inout MappingContext
    ) -> Double? {
        readOptional(key, absent: bit, hasDefault: fallback != nil, in: &context) {
            context, object throws(MappingError) in
            try context.optionalDouble(object, key, schema: schema, default: fallback)
        }
    }

    /// A number as a `Float` (``MappingContext/float(_:_:schema:default:)``).
    @inlinable public mutating func float(
        _ key: String, schema: String, default fallback: Float? = nil, absent bit: Int? = nil,
        in context: inout MappingContext
    ) -> Float {
        readRequired(
            key, absent: bit, placeholder: 0, in: &context,
            mayBeFallback: { value in fallback.map { $0.bitPattern == value.bitPattern } ?? true }
        ) { context, object throws(MappingError) in
            try context.float(object, key, schema: schema, default: fallback)
        }
    }

    /// A number as a `Float`, or `nil` (``MappingContext/optionalFloat(_:_:schema:default:)``).
    @inlinable public mutating func optionalFloat(
        _ key: String, schema: String, default fallback: Float? = nil, absent bit: Int? = nil,
        in context: inout MappingContext
    ) -> Float? {
        readOptional(key, absent: bit, hasDefault: fallback != nil, in: &context) {
            context, object throws(MappingError) in
            try context.optionalFloat(object, key, schema: schema, default: fallback)
        }
    }

    /// A number as a `Decimal`, from its digits (``MappingContext/decimal(_:_:schema:default:)``).
    @inlinable public mutating func decimal(
        _ key: String, schema: String, default fallback: Decimal? = nil, absent bit: Int? = nil,
        in context: inout MappingContext
    ) -> Decimal {
        readRequired(key, absent: bit, placeholder: 0, in: &context) { context, object throws(MappingError) in
            try context.decimal(object, key, schema: schema, default: fallback)
        }
    }

    /// A number as a `Decimal`, from its digits, or `nil` (``MappingContext/optionalDecimal(_:_:schema:default:)``).
    @inlinable public mutating func optionalDecimal(
        _ key: String, schema: String, default fallback: Decimal? = nil, absent bit: Int? = nil,
        in context: inout MappingContext
    ) -> Decimal? {
        readOptional(key, absent: bit, hasDefault: fallback != nil, in: &context) {
            context, object throws(MappingError) in
            try context.optionalDecimal(object, key, schema: schema, default: fallback)
        }
    }

    /// An ISO-8601 date-time string (``MappingContext/iso8601Date(_:_:schema:default:)``).
    @inlinable public mutating func iso8601Date(
        _ key: String, schema: String, default fallback: Date? = nil, absent bit: Int? = nil,
        in context: inout MappingContext
    ) -> Date {
        readRequired(
            key, absent: bit, fallback: fallback, placeholder: Date(timeIntervalSinceReferenceDate: 0), in: &context
        ) {
            context, object throws(MappingError) in
            try context.iso8601Date(object, key, schema: schema, default: fallback)
        }
    }

    /// An ISO-8601 date-time string, or `nil` (``MappingContext/optionalISO8601Date(_:_:schema:default:)``).
    @inlinable public mutating func optionalISO8601Date(
        _ key: String, schema: String, default fallback: Date? = nil, absent bit: Int? = nil,
        in context: inout MappingContext
    ) -> Date? {
        readOptional(key, absent: bit, hasDefault: fallback != nil, in: &context) {
            context, object throws(MappingError) in
            try context.optionalISO8601Date(object, key, schema: schema, default: fallback)
        }
    }

    /// A URL string (``MappingContext/url(_:_:schema:default:)``).
    @inlinable public mutating func url(
        _ key: String, schema: String, default fallback: URL? = nil, absent bit: Int? = nil,
        in context: inout MappingContext
    ) -> URL {
        readRequired(key, absent: bit, fallback: fallback, placeholder: URL(fileURLWithPath: "/"), in: &context) {
            context, object throws(MappingError) in
            try context.url(object, key, schema: schema, default: fallback)
        }
    }

    /// A URL string, or `nil` (``MappingContext/optionalURL(_:_:schema:default:)``).
    @inlinable public mutating func optionalURL(
        _ key: String, schema: String, default fallback: URL? = nil, absent bit: Int? = nil,
        in context: inout MappingContext
    ) -> URL? {
        readOptional(key, absent: bit, hasDefault: fallback != nil, in: &context) {
            context, object throws(MappingError) in
            try context.optionalURL(object, key, schema: schema, default: fallback)
        }
    }

    /// A UUID string (``MappingContext/uuid(_:_:schema:default:)``).
    @inlinable public mutating func uuid(
        _ key: String, schema: String, default fallback: UUID? = nil, absent bit: Int? = nil,
        in context: inout MappingContext
    ) -> UUID {
        readRequired(
            key, absent: bit, fallback: fallback,
            placeholder: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), in: &context
        ) { context, object throws(MappingError) in
            try context.uuid(object, key, schema: schema, default: fallback)
        }
    }

    /// A UUID string, or `nil` (``MappingContext/optionalUUID(_:_:schema:default:)``).
    @inlinable public mutating func optionalUUID(
        _ key: String, schema: String, default fallback: UUID? = nil, absent bit: Int? = nil,
        in context: inout MappingContext
    ) -> UUID? {
        readOptional(key, absent: bit, hasDefault: fallback != nil, in: &context) {
            context, object throws(MappingError) in
            try context.optionalUUID(object, key, schema: schema, default: fallback)
        }
    }

    /// A base64 string as `Data` (``MappingContext/base64Data(_:_:schema:default:)``).
    @inlinable public mutating func base64Data(
        _ key: String, schema: String, default fallback: Data? = nil, absent bit: Int? = nil,
        in context: inout MappingContext
    ) -> Data {
        readRequired(key, absent: bit, fallback: fallback, placeholder: Data(), in: &context) {
            context, object throws(MappingError) in
            try context.base64Data(object, key, schema: schema, default: fallback)
        }
    }

    /// A base64 string as `Data`, or `nil` (``MappingContext/optionalBase64Data(_:_:schema:default:)``).
    @inlinable public mutating func optionalBase64Data(
        _ key: String, schema: String, default fallback: Data? = nil, absent bit: Int? = nil,
        in context: inout MappingContext
    ) -> Data? {
        readOptional(key, absent: bit, hasDefault: fallback != nil, in: &context) {
            context, object throws(MappingError) in
            try context.optionalBase64Data(object, key, schema: schema, default: fallback)
        }
    }

    /// Any JSON value, kept exactly (``MappingContext/anyJSON(_:_:schema:default:)``).
    @inlinable public mutating func anyJSON(
        _ key: String, schema: String, default fallback: AnyJSON? = nil, absent bit: Int? = nil,
        in context: inout MappingContext
    ) -> AnyJSON {
        readRequired(key, absent: bit, fallback: fallback, placeholder: .null, in: &context) {
            context, object throws(MappingError) in
            try context.anyJSON(object, key, schema: schema, default: fallback)
        }
    }

    /// Any JSON value, kept exactly, or `nil` (``MappingContext/optionalAnyJSON(_:_:schema:default:)``).
    @inlinable public mutating func optionalAnyJSON(
        _ key: String, schema: String, default fallback: AnyJSON? = nil, absent bit: Int? = nil,
        in context: inout MappingContext
    ) -> AnyJSON? {
        readOptional(key, absent: bit, hasDefault: fallback != nil, in: &context) {
            context, object throws(MappingError) in
            try context.optionalAnyJSON(object, key, schema: schema, default: fallback)
        }
    }

    /// An integer literal in range of `Integer`, exactly (``MappingContext/integer(_:_:schema:as:default:)``).
    @inlinable public mutating func integer<Integer: FixedWidthInteger & Sendable>(
        _ key: String, schema: String, as type: Integer.Type, default fallback: Integer? = nil, absent bit: Int? = nil,
        in context: inout MappingContext
    ) -> Integer {
        readRequired(key, absent: bit, fallback: fallback, placeholder: 0, in: &context) {
            context, object throws(MappingError) in
            try context.integer(object, key, schema: schema, as: type, default: fallback)
        }
    }

    /// An integer literal in range of `Integer`, or `nil`
    /// (``MappingContext/optionalInteger(_:_:schema:as:default:)``).
    @inlinable public mutating func optionalInteger<Integer: FixedWidthInteger & Sendable>(
        _ key: String, schema: String, as type: Integer.Type, default fallback: Integer? = nil, absent bit: Int? = nil,
        in context: inout MappingContext
    ) -> Integer? {
        readOptional(key, absent: bit, hasDefault: fallback != nil, in: &context) {
            context, object throws(MappingError) in
            try context.optionalInteger(object, key, schema: schema, as: type, default: fallback)
        }
    }

    /// An embedded entity (``MappingContext/entity(_:_:schema:as:)``). It has no placeholder, so it
    /// throws: an earlier read's failure, or its own.
    @inlinable public mutating func entity<Entity: JSONMappable>(
        _ key: String, schema: String, as type: Entity.Type, in context: inout MappingContext
    ) throws(MappingError) -> Entity {
        try check()
        return try context.entity(object, key, schema: schema, as: type)
    }

    /// An embedded entity, or `nil` (``MappingContext/optionalEntity(_:_:schema:as:)``).
    @inlinable public mutating func optionalEntity<Entity: JSONMappable>(
        _ key: String, schema: String, as type: Entity.Type, absent bit: Int? = nil, in context: inout MappingContext
    ) -> Entity? {
        readOptional(key, absent: bit, hasDefault: false, in: &context) { context, object throws(MappingError) in
            try context.optionalEntity(object, key, schema: schema, as: type)
        }
    }

    /// An array of embedded entities, empty when the key is missing or `null`
    /// (``MappingContext/entities(_:_:schema:as:)``). With `bit`, the key's absence is looked up when the
    /// array is empty (a non-empty one came from the payload).
    @inlinable public mutating func entities<Entity: JSONMappable>(
        _ key: String, schema: String, as type: Entity.Type, absent bit: Int? = nil, in context: inout MappingContext
    ) -> [Entity] {
        readRequired(key, absent: bit, placeholder: [], in: &context, mayBeFallback: { $0.isEmpty }) {
            context, object throws(MappingError) in
            try context.entities(object, key, schema: schema, as: type)
        }
    }

    /// A required value through a field and a transformer (``MappingContext/required(_:_:_:default:)``).
    /// It has no placeholder, so it throws: an earlier read's failure, or its own.
    @inlinable public mutating func required<T: JSONTransformer>(
        _ field: MappingField, _ transformer: T, default fallback: T.Value? = nil, in context: inout MappingContext
    ) throws(MappingError) -> T.Value {
        try check()
        return try context.required(object, field, transformer, default: fallback)
    }

    /// A required array through a field and a transformer (``MappingContext/required(_:_:_:default:)``),
    /// empty when an earlier read failed or this one fails.
    @inlinable public mutating func requiredArray<T: JSONTransformer>(
        _ field: MappingField, _ transformer: T, default fallback: T.Value? = nil, in context: inout MappingContext
    ) -> T.Value where T.Value: ExpressibleByArrayLiteral {
        guard failure == nil else { return [] }
        do {
            return try context.required(object, field, transformer, default: fallback)
        } catch {
            failure = error
            return []
        }
    }

    /// A required map through a field and a transformer (``MappingContext/required(_:_:_:default:)``),
    /// empty when an earlier read failed or this one fails.
    @inlinable public mutating func requiredMap<T: JSONTransformer>(
        _ field: MappingField, _ transformer: T, default fallback: T.Value? = nil, in context: inout MappingContext
    ) -> T.Value where T.Value: ExpressibleByDictionaryLiteral {
        guard failure == nil else { return [:] }
        do {
            return try context.required(object, field, transformer, default: fallback)
        } catch {
            failure = error
            return [:]
        }
    }

    /// An optional value through a field and a transformer (``MappingContext/optional(_:_:_:default:)``),
    /// `nil` when an earlier read failed or this one fails.
    @inlinable public mutating func optional<T: JSONTransformer>(
        _ field: MappingField, _ transformer: T, default fallback: T.Value? = nil, in context: inout MappingContext
    ) -> T.Value? {
        guard failure == nil else { return nil }
        do {
            return try context.optional(object, field, transformer, default: fallback)
        } catch {
            failure = error
            return nil
        }
    }
}
