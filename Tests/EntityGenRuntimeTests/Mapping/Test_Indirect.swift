import EntityGenRuntime
import Testing

/// The boxes generated models store cyclic relationships in: value semantics, in-place mutation,
/// equality and hashing by value.
@Suite struct Test_Indirect {
    /// How generated models use the collection box: a computed property that yields the stored value.
    struct Shelf: Hashable {
        var books: [String] {
            get { _books.value }
            _modify { yield &_books.value }
        }
        private var _books: IndirectCollection<[String]>

        init(books: [String]) {
            _books = IndirectCollection(books)
        }

        func sharesStorage(with other: Shelf) -> Bool {
            withUnsafeBytes(of: _books) { mine in withUnsafeBytes(of: other._books) { $0.elementsEqual(mine) } }
        }
    }

    @Test func copiesAreIndependentValues() {
        var shelf = Shelf(books: ["Dune"])
        let copy = shelf
        #expect(shelf.sharesStorage(with: copy))
        shelf.books.append("Emma")
        #expect(shelf.books == ["Dune", "Emma"])
        #expect(copy.books == ["Dune"])
        #expect(!shelf.sharesStorage(with: copy))
        shelf.books = []
        #expect(shelf.books.isEmpty && copy.books == ["Dune"])
    }

    @Test func unsharedMutationHappensInPlace() {
        var shelf = Shelf(books: [])
        shelf.books.reserveCapacity(1_000)
        let buffer = shelf.books.withUnsafeBufferPointer { $0.baseAddress }
        for index in 0..<1_000 { shelf.books.append("book \(index)") }
        // Appends within the reserved capacity keep the buffer: the array was uniquely referenced
        // inside the box, so no append copied it.
        #expect(shelf.books.withUnsafeBufferPointer { $0.baseAddress } == buffer)
        #expect(shelf.books.count == 1_000)
    }

    @Test func equalityAndHashingFollowTheValue() {
        let one = Shelf(books: ["Dune", "Emma"])
        let other = Shelf(books: ["Dune", "Emma"])
        #expect(one == other)
        #expect(one.hashValue == other.hashValue)
        #expect(one != Shelf(books: ["Emma", "Dune"]))
        #expect(Set([one, other, Shelf(books: [])]).count == 2)
        #expect(Indirect(one) == Indirect(other))
        #expect(Indirect(one).hashValue == Indirect(other).hashValue)
    }
}
