import Foundation

/// The input and tape memory of freed documents, kept for the next document.
///
/// `JSONDocument(bytes:)` (and so every `map(json:)`) needs a copy of the input and a tape. Above
/// `malloc`'s mapping threshold (128 KiB at first) each fresh buffer is mapped from the kernel and
/// unmapped when freed, so every document paid a page fault per 4 KiB it touched: parsing twitter.json
/// (631 KB) in fresh memory ran at 1,073 MB/s against 2,500 MB/s in a ``JSONReader``'s reused memory,
/// with 180 page faults per parse. A freed document now hands its buffers here, and the next document
/// that needs memory takes them, already mapped.
///
/// What is kept is bounded: at most ``maximumSets`` sets, each from a document of at least
/// ``minimumInputBytes`` (smaller buffers come cheaply from `malloc`'s heap) and at most
/// ``maximumInputBytes`` with a tape of at most ``maximumTapeBytes``; other buffers are freed as
/// before. So an app keeps at most 16 MB here after its largest documents, and none until it has
/// freed a document of 64 KB or more.
final class RecycledMemory: @unchecked Sendable {
    /// One freed document's buffers.
    struct Buffers {
        /// The input buffer (from ``JSONStorage``'s allocation, header included).
        var bytes: UnsafeMutableRawPointer
        /// Input bytes the buffer holds.
        var capacity: Int
        /// The tape, with its memory.
        var tape: TapeBuffer
    }

    /// Sets kept at most.
    static let maximumSets = 2
    /// The smallest input buffer kept.
    static let minimumInputBytes = 64 << 10
    /// The largest input buffer kept.
    static let maximumInputBytes = 4 << 20
    /// The largest tape kept, in bytes.
    static let maximumTapeBytes = 4 << 20

    /// The process's recycled memory.
    static let shared = RecycledMemory()

    private var sets: [Buffers] = []
    private let lock = NSLock()

    /// Takes a kept set, if any.
    func take() -> Buffers? {
        lock.lock()
        defer { lock.unlock() }
        return sets.popLast()
    }

    /// Keeps `buffers` for a later document; returns `false` when they are too large or enough sets
    /// are kept already (the caller frees them).
    func keep(_ buffers: Buffers) -> Bool {
        guard Self.minimumInputBytes <= buffers.capacity, buffers.capacity <= Self.maximumInputBytes,
            buffers.tape.capacity * MemoryLayout<UInt64>.stride <= Self.maximumTapeBytes
        else { return false }
        lock.lock()
        defer { lock.unlock() }
        guard sets.count < Self.maximumSets else { return false }
        sets.append(buffers)
        return true
    }
}
