import EntityGenImport
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
