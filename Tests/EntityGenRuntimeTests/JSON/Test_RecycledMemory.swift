@testable import EntityGenRuntime
import Foundation
import Testing

/// One-shot documents take the memory freed documents leave in ``RecycledMemory``: a document alive
/// never shares it, concurrent documents never share a set, and only bounded sets are kept.
@Suite struct Test_RecycledMemory {
    /// An array of `count` objects whose texts all carry `tag`, about 100 bytes each.
    static func payload(_ tag: String, count: Int) -> [UInt8] {
        Array(
            ("["
                + (0..<count).map {
                    #"{"id": \#($0), "tag": "\#(tag)", "text": "row \#($0) of \#(tag) with some words"}"#
                }
                .joined(separator: ",") + "]").utf8)
    }

    /// Every element's tag, and the count.
    static func tags(_ document: JSONDocument) -> (Set<String>, Int) {
        document.withRoot { root in
            var tags = Set<String>()
            root.forEachElement { _, element in tags.insert(element["tag"]?.string() ?? "?") }
            return (tags, root.count)
        }
    }

    @Test func documentsParsedAfterFreedOnesReadTheirOwnBytes() throws {
        // 2,000 rows: about 150 KB, above the smallest kept size.
        for round in 0..<20 {
            let first = try JSONDocument(bytes: Self.payload("a\(round)", count: 2_000))
            let second = try JSONDocument(bytes: Self.payload("b\(round)", count: 1_000 + round))
            #expect(Self.tags(first) == (["a\(round)"], 2_000))
            #expect(Self.tags(second) == (["b\(round)"], 1_000 + round))
        }
        // A larger document after smaller ones grows the recycled buffers instead of overrunning them.
        let large = try JSONDocument(bytes: Self.payload("large", count: 30_000))
        #expect(Self.tags(large) == (["large"], 30_000))
    }

    @Test func concurrentDocumentsNeverShareMemory() async throws {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for round in 0..<30 {
                        let tag = "t\(task)-\(round)"
                        let count = 1_000 + 97 * task + round
                        let document = try JSONDocument(bytes: Self.payload(tag, count: count))
                        guard Self.tags(document) == ([tag], count) else { return false }
                    }
                    return true
                }
            }
            for try await sound in group { #expect(sound) }
        }
    }

    @Test func onlyBoundedSetsAreKept() {
        let memory = RecycledMemory()
        func buffers(input: Int, tapeEntries: Int) -> RecycledMemory.Buffers {
            RecycledMemory.Buffers(
                bytes: DocumentMemory.allocate(byteCount: input), capacity: input,
                tape: TapeBuffer(capacity: tapeEntries))
        }
        func keepOrFree(_ set: RecycledMemory.Buffers) -> Bool {
            let kept = memory.keep(set)
            if !kept { DocumentMemory.free(set.bytes) }
            return kept
        }
        #expect(!keepOrFree(buffers(input: RecycledMemory.minimumInputBytes - 1, tapeEntries: 16)))
        #expect(!keepOrFree(buffers(input: RecycledMemory.maximumInputBytes + 1, tapeEntries: 16)))
        #expect(!keepOrFree(buffers(input: 1 << 20, tapeEntries: RecycledMemory.maximumTapeBytes / 8 + 1)))
        for _ in 0..<RecycledMemory.maximumSets {
            #expect(keepOrFree(buffers(input: 1 << 20, tapeEntries: 1 << 10)))
        }
        #expect(!keepOrFree(buffers(input: 1 << 20, tapeEntries: 1 << 10)))
        while let set = memory.take() { DocumentMemory.free(set.bytes) }
    }
}
