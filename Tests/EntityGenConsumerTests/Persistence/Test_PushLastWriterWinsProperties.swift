import EntityGenPersistence
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// Seeded random sequences for `conflicts: lastWriterWins` (Reminder, by `updatedAt`): local edits of
/// its text and due date, pushes against a server that fails and loses responses, pulls at any time,
/// kills, and another client's changes stamped with the server's clock. At every pull, each field an
/// unsent edit changed holds the device's value exactly when the device changed it after the server
/// row's timestamp, and the server's otherwise; after a healthy push and pull, client and server are equal.
@Suite struct Test_PushLastWriterWinsProperties {
    static let keys = ["text", "due_at"]

    @Test func eachFieldHoldsTheNewerValueAfterEveryPull() async throws {
        let count = ProcessInfo.processInfo.environment["ENTITYGEN_PUSH_SEEDS"].flatMap { UInt64($0) } ?? 100
        var decided = (device: 0, server: 0)
        for run in try await SeededRuns.map(1...max(count, 1), { try await run(seed: $0) }) {
            decided.device += run.device
            decided.server += run.server
        }
        // Both outcomes happened: the check is not vacuous either way.
        #expect(count < 50 || (decided.device > 10 && decided.server > 10), "\(decided)")
    }

    /// One sequence; returns how many fields the pulls kept from the device and from the server.
    func run(seed: UInt64) async throws -> (device: Int, server: Int) {
        var random = SplitMix64(seed: seed)
        let outage = ServerOutage(seed: seed &* 29)
        let server = try outage.server(losesOneIn: 7)
        defer { server.stop() }
        let folder = try TemporaryFolder.make("entitygen-push-lww")
        let path = folder.appendingPathComponent("db.sqlite").path
        var pool = try openFreshDatabase(atPath: path)
        let pusher = { (pool: DatabasePool) in
            var pusher = OutboxPusher(entities: [Reminder.self], writer: pool, baseURL: server.baseURL)
            pusher.initialDelay = .milliseconds(1)
            pusher.maximumAttempts = 2
            return pusher
        }
        let importer = { (pool: DatabasePool) in FeedImporter(feed: Feed<Reminder>(name: "Reminders"), writer: pool) }
        // Three reminders the server and the device both know; the server sends every field, null or not
        // (an absent key would leave the stored value as it is, whoever won).
        for id in 1...3 { server.seed("\(id)", ["id": id, "text": "t\(id)", "due_at": NSNull()], in: "reminders") }
        _ = try await importer(pool).importPage(Array(server.page(of: "reminders")))
        var log: [String] = []
        var decided = (device: 0, server: 0)
        for step in 0..<24 {
            let id = Int64(random.next() % 3) + 1
            let key = Self.keys[Int(random.next() % 2)]
            let value = key == "text" ? "d\(seed)-\(step)" : "2030-01-\(String(format: "%02d", step + 1)) 00:00:00.000"
            switch random.next() % 9 {
            case 0, 1, 2:
                log.append("edit \(id) \(key)")
                let column = key == "text" ? "text" : "dueAt"
                try await pool.write { db in
                    try db.execute(sql: "UPDATE reminder SET \(column) = ? WHERE id = ?", arguments: [value, id])
                }
            case 3, 4:
                log.append("push")
                do { try await pusher(pool).push() } catch is PushError {}
            case 5:
                log.append("pull")
                let context = "seed \(seed): \(log.joined(separator: ", "))"
                let result = try await pullAndCheck(pool, server, importer: importer(pool), context: context)
                decided.device += result.device
                decided.server += result.server
            case 6:
                log.append("kill")
                try pool.close()
                pool = try EntityGenDatabase.openDatabase(atPath: path)
            default:
                log.append("server edits \(id) \(key)")
                let serverValue =
                    key == "text" ? "s\(seed)-\(step)" : "2031-01-\(String(format: "%02d", step + 1))T00:00:00Z"
                server.stamp("\(id)", [key: serverValue])
            }
            try await Task.sleep(for: .milliseconds(2))  // distinct millisecond stamps on both sides
        }
        outage.end()
        try await pusher(pool).push()
        try await pool.write { db in for entry in try Outbox.entries(db) { try Outbox.discard(entry, in: db) } }
        _ = try await importer(pool).importPage(Array(server.page(of: "reminders")))
        let local = try await pool.read { db in try Reminder.Record.order(Column("id")).fetchAll(db) }
        let stored = server.stored
        for reminder in local {
            #expect(stored["\(reminder.id)"]?["text"] as? String == reminder.text, "seed \(seed): \(log)")
        }
        try? pool.close()
        try? FileManager.default.removeItem(at: folder)
        return decided
    }

    /// Pulls the server's reminders and checks each field an unsent edit had changed; returns how many
    /// kept the device's value and how many took the server's.
    func pullAndCheck(
        _ pool: DatabasePool, _ server: PushServer, importer: FeedImporter<Reminder>, context: String
    ) async throws -> (device: Int, server: Int) {
        let page = server.page(of: "reminders")
        let served = Dictionary(
            uniqueKeysWithValues: ((try JSONSerialization.jsonObject(with: page) as? [[String: Any]]) ?? []).map {
                ("\($0["id"] ?? "")", $0)
            })
        // Each unsent entry's edit times, and the device's values before the pull.
        let before = try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT o.key, o.editedAt, r.text, r.dueAt FROM entitygen_outbox AS o
                    JOIN reminder AS r ON quote(r.id) = o.key WHERE o.attempts = 0 AND o.operation = 'update'
                    """
            ).map { row in
                (
                    key: row["key"] as String, editedAt: row["editedAt"] as String?, text: row["text"] as String,
                    dueAt: row["dueAt"] as String?
                )
            }
        }
        _ = try await importer.importPage(Array(page))
        var decided = (device: 0, server: 0)
        for edit in before {
            guard let row = served[edit.key], let editedAt = edit.editedAt,
                let times = try JSONSerialization.jsonObject(with: Data(editedAt.utf8)) as? [String: String]
            else { continue }
            let serverTime = (row["updated_at"] as? String).map(Self.databaseText)
            let after = try await pool.read { db in
                try Row.fetchOne(db, sql: "SELECT text, dueAt FROM reminder WHERE quote(id) = ?", arguments: [edit.key])
                    .map { (text: $0["text"] as String?, dueAt: $0["dueAt"] as String?) }
            }
            for (key, time) in times where Self.keys.contains(key) {
                let deviceWins = serverTime.map { time > $0 } ?? true
                let local: String? = key == "text" ? edit.text : edit.dueAt
                let remote: String? =
                    key == "text" ? row["text"] as? String : (row["due_at"] as? String).map(Self.databaseText)
                let now: String? = key == "text" ? after?.text : after?.dueAt
                #expect(
                    now == (deviceWins ? local : remote),
                    "\(context): reminder \(edit.key) \(key) edited at \(time), server row at \(serverTime ?? "-")")
                if deviceWins { decided.device += 1 } else { decided.server += 1 }
            }
        }
        return decided
    }

    /// GRDB's date text of an ISO 8601 date (`2026-11-26T12:00:00.123Z` -> `2026-11-26 12:00:00.123`).
    static func databaseText(_ iso: String) -> String {
        var text = iso.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: "")
        if !text.contains(".") { text += ".000" }
        return text
    }
}
