/// The tape memory of a document. A class so a parsed document can own it without copying, and a
/// ``JSONReader`` can hand it to the next document; a ``TapeWriter`` fills it.
final class TapeBuffer: @unchecked Sendable {
    /// The entries.
    private(set) var pointer: UnsafeMutablePointer<UInt64>
    /// Entries the memory holds.
    private(set) var capacity: Int
    /// Entries written.
    fileprivate(set) var count = 0

    /// An empty tape with room for `capacity` entries (at least 16).
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        pointer = Self.allocate(capacity: self.capacity)
    }

    deinit {
        DocumentMemory.free(pointer)
    }

    /// Memory for `capacity` entries, from ``DocumentMemory`` (huge pages for a large document's tape).
    static func allocate(capacity: Int) -> UnsafeMutablePointer<UInt64> {
        DocumentMemory.allocate(byteCount: capacity * MemoryLayout<UInt64>.stride)
            .bindMemory(to: UInt64.self, capacity: capacity)
    }

    /// Empties the tape, keeping its memory, and makes room for `minimumCapacity` entries.
    func removeAll(reservingCapacity minimumCapacity: Int) {
        count = 0
        if capacity < minimumCapacity {
            DocumentMemory.free(pointer)
            capacity = minimumCapacity
            pointer = Self.allocate(capacity: capacity)
        }
    }

    /// The entry at `index`.
    @inline(__always) subscript(index: Int) -> UInt64 { pointer[index] }

    /// Takes back the memory a ``TapeWriter`` wrote into (and may have moved).
    fileprivate func adopt(_ pointer: UnsafeMutablePointer<UInt64>, capacity: Int, count: Int) {
        self.pointer = pointer
        self.capacity = capacity
        self.count = count
    }
}

/// The parser's view of a ``TapeBuffer`` while it writes: the same fields as a value, so the hot path
/// keeps them in registers instead of reloading them through the class after every store.
struct TapeWriter {
    private var pointer: UnsafeMutablePointer<UInt64>
    private var capacity: Int
    /// Number of entries written.
    private(set) var count: Int

    /// A writer that appends to `buffer`'s entries.
    init(_ buffer: TapeBuffer) {
        pointer = buffer.pointer
        capacity = buffer.capacity
        count = buffer.count
    }

    @inline(__always) mutating func append(_ entry: UInt64) {
        if count == capacity { grow() }
        pointer[count] = entry
        count &+= 1
    }

    @inline(__always) subscript(index: Int) -> UInt64 {
        get { pointer[index] }
        nonmutating set { pointer[index] = newValue }
    }

    /// Hands the (possibly moved) memory back to `buffer`.
    func finish(into buffer: TapeBuffer) {
        buffer.adopt(pointer, capacity: capacity, count: count)
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newPointer = TapeBuffer.allocate(capacity: newCapacity)
        newPointer.moveInitialize(from: pointer, count: count)
        DocumentMemory.free(pointer)
        pointer = newPointer
        capacity = newCapacity
    }
}
