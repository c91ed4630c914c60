import EntityGenPersistence
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// Seeded random sequences for `conflicts: clientWins` (Memo): local edits in raw SQL, pushes against a
/// server that fails and loses responses, pulls at any time, and another client's changes. At every pull,
/// each unsent edit it met is reported with `keptLocal`, and the text the device had edited survives
/// unless the server deleted the memo; after a healthy push and pull, client and server are equal.
@Suite struct Test_PushClientWins {
    @Test func theDevicesFieldsSurviveEveryPull() async throws {
        let conflicts = try await SeededRuns.map(1...100) { try await run(seed: $0) }.reduce(0, +)
        #expect(conflicts > 10, "the pulls met \(conflicts) unsent edits: the checks are not vacuous")
    }

    func run(seed: UInt64) async throws -> Int {
        var random = SplitMix64(seed: seed)
        let outage = ServerOutage(seed: seed &* 17)
        let server = try outage.server(losesOneIn: 7)
        defer { server.stop() }
        let (pool, _) = try makeDatabase()
        var pusher = OutboxPusher(entities: [Memo.self], writer: pool, baseURL: server.baseURL)
        pusher.initialDelay = .milliseconds(1)
        pusher.maximumAttempts = 2
        var feed = Feed<Memo>(name: "Memos", deleteOrphans: true)
        feed.deletesOrphansWhenEmpty = true
        let importer = FeedImporter(feed: feed, writer: pool)
        var log: [String] = []
        var conflicts = 0
        for step in 0..<24 {
            let id = Int64(random.next() % 5) + 1
            switch random.next() % 8 {
            case 0, 1, 2:
                log.append("edit \(id)")
                let deletes = random.next() % 4 == 0
                try await pool.write { db in
                    if try Memo.Record.exists(db, id: id) {
                        if deletes {
                            try db.execute(sql: "DELETE FROM memo WHERE id = ?", arguments: [id])
                        } else {
                            try db.execute(sql: "UPDATE memo SET text = ? WHERE id = ?", arguments: ["c\(step)", id])
                        }
                    } else {
                        try db.execute(sql: "INSERT INTO memo (id, text) VALUES (?, ?)", arguments: [id, "c\(step)"])
                    }
                }
            case 3, 4:
                log.append("push")
                do { try await pusher.push() } catch is PushError {}
            case 5:
                log.append("pull")
                let context = "seed \(seed): \(log.joined(separator: ", "))"
                let before = try await pool.read { db in
                    try Outbox.entries(db).filter { $0.attempts == 0 }.map { entry in
                        guard case let .integer(id)? = entry.key.first else { return (entry, nil as Memo.Record?) }
                        return (entry, try Memo.Record.fetchOne(db, id: id))
                    }
                }
                let report = try await importer.sync(pages: Test_PushProperties.pages(server.page))
                conflicts += report.conflicts.count
                #expect(report.conflicts.allSatisfy { $0.keptLocal || $0.server.isEmpty }, "\(context)")
                let after = try await pool.read { db in try Memo.Record.fetchAll(db) }
                let stored = server.stored
                for (entry, row) in before where entry.operation != .delete {
                    guard let row, stored["\(row.id)"] != nil else { continue }  // deleted on the server
                    #expect(
                        after.first { $0.id == row.id }?.text == row.text,
                        "\(context): the device's text of memo \(row.id) did not survive the pull")
                }
            default:
                log.append("server renames \(id)")
                server.change(String(id), text: "s\(step)")
            }
        }
        outage.end()
        try await pusher.push()
        try await pool.write { db in for entry in try Outbox.entries(db) { try Outbox.discard(entry, in: db) } }
        _ = try await importer.sync(pages: Test_PushProperties.pages(server.page))
        let local = try await pool.read { db in try Memo.Record.fetchAll(db) }
        let stored = server.stored
        #expect(Set(local.map { "\($0.id)" }) == Set(stored.keys), "seed \(seed): \(log)")
        for memo in local { #expect(stored["\(memo.id)"]?["text"] as? String == memo.text, "seed \(seed)") }
        return conflicts
    }
}
