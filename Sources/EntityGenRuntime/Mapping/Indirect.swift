/// Holds a value on the heap so that value types can contain themselves through to-one relationships
/// (`Person.bestFriend`) or rings of them without infinite size.
public final class Indirect<Value: Hashable & Sendable>: Hashable, Sendable {
    @usableFromInline let storage: Value

    /// The value. (A getter rather than a stored property: a generated accessor then calls it instead
    /// of copying the value's fields inline, which costs compile time for every model embedding it.)
    @inlinable public var value: Value { storage }

    /// Boxes a value.
    public init(_ value: Value) {
        storage = value
    }

    /// Boxes an optional value (a generated optional property's setter and initializer).
    @inlinable public static func box(_ value: Value?) -> Indirect? {
        guard let value else { return nil }
        return Indirect(value)
    }

    public static func == (lhs: Indirect, rhs: Indirect) -> Bool { lhs === rhs || lhs.storage == rhs.storage }
    public func hash(into hasher: inout Hasher) { storage.hash(into: &hasher) }
}

/// Holds a to-many or map relationship's collection behind one reference, copy-on-write.
///
/// Generated models store a collection this way when its relationship closes a cycle through more than
/// one entity (`Author.books: [Book]` with `Book.authors: [Author]`, or a ring of 1,000 entities). An
/// array stored inline makes the compiler's type lowering visit the element type's stored properties,
/// and through them every entity of the cycle, once in every compiler job: for a large schema that
/// walk costs more than compiling the file itself. Behind a reference the walk stops.
///
/// Reading costs one pointer hop; mutating through ``value`` (`model.books.append(book)`) happens in
/// place when the box is not shared, as with `Array` itself.
public struct IndirectCollection<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The storage; mutated only while uniquely referenced (checked in `value`'s `_modify`), which is
    /// what makes the unchecked `Sendable` sound.
    private final class Storage: @unchecked Sendable {
        var value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    private var storage: Storage

    /// Boxes a collection.
    public init(_ value: Value) {
        storage = Storage(value)
    }

    /// The collection; mutation copies the box first only when another copy of the model shares it.
    public var value: Value {
        get { storage.value }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.value) }
            yield &storage.value
        }
    }

    public static func == (lhs: IndirectCollection, rhs: IndirectCollection) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.value == rhs.storage.value
    }

    public func hash(into hasher: inout Hasher) { storage.value.hash(into: &hasher) }
}
