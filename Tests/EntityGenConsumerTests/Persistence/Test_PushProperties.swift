import EntityGenPersistence
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// Hundreds of seeded random sequences of local edits, pushes, pulls, app kills and changes made on the
/// server by someone else, against a loopback server that fails requests, delays answers and loses
/// responses after applying them. After each sequence a healthy push and pull must leave client and server equal, no
/// edit may have been applied twice, and no pending edit may be lost.
@Suite struct Test_PushProperties {
    static let ids = (1...6).map { UUID(uuidString: "00000000-0000-0000-0000-00000000000\($0)")! }

    /// 200 sequences per run; `ENTITYGEN_PUSH_SEEDS=<n>` runs more.
    @Test func randomSequencesConverge() async throws {
        let count = ProcessInfo.processInfo.environment["ENTITYGEN_PUSH_SEEDS"].flatMap { UInt64($0) } ?? 200
        // Four sequences at a time (each has its own server and database file).
        let conflicts = try await SeededRuns.map(1...max(count, 1)) { try await run(seed: $0, steps: 24) }.reduce(0, +)
        // The pulls did meet unsent edits: the conflict check above is not vacuous.
        #expect(count < 50 || conflicts > 10, "\(conflicts) conflicts in \(count) sequences")
    }

    /// One sequence; returns how many conflicts its pulls reported.
    func run(seed: UInt64, steps: Int) async throws -> Int {
        var conflicts = 0
        var random = SplitMix64(seed: seed)
        // Until the outage ends, about one request in five fails with a 503 and one in seven is applied and
        // then loses its response; one answer in four waits 2 ms.
        let outage = ServerOutage(seed: seed &* 31)
        let server = try outage.server(losesOneIn: 7, delaysOneIn: 4)
        defer { server.stop() }
        let folder = try TemporaryFolder.make("entitygen-push-properties")
        let path = folder.appendingPathComponent("db.sqlite").path
        var pool = try openFreshDatabase(atPath: path)
        var pusher = OutboxPusher(entities: [Todo.self], writer: pool, baseURL: server.baseURL)
        pusher.initialDelay = .milliseconds(1)
        pusher.maximumAttempts = 2
        // The server's list is the truth, even when it is empty.
        var feed = Feed<Todo>(name: "Todos", deleteOrphans: true)
        feed.deletesOrphansWhenEmpty = true
        let importer = { (pool: DatabasePool) in FeedImporter(feed: feed, writer: pool) }
        var log: [String] = []
        for step in 0..<steps {
            switch random.next() % 10 {
            case 0, 1, 2, 3:
                log.append(try await edit(pool, &random, title: "c\(seed)-\(step)"))
            case 4, 5:
                log.append("push")
                do { try await pusher.push() } catch is PushError {}
            case 6:
                // A pull may meet rows with unsent edits: the server's row wins, and every unsent edit it
                // drops is reported as a conflict, never lost silently.
                log.append("pull")
                let before = try await pool.read { db in try Outbox.entries(db).filter { $0.attempts == 0 } }
                let report = try await importer(pool).sync(pages: Self.pages(server.page))
                let remaining = Set(try await pool.read { db in try Outbox.entries(db) }.map(\.sequence))
                let reported = Set(report.conflicts.map { $0.identity.values })
                conflicts += report.conflicts.count
                for entry in before where !remaining.contains(entry.sequence) {
                    #expect(
                        reported.contains(entry.key),
                        "seed \(seed): \(log.joined(separator: ", ")): an unsent \(entry.operation) was dropped unreported"
                    )
                }
            case 7:
                log.append("kill")
                try pool.close()
                pool = try EntityGenDatabase.openDatabase(atPath: path)
                pusher = OutboxPusher(entities: [Todo.self], writer: pool, baseURL: server.baseURL)
                pusher.initialDelay = .milliseconds(1)
                pusher.maximumAttempts = 2
            default:
                let id = Self.ids[Int(random.next() % UInt64(Self.ids.count))].uuidString
                if random.next() % 4 == 0 {
                    log.append("server deletes \(id.suffix(1))")
                    server.remove(id)
                } else {
                    log.append("server renames \(id.suffix(1))")
                    server.change(id, title: "s\(seed)-\(step)")
                }
            }
        }
        // The network recovers: what was pending goes out, refused edits (an update of a row the server
        // deleted) are given up, and a pull brings the server's state.
        outage.end()
        // Rows with an edit the server refused wait behind it (the app decides): they are left out.
        let pending = try await pool.read { db in
            let entries = try Outbox.entries(db)
            let held = Set(entries.filter { $0.failure != nil }.map { Self.id($0) })
            return try entries.filter { !held.contains(Self.id($0)) }.map {
                ($0, try Todo.Record.fetchOne(db, id: Self.id($0)))
            }
        }
        let report = try await pusher.push()
        try await pool.write { db in
            for entry in try Outbox.entries(db) { try Outbox.discard(entry, in: db) }
        }
        _ = try await importer(pool).sync(pages: Self.pages(server.page))
        let context = "seed \(seed): \(log.joined(separator: ", "))"

        // Converged: the client holds exactly the server's to-dos.
        let local = try await pool.read { db in try Todo.Record.fetchAll(db) }
        let stored = server.stored
        #expect(Set(local.map(\.id.uuidString)) == Set(stored.keys), "\(context)")
        for todo in local {
            #expect(stored[todo.id.uuidString]?["title"] as? String == todo.title, "\(context)")
        }
        // No edit applied twice: every title a client edit wrote is unique, so one sent twice under two
        // idempotency keys would show up twice.
        let titles = server.appliedRequests.compactMap { $0.body?["title"] as? String }
        #expect(Set(titles).count == titles.count, "\(context): \(titles)")
        // No pending edit lost: what was pending before the healthy push is on the server, unless the
        // server refused it or an edit of the same row before it (an update of a row someone deleted
        // there), which the row's later edits wait behind.
        let refusedRows = Set(report.failed.map { Self.id($0) })
        for (entry, row) in pending where !refusedRows.contains(Self.id(entry)) {
            let id = row?.id.uuidString
            switch entry.operation {
            case .delete:
                continue  // the row is gone locally; the convergence check covers the server
            case .create, .update:
                guard let row, let id else { continue }  // deleted locally since: its delete follows
                #expect(
                    server.appliedRequests.contains { ($0.body?["title"] as? String) == row.title }
                        || stored[id]?["title"] as? String == row.title,
                    "\(context): pending \(entry.operation) of \(id) lost")
            }
        }
        try? pool.close()
        try? FileManager.default.removeItem(at: folder)
        return conflicts
    }

    /// One random local edit through GRDB: create, update (record or raw SQL) or delete (record or static).
    func edit(_ pool: DatabasePool, _ random: inout SplitMix64, title: String) async throws -> String {
        let id = Self.ids[Int(random.next() % UInt64(Self.ids.count))]
        let choice = random.next() % 5
        return try await pool.write { db in
            guard var todo = try Todo.Record.fetchOne(db, id: id) else {
                try Todo(id: id, title: title).insert(db)
                return "create \(id.uuidString.suffix(1))"
            }
            switch choice {
            case 0:
                try db.execute(sql: "UPDATE todo SET title = ? WHERE id = ?", arguments: [title, id])
                return "sql update \(id.uuidString.suffix(1))"
            case 1:
                _ = try Todo.Record.deleteOne(db, id: id)
                return "delete \(id.uuidString.suffix(1))"
            default:
                todo.title = title
                todo.isDone.toggle()
                try todo.update(db)
                return "update \(id.uuidString.suffix(1))"
            }
        }
    }

    /// The to-do an outbox entry names (its key is the UUID's 16 bytes).
    static func id(_ entry: OutboxEntry) -> UUID {
        guard case let .blob(bytes)? = entry.key.first, bytes.count == 16 else { return UUID() }
        return UUID(uuid: bytes.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) })
    }

    /// One page of a feed, as a sequence.
    static func pages(_ page: Data) -> AsyncStream<Data> {
        AsyncStream { continuation in
            continuation.yield(page)
            continuation.finish()
        }
    }
}
