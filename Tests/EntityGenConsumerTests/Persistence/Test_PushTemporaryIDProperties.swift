import EntityGenPersistence
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// Seeded random sequences of offline creations with temporary ids (memos, and reminders pointing at
/// them), edits, deletions, pushes, pulls, app kills and changes on the server, against a loopback server
/// that fails requests and loses responses after applying them. After each sequence a healthy push and
/// pull must leave client and server equal, no temporary id may ever have reached the server, and no
/// creation may have been applied twice or lost.
@Suite struct Test_PushTemporaryIDProperties {
    /// 100 sequences per run; `ENTITYGEN_PUSH_SEEDS=<n>` runs more.
    @Test func offlineCreationsReachTheServerOnceAndNeverWithATemporaryID() async throws {
        let count = ProcessInfo.processInfo.environment["ENTITYGEN_PUSH_SEEDS"].flatMap { UInt64($0) } ?? 100
        let merged = try await SeededRuns.map(1...max(count, 1)) { try await run(seed: $0) }.reduce(0, +)
        // Some pulls did bring a created row's server copy before its answer: the merge path ran.
        #expect(count < 50 || merged > 0, "\(merged) merges in \(count) sequences")
    }

    /// One sequence; returns how many rows created here a pull brought back before their answer.
    func run(seed: UInt64) async throws -> Int {
        var random = SplitMix64(seed: seed)
        let outage = ServerOutage(seed: seed &* 43)
        let server = try outage.server(losesOneIn: 4)
        defer { server.stop() }
        let folder = try TemporaryFolder.make("entitygen-push-temporary-ids")
        let path = folder.appendingPathComponent("db.sqlite").path
        var pool = try openFreshDatabase(atPath: path)
        let pusher = { (pool: DatabasePool) in
            var pusher = OutboxPusher(entities: [Memo.self, Reminder.self], writer: pool, baseURL: server.baseURL)
            pusher.initialDelay = .milliseconds(1)
            pusher.maximumAttempts = 2
            return pusher
        }
        var feed = Feed<Memo>(name: "Memos", deleteOrphans: true)
        feed.deletesOrphansWhenEmpty = true
        var log: [String] = []
        var merged = 0
        for step in 0..<24 {
            let pick = random.next()
            switch random.next() % 10 {
            case 0, 1, 2:
                log.append(try await create(in: pool, pick: pick, text: "\(seed)-\(step)"))
            case 3, 4:
                log.append(try await edit(in: pool, pick: pick, text: "e\(seed)-\(step)"))
            case 5, 6:
                log.append("push")
                do { try await pusher(pool).push() } catch is PushError {}
            case 7:
                log.append("pull")
                _ = try await FeedImporter(feed: feed, writer: pool).sync(
                    pages: Test_PushProperties.pages(server.page(of: "memos")))
                // A row created here that the server applied but whose answer was lost now has two
                // copies (the same text, one under its temporary id), merged when the answer comes.
                let rows = try await pool.read { db in try Memo.Record.fetchAll(db) }
                let waiting = Set(rows.filter { $0.id < 0 }.map(\.text))
                if rows.contains(where: { $0.id > 0 && waiting.contains($0.text) }) { merged += 1 }
            case 8:
                log.append("kill")
                try pool.close()
                pool = try EntityGenDatabase.openDatabase(atPath: path)
            default:
                let listed =
                    (try JSONSerialization.jsonObject(with: server.page(of: "memos")) as? [[String: Any]]) ?? []
                let ids = listed.compactMap { $0["id"].map { "\($0)" } }
                guard !ids.isEmpty else { continue }
                let id = ids[Int(pick % UInt64(ids.count))]
                log.append("server edits \(id)")
                server.change(id, text: "s\(seed)-\(step)")
            }
        }
        outage.end()
        try await pusher(pool).push()
        try await pool.write { db in for entry in try Outbox.entries(db) { try Outbox.discard(entry, in: db) } }
        _ = try await FeedImporter(feed: feed, writer: pool).sync(
            pages: Test_PushProperties.pages(server.page(of: "memos")))
        let context = "seed \(seed): \(log.joined(separator: ", "))"

        // Converged, and every row holds the server's id.
        let memos = try await pool.read { db in try Memo.Record.fetchAll(db) }
        let serverMemos = (try JSONSerialization.jsonObject(with: server.page(of: "memos")) as? [[String: Any]]) ?? []
        #expect(
            Set(memos.map { "\($0.id) \($0.text)" })
                == Set(serverMemos.map { "\($0["id"] ?? "-") \($0["text"] ?? "-")" }), "\(context)")
        let reminders = try await pool.read { db in try Reminder.Record.fetchAll(db) }
        #expect(memos.allSatisfy { $0.id > 0 } && reminders.allSatisfy { $0.id > 0 }, "\(context)")
        for reminder in reminders {
            let stored = server.stored["\(reminder.id)"]
            #expect(stored?["text"] as? String == reminder.text, "\(context): reminder \(reminder.id)")
            if let memo = reminder.memoId {
                #expect(stored?["memo_id"] as? Int == Int(memo), "\(context): reminder \(reminder.id)'s memo")
            }
        }
        // No temporary id reached the server, and each creation was applied once.
        let applied = server.appliedRequests
        for request in applied {
            #expect(!request.path.contains("/-"), "\(context): \(request.path)")
            for key in ["id", "memo_id"] {
                #expect(((request.body?[key] as? Int) ?? 0) >= 0, "\(context): \(request.method) \(request.path)")
            }
        }
        let createdTexts = applied.filter { $0.method == "POST" }.compactMap { $0.body?["text"] as? String }
        #expect(Set(createdTexts).count == createdTexts.count, "\(context): \(createdTexts)")
        try? pool.close()
        try? FileManager.default.removeItem(at: folder)
        return merged
    }

    /// Creates a memo offline with a temporary id, and (one time in two) a reminder on it or on another memo.
    func create(in pool: DatabasePool, pick: UInt64, text: String) async throws -> String {
        try await pool.write { db in
            let memo = try Memo.temporaryID(db)
            try Memo.Record(id: memo, text: "m" + text).insert(db)
            guard pick % 2 == 0 else { return "create memo \(memo)" }
            let memos = try Int64.fetchAll(db, sql: "SELECT id FROM memo ORDER BY id")
            let target = memos[Int(pick / 2 % UInt64(memos.count))]
            let reminder = try Reminder.temporaryID(db)
            try Reminder.Record(id: reminder, text: "r" + text, memoId: target).insert(db)
            return "create memo \(memo), reminder \(reminder) on \(target)"
        }
    }

    /// Edits or deletes a memo, by whatever id it has now.
    func edit(in pool: DatabasePool, pick: UInt64, text: String) async throws -> String {
        try await pool.write { db in
            let memos = try Memo.Record.order(Memo.Record.Columns.id).fetchAll(db)
            guard !memos.isEmpty else { return "no memo to edit" }
            var memo = memos[Int(pick % UInt64(memos.count))]
            if pick % 5 == 0 {
                try memo.delete(db)
                return "delete memo \(memo.id)"
            }
            memo.text = text
            try memo.update(db)
            return "edit memo \(memo.id)"
        }
    }
}
