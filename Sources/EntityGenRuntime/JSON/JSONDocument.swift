import Foundation

/// A parsed JSON document: the input bytes and the tape that indexes them.
///
/// Parsing validates the whole input against RFC 8259 in one pass; values are converted only when read
/// through ``JSONValue``. A document is immutable and `Sendable`.
///
/// ```swift
/// let document = try JSONDocument(data: data)
/// let name = document.withRoot { root in root["name"]?.string() }
/// ```
public struct JSONDocument: Sendable {
    let storage: JSONStorage

    /// Parses and validates `bytes`.
    /// - Throws: ``JSONError`` with the byte offset, line, column and JSON path of the first problem.
    public init(bytes: some Collection<UInt8>, options: JSONReaderOptions = .default) throws(JSONError) {
        let storage = JSONStorage()
        try storage.parse(bytes, options: options)
        self.storage = storage
    }

    /// A document parsed into `storage` (a ``JSONReader``'s reused memory).
    init(parsedInto storage: JSONStorage) {
        self.storage = storage
    }

    /// Parses and validates `data`.
    public init(data: Data, options: JSONReaderOptions = .default) throws(JSONError) {
        try self.init(bytes: data, options: options)
    }

    /// Number of input bytes.
    public var byteCount: Int { storage.count }

    /// Number of tape entries (values and keys).
    public var entryCount: Int { storage.tape.count }

    /// Calls `body` with the root value. Values are views into the document and must not escape `body`.
    public func withRoot<Result, Failure: Error>(
        _ body: (JSONValue) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        defer { withExtendedLifetime(storage) {} }
        return try body(
            JSONValue(base: UnsafePointer(storage.bytes), tape: UnsafePointer(storage.tape.pointer), index: 0))
    }
}

/// The memory of a document: a copy of the input followed by zero padding (so word-sized loads near the
/// end stay in bounds and every literal is NUL-terminated for C number parsers), and the tape.
///
/// The input is preceded by one word holding an unretained reference to this storage, so a
/// ``JSONValue`` (two raw pointers and an index, nothing to retain on the hot path) can reach the
/// document's lazily built indexes when it needs one: see ``positions(ofArrayAt:)``.
///
/// A ``JSONReader`` parses document after document into one storage while no document holds it: its
/// input buffer and tape only grow.
final class JSONStorage: @unchecked Sendable {
    /// Zero bytes after the input: the reader's widest load (16 bytes) stays inside them.
    static let padding = 16
    /// The bytes before the input; their first word holds `Unmanaged<JSONStorage>`. Sixteen, so the
    /// input keeps the 16-byte alignment `malloc` gives (the reader's wide loads depend on it).
    static let header = 16
    private(set) var bytes: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    /// Input bytes the buffer holds without reallocating.
    private var capacity = 0
    let tape: TapeBuffer
    /// Element start indices of large arrays, by the array's tape index: built on first use.
    private var arrayStarts: [Int: [Int]] = [:]
    private let lock = NSLock()

    /// An empty storage, in the memory of a freed document when one was kept (``RecycledMemory``);
    /// ``parse(_:options:)`` fills it.
    init() {
        if let recycled = RecycledMemory.shared.take() {
            bytes = (recycled.bytes + Self.header).assumingMemoryBound(to: UInt8.self)
            capacity = recycled.capacity
            tape = recycled.tape
        } else {
            bytes = Self.allocate(capacity: 0)
            tape = TapeBuffer(capacity: 0)
        }
        storeHeader()
    }

    deinit {
        let buffers = RecycledMemory.Buffers(
            bytes: UnsafeMutableRawPointer(bytes - Self.header), capacity: capacity, tape: tape)
        if !RecycledMemory.shared.keep(buffers) {
            DocumentMemory.free(buffers.bytes)
        }
    }

    /// Copies `source` in (growing the buffer when it is too small) and parses it into the tape.
    func parse(_ source: some Collection<UInt8>, options: JSONReaderOptions) throws(JSONError) {
        let sourceCount = source.count
        if sourceCount > capacity {
            DocumentMemory.free(UnsafeMutableRawPointer(bytes - Self.header))
            bytes = Self.allocate(capacity: sourceCount)
            capacity = sourceCount
            storeHeader()
        }
        count = sourceCount
        let copied = UnsafeMutableBufferPointer(start: bytes, count: count).initialize(fromContentsOf: source)
        precondition(copied == count)
        (bytes + count).initialize(repeating: 0, count: Self.padding)
        arrayStarts.removeAll(keepingCapacity: true)
        var parser = JSONParser(padded: bytes, count: count, tape: tape, options: options)
        try parser.parse()
    }

    private static func allocate(capacity: Int) -> UnsafeMutablePointer<UInt8> {
        let raw = DocumentMemory.allocate(byteCount: header + capacity + padding)
        return (raw + header).bindMemory(to: UInt8.self, capacity: capacity + padding)
    }

    private func storeHeader() {
        UnsafeMutableRawPointer(bytes - Self.header).storeBytes(
            of: UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()), as: UInt.self)
    }

    /// The storage of the document whose input starts at `base` (valid while a value of it is in use).
    static func of(base: UnsafePointer<UInt8>) -> JSONStorage {
        let word = UnsafeRawPointer(base - header).load(as: UInt.self)
        return Unmanaged<JSONStorage>.fromOpaque(UnsafeRawPointer(bitPattern: word)!).takeUnretainedValue()
    }

    /// The tape indices where the elements of the array at `arrayIndex` start, in order: built once per
    /// array (one pass over it), so finding many elements' positions costs a binary search each instead
    /// of a walk from the array's start.
    func positions(ofArrayAt arrayIndex: Int) -> [Int] {
        lock.lock()
        defer { lock.unlock() }
        if let starts = arrayStarts[arrayIndex] { return starts }
        let header = tape[arrayIndex]
        let end = JSONTape.containerEnd(header)
        var starts: [Int] = []
        starts.reserveCapacity(JSONTape.containerCount(header))
        var cursor = arrayIndex + 1
        while cursor < end {
            starts.append(cursor)
            cursor = JSONTape.next(after: cursor, entry: tape[cursor])
        }
        arrayStarts[arrayIndex] = starts
        return starts
    }
}
