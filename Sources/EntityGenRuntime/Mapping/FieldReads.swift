import Foundation

/// Reads one JSON object's fields for a generated `map(from:context:)` without a `try` for each: a
/// field that fails is remembered and stands in as a placeholder, every later read returns its
/// placeholder without running, and ``finish(in:)`` throws the failure once the mapper has read every
/// field. So the error thrown, and everything a read records in the context before it, are what a `try`
/// per field would give: the first field that fails, in schema order, and nothing read after it.
///
/// ```swift
/// static func map(from json: JSONValue, context: inout MappingContext) throws(MappingError) -> Pod {
///     try context.expectObject(json, entity: "Pod", schema: "Pod.yaml:3:3")
///     var __reads = FieldReads(json)
///     let _name = __reads.string("name", schema: "Pod.yaml:5:7", in: &context)
///     let _summary = __reads.optionalString("summary", schema: "Pod.yaml:6:7", absent: 0, in: &context)
///     try __reads.finish(in: &context)
///     return Pod(name: _name, summary: _summary)
/// }
/// ```
///
/// Each read is the ``MappingContext`` entry point of the same name on ``object``
/// (``MappingContext/string(_:_:schema:default:)``, ``MappingContext/optional(_:_:_:default:)``). The
/// reads with no placeholder, a required embedded entity and a required value other than an array or a
/// map through its own `MappingField` and transformer, throw: the failure of an earlier read if there is
/// one, else their own.
///
/// With `absent:`, a read also records the field's bit in the object's ``AbsentFields`` when its key is
/// missing (what an import keeps the stored value for): looked up when the value is `nil`, and always
/// when a default or an empty array stands in for a missing key. ``finish(in:)`` files them.
///
/// Why: every `try` inside a function gives the compiled code an error path that destroys the values
/// read before it, so a 12-field mapper was mostly error paths. Documentation/Benchmarks.md has the
/// measurement.
public struct FieldReads {
    /// The object whose fields are read.
    public let object: JSONValue
    /// The first read that failed; once set, reads return placeholders without running.
    @usableFromInline var failure: MappingError?
    /// The fields read with an `absent:` bit whose keys the object lacks.
    @usableFromInline var absent = AbsentFields()

    /// Starts reading `object`'s fields.
    @inlinable public init(_ object: JSONValue) {
        self.object = object
    }

    /// Throws the failure of an earlier read, if one failed; otherwise files the absent fields in the
    /// context (see ``MappingContext/recordAbsent(_:)``). Generated mappers call it after the last read.
    @inlinable public func finish(in context: inout MappingContext) throws(MappingError) {
        try check()
        context.recordAbsent(absent)
    }

    /// Throws the failure of an earlier read, if one failed.
    @inlinable public func check() throws(MappingError) {
        if let failure { throw failure }
    }

    /// Records `bit` when none of `field`'s key paths is in the object (a read through a `MappingField`
    /// records its absence this way; direct reads take an `absent:` bit).
    @inlinable public mutating func noteAbsence(_ bit: Int, of field: MappingField) {
        if field.isAbsent(in: object) { absent.insert(bit) }
    }

    /// A value read by `body`; `placeholder` when an earlier read failed or this one fails. With `bit`,
    /// the key's absence is looked up when `lookUp` says so for the value read.
    @inlinable mutating func read<Value>(
        _ key: String, absent bit: Int?, placeholder: @autoclosure () -> Value, in context: inout MappingContext,
        lookUp: (Value) -> Bool, _ body: (inout MappingContext, JSONValue) throws(MappingError) -> Value
    ) -> Value {
        guard failure == nil else { return placeholder() }
        do {
            let value = try body(&context, object)
            if let bit, lookUp(value), context.isAbsent(object, key) { absent.insert(bit) }
            return value
        } catch {
            failure = error
            return placeholder()
        }
    }

    /// A required value: with `bit` (only given with a default, which stands in for a missing key), the
    /// key's absence is looked up when `mayBeFallback` says the value read may be the default (always,
    /// unless told otherwise): a value the default cannot be came from the payload.
    @inlinable mutating func readRequired<Value>(
        _ key: String, absent bit: Int?, placeholder: @autoclosure () -> Value, in context: inout MappingContext,
        mayBeFallback: (Value) -> Bool = { _ in true },
        _ body: (inout MappingContext, JSONValue) throws(MappingError) -> Value
    ) -> Value {
        read(key, absent: bit, placeholder: placeholder(), in: &context, lookUp: mayBeFallback, body)
    }

    /// ``readRequired(_:absent:placeholder:in:mayBeFallback:_:)`` of a value compared with its default:
    /// the key's absence is looked up only when the value read equals `fallback` (or there is none), so a
    /// key present with any other value costs no second lookup.
    @inlinable mutating func readRequired<Value: Equatable>(
        _ key: String, absent bit: Int?, fallback: Value?, placeholder: @autoclosure () -> Value,
        in context: inout MappingContext, _ body: (inout MappingContext, JSONValue) throws(MappingError) -> Value
    ) -> Value {
        readRequired(
            key, absent: bit, placeholder: placeholder(), in: &context,
            mayBeFallback: { value in fallback.map { $0 == value } ?? true }, body)
    }

    /// An optional value: with `bit`, the key's absence is looked up when the value is `nil`, or always
    /// when a default may have stood in (`hasDefault`).
    @inlinable mutating func readOptional<Wrapped>(
        _ key: String, absent bit: Int?, hasDefault: Bool, in context: inout MappingContext,
        _ body: (inout MappingContext, JSONValue) throws(MappingError) -> Wrapped?
    ) -> Wrapped? {
        read(key, absent: bit, placeholder: nil, in: &context, lookUp: { hasDefault || $0 == nil }, body)
    }
}
