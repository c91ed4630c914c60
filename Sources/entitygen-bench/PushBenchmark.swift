import EntityGenPersistence
import Foundation
import GRDB

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `entitygen-bench push [count]`: pushes 10,000 pending edits (creations of `BenchTodo`, made through
/// GRDB and captured by the generated triggers) to a loopback server with `OutboxPusher`, against a plain
/// `URLSession` loop sending the same requests (method, path, body, idempotency header) to the same
/// server, in the same run, alternating, best of three each. Prints `ratio push_vs_urlsession_loop` (the
/// loop's time over the pusher's). Also prints what capture costs a local edit and an import: inserting
/// and importing the rows with and without the outbox triggers.
enum PushBenchmark {
    static func run(count: Int) async throws {
        let server = try EchoServer()
        defer { server.stop() }
        var pushBest = Double.infinity
        var loopBest = Double.infinity
        for _ in 0..<3 {
            let (pool, folder) = try ImportBenchmark.freshDatabase()
            defer { try? FileManager.default.removeItem(at: folder) }
            try await pool.write { db in
                for id in 0..<Int64(count) {
                    try BenchTodo(id: id, title: "To-do number \(id)", notes: id % 3 == 0 ? "with a note" : nil)
                        .insert(db)
                }
            }
            // The baseline's requests: what the pusher will send, built before the clock starts.
            let requests = try await pool.read { db in
                try Outbox.entries(db).map { entry -> URLRequest in
                    guard case let .integer(id)? = entry.key.first,
                        let todo = try BenchTodo.Record.fetchOne(db, id: id)
                    else { throw BenchmarkError("outbox entry \(entry.sequence) names no row") }
                    var request = URLRequest(url: server.baseURL.appendingPathComponent("todos"))
                    request.httpMethod = "POST"
                    request.httpBody = Data(todo.jsonBytes())
                    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                    request.setValue(entry.idempotencyKey, forHTTPHeaderField: "Idempotency-Key")
                    return request
                }
            }
            guard requests.count == count else {
                throw BenchmarkError("the outbox holds \(requests.count) edits, not \(count)")
            }
            let session = URLSession(configuration: .ephemeral)
            let loop = try await seconds {
                for request in requests {
                    let (_, response) = try await session.data(for: request)
                    guard (response as? HTTPURLResponse)?.statusCode == 201 else {
                        throw BenchmarkError("the loop's request was refused")
                    }
                }
            }
            loopBest = min(loopBest, loop)
            let pusher = OutboxPusher(
                entities: [BenchTodo.self], writer: pool, baseURL: server.baseURL, session: session)
            var report = PushReport()
            let push = try await seconds { report = try await pusher.push() }
            guard report.created == count, report.pending == 0, report.responseIssues.isEmpty else {
                throw BenchmarkError("the push sent \(report.created) of \(count): \(report)")
            }
            pushBest = min(pushBest, push)
            session.finishTasksAndInvalidate()
        }
        Measurement.summary("seconds", "push_\(count)", pushBest)
        Measurement.summary("seconds", "urlsession_loop_\(count)", loopBest)
        Measurement.summary("ratio", "push_vs_urlsession_loop", loopBest / pushBest)
        try await captureCost(count: count)
    }

    /// What the outbox triggers cost: local inserts through GRDB records (each captured) and an import of
    /// ten times as many rows (each write checks the pause marker and drops unsent edits of its row),
    /// with the triggers and with them dropped, best of three each. Prints the ratios without over with.
    static func captureCost(count: Int) async throws {
        let rows = count * 10
        var page = "["
        for id in 0..<rows {
            if id > 0 { page += "," }
            page += #"{"id":\#(id),"title":"To-do number \#(id)","is_done":\#(id % 2 == 0),"notes":null}"#
        }
        page += "]"
        let bytes = Array(page.utf8)
        var best: [Bool: (edits: Double, imported: Double, pulled: Double)] = [
            true: (.infinity, .infinity, .infinity), false: (.infinity, .infinity, .infinity),
        ]
        for _ in 0..<3 {
            for captured in [true, false] {
                // A pull into an empty outbox (the usual first sync); in another database, local edits,
                // then a pull that meets an outbox of `count` unsent edits.
                let (first, firstFolder) = try ImportBenchmark.freshDatabase()
                defer { try? FileManager.default.removeItem(at: firstFolder) }
                if !captured { try await dropOutboxTriggers(first) }
                let pulled = try await seconds {
                    _ = try await FeedImporter(feed: Feed<BenchTodo>(name: "BenchTodos"), writer: first).importPage(
                        bytes)
                }
                let (pool, folder) = try ImportBenchmark.freshDatabase()
                defer { try? FileManager.default.removeItem(at: folder) }
                if !captured { try await dropOutboxTriggers(pool) }
                let importer = FeedImporter(feed: Feed<BenchTodo>(name: "BenchTodos"), writer: pool)
                let edits = try await seconds {
                    try await pool.write { db in
                        for id in 0..<Int64(count) { try BenchTodo(id: -1 - id, title: "Local \(id)").insert(db) }
                    }
                }
                let imported = try await seconds { _ = try await importer.importPage(bytes) }
                let previous = best[captured]!
                best[captured] = (
                    min(previous.edits, edits), min(previous.imported, imported), min(previous.pulled, pulled)
                )
            }
        }
        Measurement.summary("ratio", "local_inserts_captured_vs_not", best[false]!.edits / best[true]!.edits)
        let importRatio = best[false]!.imported / best[true]!.imported
        Measurement.summary("ratio", "import_with_outbox_triggers_vs_without", importRatio)
        Measurement.summary(
            "ratio", "import_empty_outbox_triggers_vs_without", best[false]!.pulled / best[true]!.pulled)
    }

    /// Drops the outbox triggers of the benchmark's table: the same writes without capture.
    static func dropOutboxTriggers(_ pool: DatabasePool) async throws {
        try await pool.write { db in
            let sql = "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'benchTodo_outbox_%'"
            for name in try String.fetchAll(db, sql: sql) {
                try db.execute(sql: "DROP TRIGGER \(name.quotedDatabaseIdentifier)")
            }
        }
    }

    /// Seconds an async body takes.
    static func seconds(_ body: () async throws -> Void) async throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try await body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
