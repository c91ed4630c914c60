/// The fields whose JSON keys an object did not have, recorded by a generated `map` for the properties an
/// import keeps when absent (`onAbsent: keep`, the default), one bit per field, in the object's
/// ``AbsentTree`` (beside the model, never in it). A model built in code has none: saving it replaces
/// every stored value.
public struct AbsentFields: Hashable, Sendable {
    /// Bits 0...62.
    @usableFromInline var first: UInt64 = 0
    /// Bits from 63 on, 63 to a word (most entities never need it; an empty array does not allocate).
    @usableFromInline var rest: [UInt64] = []

    /// No field absent.
    @inlinable public init() {}

    /// Records field `bit` as absent.
    @inlinable public mutating func insert(_ bit: Int) {
        let (word, offset) = bit.quotientAndRemainder(dividingBy: 63)
        if word == 0 {
            first |= 1 << UInt64(offset)
            return
        }
        while rest.count < word { rest.append(0) }
        rest[word - 1] |= 1 << UInt64(offset)
    }

    /// Whether field `bit` was absent.
    @inlinable public func contains(_ bit: Int) -> Bool {
        let (word, offset) = bit.quotientAndRemainder(dividingBy: 63)
        let bits = word == 0 ? first : (word <= rest.count ? rest[word - 1] : 0)
        return bits & (1 << UInt64(offset)) != 0
    }

    /// Whether no field was absent.
    @inlinable public var isEmpty: Bool { first == 0 && rest.allSatisfy { $0 == 0 } }

    /// Word `index` of the bits (63 fields to a word), as the save statement binds it.
    @inlinable public func word(_ index: Int) -> Int64 {
        Int64(bitPattern: index == 0 ? first : (index <= rest.count ? rest[index - 1] : 0))
    }
}

extension MappingContext {
    /// Whether an object has none of a field's key paths (a `null` value is present: it clears).
    @inlinable public func isAbsent(_ object: JSONValue, _ field: MappingField) -> Bool {
        field.isAbsent(in: object)
    }

    /// Whether an object lacks a top-level key.
    @inlinable public func isAbsent(_ object: JSONValue, _ key: String) -> Bool {
        object[key] == nil
    }
}

extension MappingField {
    /// Whether an object has none of the field's key paths (a `null` value is present: it clears).
    @inlinable public func isAbsent(in object: JSONValue) -> Bool {
        guard let paths else { return object[key] == nil }
        return paths.allSatisfy { object.value(at: $0) == nil }
    }
}
