/// Seeded property runs, several at a time.
///
/// Each seed's sequence is independent (its own server, its own database file), so a property suite
/// runs `width` of them side by side instead of one after the other: the same seeds and the same checks,
/// finished sooner on a machine whose cores the other suites leave idle while a sequence waits on its
/// loopback server or on the disk.
public enum SeededRuns {
    /// Runs `body` for every seed in `seeds`, at most `width` at once, and returns the results in seed
    /// order. The first error cancels the runs still going and is rethrown.
    public static func map<Result: Sendable>(
        _ seeds: ClosedRange<UInt64>,
        width: Int = 4,
        _ body: @escaping @Sendable (UInt64) async throws -> Result
    ) async throws -> [Result] {
        precondition(width > 0, "width must be positive")
        return try await withThrowingTaskGroup(of: (UInt64, Result).self) { group in
            var results: [(seed: UInt64, result: Result)] = []
            var pending = seeds.makeIterator()
            // Start `width` runs, then one more each time one ends.
            func startNext() {
                guard let seed = pending.next() else { return }
                group.addTask { (seed, try await body(seed)) }
            }
            for _ in 0..<width { startNext() }
            while let (seed, result) = try await group.next() {
                results.append((seed, result))
                startNext()
            }
            return results.sorted { $0.seed < $1.seed }.map(\.result)
        }
    }
}
