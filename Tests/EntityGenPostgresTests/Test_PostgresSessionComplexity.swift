import Foundation
import Testing

@testable import EntityGenPostgres

/// Staging grows linearly with the page: a sync that records the identities of 4n saved instances costs
/// about 4x n, not 16x (each recorded identity once copied the whole buffer recorded so far: 40,000 /
/// 160,000 identities took 0.079 / 1.28 s).
@Suite struct Test_PostgresSessionComplexity {
    /// Best of three, in seconds: `count` identities recorded for orphan deletion.
    static func seconds(recording count: Int) -> Double {
        let tracking = PostgresSeenRows([Gadget.postgresTable])
        let keys = (0..<count).map { PostgresRowKey(Gadget.postgresTable, [Int64($0)]) }
        var best = Double.infinity
        for _ in 0..<3 {
            var session = PostgresSession()
            session.tracking = tracking
            let start = DispatchTime.now().uptimeNanoseconds
            for key in keys { session.recordSeen(key) }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            #expect(session.take(deletions: true).seen.first?.rows.rowCount == count)
        }
        return best
    }

    @Test func recordingSeenIdentitiesCostsLinearTime() {
        let small = Self.seconds(recording: 40_000)
        let large = Self.seconds(recording: 160_000)
        #expect(large / small < 8, "40,000 identities: \(small) s, 160,000: \(large) s")
    }
}
