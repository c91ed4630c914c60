import EntityGenImport
import EntityGenRuntime
import Testing

/// A large page's chunks start small, so the writer starts soon, and grow to the full size.
@Suite struct Test_PageChunking {
    @Test(arguments: [
        (2_048, [256, 512, 1_024, 2_048, 2_048, 2_048]),
        (10_000, [1_250, 2_500, 5_000, 10_000, 10_000, 10_000]),
        (1_000, [125, 250, 500, 1_000, 1_000, 1_000]),
        (3, [1, 2, 3, 3, 3, 3]),
        (0, [1, 1, 1, 1, 1, 1]),
    ])
    func limitsDoubleFromAnEighthUpToTheSize(size: Int, expected: [Int]) {
        var limits = PageChunking.limits(size: size)
        #expect((0..<6).map { _ in limits.next()! } == expected)
    }
}

/// A page's records cut into chunks of those limits, each read again from its first record alone.
@Suite struct Test_PageChunks {
    @Test(arguments: [(0, [Int]()), (1, [1]), (3, [1, 2]), (10, [1, 2, 4, 3]), (23, [1, 2, 4, 8, 8])])
    func chunksCoverEveryRecordOnceInOrder(records: Int, expected: [Int]) throws {
        let document = try JSONDocument(
            bytes: Array("[\((0..<records).map { "{\"id\": \($0)}" }.joined(separator: ","))]".utf8))
        let visited: [[Int64]] = document.withRoot { root in
            PageChunking.chunks(of: root, size: 8).map { chunk in
                var ids: [Int64] = []
                chunk.first.forEachElement(startingHereCount: chunk.count) { ids.append($0["id"]!.int64()!) }
                return ids
            }
        }
        #expect(visited.map(\.count) == expected)
        #expect(visited.joined().elementsEqual((0..<Int64(records)).map { $0 }))
    }
}
