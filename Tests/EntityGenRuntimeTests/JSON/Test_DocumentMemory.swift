import Foundation
import Testing

@testable import EntityGenRuntime

/// The memory of documents large enough for huge pages: aligned as the kernel needs, usable to its
/// last byte, and the documents in it read as in any other memory.
@Suite struct Test_DocumentMemory {
    @Test func largeBuffersAreUsableToTheirEndAndAlignedForHugePages() {
        for byteCount in [1, 4_096, DocumentMemory.hugePageThreshold - 1, DocumentMemory.hugePageThreshold + 12_345] {
            let memory = DocumentMemory.allocate(byteCount: byteCount)
            #expect(Int(bitPattern: memory) % 16 == 0, "\(byteCount) bytes")
            #if os(Linux)
                if byteCount >= DocumentMemory.hugePageThreshold {
                    #expect(Int(bitPattern: memory) % DocumentMemory.hugePageSize == 0)
                }
            #endif
            memory.initializeMemory(as: UInt8.self, repeating: 0xA5, count: byteCount)
            #expect(memory.load(fromByteOffset: byteCount - 1, as: UInt8.self) == 0xA5)
            DocumentMemory.free(memory)
        }
    }

    /// A document above the threshold (input and tape in huge-page memory) reads back every value, one
    /// document after another in the same process.
    @Test func documentsAboveTheThresholdReadBackWhole() throws {
        let pairs = 500_000
        let text = "[" + String(repeating: #"7,"abcd","#, count: pairs) + "7]"
        #expect(text.utf8.count > DocumentMemory.hugePageThreshold)
        for _ in 0..<2 {
            let document = try JSONDocument(bytes: Array(text.utf8))
            let (numbers, strings) = document.withRoot { root in
                var numbers = 0
                var strings = 0
                root.forEachElement { _, value in
                    if value.numberLiteral() == "7" { numbers += 1 }
                    if value.string() == "abcd" { strings += 1 }
                }
                return (numbers, strings)
            }
            #expect(numbers == pairs + 1)
            #expect(strings == pairs)
        }
    }
}
