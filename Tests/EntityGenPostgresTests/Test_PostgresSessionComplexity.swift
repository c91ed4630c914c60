import EntityGenTestSupport
import Foundation
import Testing

@testable import EntityGenPostgres

/// Staging grows linearly with the page: a sync that records the identities of 4n saved instances costs
/// about 4x n, not 16x (each recorded identity once copied the whole buffer recorded so far: 40,000 /
/// 160,000 identities took 0.079 / 1.28 s).
@Suite struct Test_PostgresSessionComplexity {
    /// Seconds to record `count` identities for orphan deletion, once.
    static func seconds(recording count: Int) -> Double {
        let tracking = PostgresSeenRows([Gadget.Postgres.table])
        let keys = (0..<count).map { PostgresRowKey(Gadget.Postgres.table, [Int64($0)]) }
        var session = PostgresSession()
        session.tracking = tracking
        let seconds = ThreadCPUTime.seconds {
            for key in keys { session.recordSeen(key) }
        }
        #expect(session.take(deletions: true).seen.first?.rows.rowCount == count)
        return seconds
    }

    /// Best of five for each size, the sizes measured in turn, in the thread's CPU time: wall time counted
    /// what other processes took (a CI run compiling beside the tests gave 8.5x, best of five).
    @Test func recordingSeenIdentitiesCostsLinearTime() {
        var (small, large) = (Double.infinity, Double.infinity)
        for _ in 0..<5 {
            small = min(small, Self.seconds(recording: 40_000))
            large = min(large, Self.seconds(recording: 160_000))
        }
        #expect(large / small < 8, "40,000 identities: \(small) s, 160,000: \(large) s")
    }
}
