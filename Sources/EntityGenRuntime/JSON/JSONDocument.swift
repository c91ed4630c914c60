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
        let storage = JSONStorage(bytes: bytes)
        var parser = JSONParser(
            bytes: UnsafeRawBufferPointer(start: storage.bytes, count: storage.count), options: options)
        try parser.parse()
        storage.tape = parser.tape
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
final class JSONStorage: @unchecked Sendable {
    static let padding = 16
    let bytes: UnsafeMutablePointer<UInt8>
    let count: Int
    var tape = TapeBuffer(capacity: 0)

    init(bytes source: some Collection<UInt8>) {
        count = source.count
        bytes = .allocate(capacity: count + Self.padding)
        let copied = UnsafeMutableBufferPointer(start: bytes, count: count).initialize(fromContentsOf: source)
        precondition(copied == count)
        (bytes + count).initialize(repeating: 0, count: Self.padding)
    }

    deinit {
        bytes.deallocate()
    }
}
