import EntityGenImport
import EntityGenRuntime

/// Differential: the streaming array splitter (chunks of the input split into batches, each batch read
/// by the reader) against the reader on the whole input. Both accept or both reject, and when both
/// accept, the elements are the same values in the same order. The first input byte picks the chunk
/// and batch sizes, so every boundary placement is reached.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArraySplitter(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let chunkSize = Int(start[0] & 0x0F) + 1
    let batchSize = Int(start[0] >> 4) + 1
    let input = UnsafeBufferPointer(start: start + 1, count: count - 1)

    // The whole input at once: accepted only as a top-level array.
    var whole: [String]?
    if let document = try? JSONDocument(bytes: input) {
        whole = document.withRoot { root in
            guard root.kind == .array else { return nil }
            var elements: [String] = []
            root.forEachElement { _, element in elements.append(canonical(element)) }
            return elements
        }
    }

    // Streamed: as FeedImporter.importArray reads a file.
    var streamed: [String]? = []
    var splitter = JSONArraySplitter()
    let flush: ([UInt8], Int) throws -> Void = { batch, _ in
        let document = try JSONDocument(bytes: batch)
        document.withRoot { root in root.forEachElement { _, element in streamed?.append(canonical(element)) } }
    }
    do {
        var offset = 0
        while offset < input.count {
            let end = min(offset + chunkSize, input.count)
            try splitter.consume(UnsafeBufferPointer(rebasing: input[offset..<end]), batchSize: batchSize, flush: flush)
            offset = end
        }
        try splitter.finish(flush: flush)
    } catch {
        streamed = nil
    }
    precondition(
        whole == streamed,
        "the splitter and the reader disagree: whole \(whole.map { "\($0.count) elements" } ?? "rejected"), streamed \(streamed.map { "\($0.count) elements" } ?? "rejected")"
    )
    return 0
}
