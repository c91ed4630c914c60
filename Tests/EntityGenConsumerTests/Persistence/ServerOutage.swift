import EntityGenTestSupport
import Synchronization

/// The outage the push property tests run their server through: while it lasts, about one request in
/// five fails with a 503 and one in `losesOneIn` is applied and its response lost; with `delaysOneIn`,
/// that share of answers (outage or not) waits 2 ms. The choices come from a seeded generator, so a seed
/// replays the same outage.
final class ServerOutage: Sendable {
    private let lasting = Mutex(true)
    private let random: Mutex<SplitMix64>

    /// An outage whose choices `seed` decides.
    init(seed: UInt64) { random = Mutex(SplitMix64(seed: seed)) }

    /// Ends the outage: from now on the server answers every request.
    func end() { lasting.withLock { $0 = false } }

    /// Whether this request is one in `count` during the outage.
    private func during(oneIn count: UInt64) -> Bool {
        lasting.withLock { $0 } && random.withLock { $0.next() % count == 0 }
    }

    /// A loopback push server with this outage.
    func server(losesOneIn: UInt64, delaysOneIn: UInt64? = nil) throws -> PushServer {
        try PushServer(
            script: { _, _ in
                self.during(oneIn: 5) ? PushServer.Refusal(status: "503 Service Unavailable") : nil
            },
            dropsResponse: { _, _ in self.during(oneIn: losesOneIn) },
            delay: { _, _ in
                guard let delaysOneIn else { return 0 }
                return self.random.withLock { $0.next() % delaysOneIn == 0 } ? 2_000 : 0
            })
    }
}
