import Foundation
import Testing

@testable import EntityGenPostgres

/// Staging grows linearly with the page: a sync that records the identities of 4n saved instances costs
/// about 4x n, not 16x (each recorded identity once copied the whole buffer recorded so far: 40,000 /
/// 160,000 identities took 0.079 / 1.28 s).
@Suite struct Test_PostgresSessionComplexity {
    /// Seconds to record `count` identities for orphan deletion, once.
    static func seconds(recording count: Int) -> Double {
        let tracking = PostgresSeenRows([Gadget.postgresTable])
        let keys = (0..<count).map { PostgresRowKey(Gadget.postgresTable, [Int64($0)]) }
        var session = PostgresSession()
        session.tracking = tracking
        let start = DispatchTime.now().uptimeNanoseconds
        for key in keys { session.recordSeen(key) }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        #expect(session.take(deletions: true).seen.first?.rows.rowCount == count)
        return seconds
    }

    /// Best of five for each size, the sizes measured in turn so that load from tests running alongside
    /// weighs on both alike (measured one after the other, a busy moment once gave 8.6x).
    @Test func recordingSeenIdentitiesCostsLinearTime() {
        var (small, large) = (Double.infinity, Double.infinity)
        for _ in 0..<5 {
            small = min(small, Self.seconds(recording: 40_000))
            large = min(large, Self.seconds(recording: 160_000))
        }
        #expect(large / small < 8, "40,000 identities: \(small) s, 160,000: \(large) s")
    }
}
