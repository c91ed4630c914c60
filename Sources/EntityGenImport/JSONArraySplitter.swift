/// Splits a top-level JSON array arriving in chunks into batches of elements, without reading the whole
/// input: each batch is itself a JSON array (`[e1,e2,...]`) for the reader to validate and map.
///
/// The splitter only finds element boundaries (depth and strings); everything else is checked by the
/// strict reader when a batch is parsed, so malformed input fails there with a position.
package struct JSONArraySplitter {
    package enum State {
        case beforeArray, inArray, afterArray
    }

    /// An input error the splitter itself detects, with the byte offset.
    package struct Failure: Error {
        package var offset: Int
        package var message: String
    }

    /// Creates a splitter before the array.
    package init() {}

    package private(set) var state = State.beforeArray
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var elementHasContent = false
    private var offset = 0
    /// Bytes of a leading UTF-8 byte order mark seen so far (it must be whole, at the very start).
    private var byteOrderMark = 0
    /// The batch being built: `[` followed by elements separated by commas.
    package private(set) var batch: [UInt8] = [UInt8(ascii: "[")]
    /// Elements in `batch`.
    package private(set) var count = 0
    /// Where the element being read starts in ``batch`` (its comma included).
    private var elementStart = 1

    /// The complete elements not yet flushed, as a JSON array (`nil` when there are none): what an input
    /// that stops mid-element still holds.
    package var completeElements: [UInt8]? {
        guard count > 0 else { return nil }
        return Array(batch[..<(elementHasContent ? elementStart : batch.count)]) + [UInt8(ascii: "]")]
    }
    /// Offset of the first element of the batch, and elements before this batch.
    package private(set) var elementsBefore = 0

    /// Consumes a chunk; calls `flush` with a complete batch (a JSON array) whenever `batchSize`
    /// elements are collected.
    package mutating func consume(
        _ chunk: UnsafeBufferPointer<UInt8>, batchSize: Int, flush: ([UInt8], Int) throws -> Void
    ) throws {
        for byte in chunk {
            defer { offset += 1 }
            switch state {
            case .beforeArray:
                if offset == byteOrderMark, byteOrderMark < 3, Self.byteOrderMarkBytes[byteOrderMark] == byte {
                    byteOrderMark += 1
                    continue
                }
                guard byteOrderMark == 0 || byteOrderMark == 3 else {
                    throw Failure(offset: offset, message: "incomplete UTF-8 byte order mark")
                }
                if isWhitespace(byte) { continue }
                guard byte == UInt8(ascii: "[") else {
                    throw Failure(offset: offset, message: "expected a top-level array")
                }
                state = .inArray
            case .afterArray:
                guard isWhitespace(byte) else {
                    throw Failure(offset: offset, message: "unexpected content after the top-level array")
                }
            case .inArray:
                if inString {
                    append(byte)
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""):
                    inString = true
                    append(byte)
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    append(byte)
                case UInt8(ascii: "}"):
                    depth -= 1
                    append(byte)
                case UInt8(ascii: "]") where depth == 0:
                    // After a comma (also when the comma closed a batch that was already flushed).
                    if !elementHasContent && (count > 0 || elementsBefore > 0) {
                        throw Failure(offset: offset, message: "expected an element after ','")
                    }
                    // The last batch waits for ``finish(flush:)``: what follows the array must be checked
                    // (only whitespace) before it is written.
                    if elementHasContent { count += 1 }
                    elementHasContent = false
                    state = .afterArray
                case UInt8(ascii: "]"):
                    depth -= 1
                    append(byte)
                case UInt8(ascii: ",") where depth == 0:
                    guard elementHasContent else {
                        throw Failure(offset: offset, message: "expected an element before ','")
                    }
                    try endElement(batchSize: batchSize, flush: flush)
                default:
                    if isWhitespace(byte) && !elementHasContent { continue }
                    append(byte)
                }
            }
        }
    }

    /// Checks the input ended after the array (only whitespace after it), then flushes the last batch.
    package mutating func finish(flush: ([UInt8], Int) throws -> Void) throws {
        guard state == .afterArray else {
            if byteOrderMark > 0 && byteOrderMark < 3 {
                throw Failure(offset: offset, message: "incomplete UTF-8 byte order mark")
            }
            throw Failure(
                offset: offset,
                message: state == .beforeArray
                    ? "expected a top-level array" : "unexpected end of input inside the top-level array")
        }
        guard count > 0 else { return }
        try flushBatch(flush)
    }

    /// Closes the batch, hands it to `flush`, and starts the next one.
    private mutating func flushBatch(_ flush: ([UInt8], Int) throws -> Void) throws {
        batch.append(UInt8(ascii: "]"))
        try flush(batch, elementsBefore)
        elementsBefore += count
        batch.removeAll(keepingCapacity: true)
        batch.append(UInt8(ascii: "["))
        count = 0
    }

    private mutating func append(_ byte: UInt8) {
        if !elementHasContent {
            elementStart = batch.count
            if count > 0 { batch.append(UInt8(ascii: ",")) }
            elementHasContent = true
        }
        batch.append(byte)
    }

    private mutating func endElement(batchSize: Int, flush: ([UInt8], Int) throws -> Void) throws {
        if elementHasContent { count += 1 }
        elementHasContent = false
        if count >= batchSize { try flushBatch(flush) }
    }

    private static let byteOrderMarkBytes: [UInt8] = [0xEF, 0xBB, 0xBF]

    private func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
