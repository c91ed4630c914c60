import EntityGenPersistence
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// Local edits that reach the server (`push:` in Todos.yaml): edits made with GRDB's own record API are
/// captured in the outbox in their transaction, coalesced per row, and sent in order by `OutboxPusher`
/// to a real HTTP server on loopback, with retries, refusals and a reopened database.
@Suite struct Test_Push {
    static let first = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    static let second = UUID(uuidString: "00000000-0000-0000-0000-000000000002")!

    func pusher(_ server: PushServer, _ writer: any DatabaseWriter) -> OutboxPusher {
        var pusher = OutboxPusher(entities: [Todo.self], writer: writer, baseURL: server.baseURL)
        pusher.initialDelay = .milliseconds(5)
        pusher.maximumAttempts = 3
        return pusher
    }

    @Test func editsThroughGRDBAreCapturedAndCoalescedPerRow() throws {
        let (pool, _) = try makeDatabase()
        try pool.write { db in
            try Todo(id: Self.first, title: "Buy milk").insert(db)
            var todo = try #require(try Todo.Record.fetchOne(db, id: Self.first))
            todo.title = "Buy oat milk"
            try todo.update(db)
            try Todo(id: Self.second, title: "Call mum").insert(db)
            _ = try Todo.Record.deleteOne(db, id: Self.second)  // GRDB's static request: captured too
        }
        var entries = try pool.read { db in try Outbox.entries(db) }
        // Create then update: one create; create then delete: nothing.
        #expect(entries.map(\.operation) == [.create])
        #expect(entries.first?.key == [.blob(Array(Self.first.uuidData))])
        // Raw SQL is captured as well.
        try pool.write { db in
            try db.execute(sql: "UPDATE todo SET notes = 'typed in SQL' WHERE title = 'Buy oat milk'")
        }
        #expect(try pool.read { db in try Outbox.entries(db) }.map(\.operation) == [.create])

        // Once a push has picked the create up, the next edit is a new entry behind it.
        try pool.write { db in
            try db.execute(sql: "UPDATE entitygen_outbox SET attempts = 1")
            var todo = try #require(try Todo.Record.fetchOne(db, id: Self.first))
            todo.isDone = true
            try todo.update(db)
            todo.notes = "the blue carton"
            try todo.update(db)
            try todo.update(db)  // nothing changed: nothing recorded
        }
        entries = try pool.read { db in try Outbox.entries(db) }
        #expect(entries.map(\.operation) == [.create, .update])
        #expect(entries.last?.changedKeys == ["is_done", "notes"])
        #expect(Set(entries.map(\.idempotencyKey)).count == 2)
    }

    @Test func importedRowsAreNotCaptured() throws {
        let (pool, _) = try makeDatabase()
        let feed = Feed<Todo>(name: "Todos")
        let importer = FeedImporter(feed: feed, writer: pool)
        let page = Array(#"[{"id": "00000000-0000-0000-0000-000000000001", "title": "From the server"}]"#.utf8)
        try importer.importPage(page)
        #expect(try pool.read { db in try Todo.Record.fetchCount(db) } == 1)
        #expect(try pool.read { db in try Outbox.entries(db) }.isEmpty)
        // The same page again: nothing changes, nothing is captured, no conflict.
        let again = try importer.importPage(page)
        #expect(again.entities["Todo"]?.unchanged == 1 && again.conflicts.isEmpty)
        #expect(try pool.read { db in try Outbox.entries(db) }.isEmpty)
    }

    @Test func aPushSendsEditsInOrderAndStoresTheResponses() async throws {
        let server = try PushServer()
        defer { server.stop() }
        let (pool, _) = try makeDatabase()
        try await pool.write { db in
            try Todo(id: Self.first, title: "Buy milk").insert(db)
            try Todo(id: Self.second, title: "Call mum", notes: "Sunday").insert(db)
        }
        var report = try await pusher(server, pool).push()
        #expect(report.created == 2 && report.pending == 0 && report.failed.isEmpty, "\(report)")
        #expect(server.requests.map { "\($0.method) \($0.path)" } == ["POST /todos", "POST /todos"])
        #expect(server.requests[0].body?["title"] as? String == "Buy milk")
        #expect(server.requests.allSatisfy { ($0.headers["idempotency-key"] ?? "").count == 32 })
        // The response's server-assigned `updated_at` is stored, through the mapper.
        let stored = try await pool.read { db in try Todo.Record.fetchOne(db, id: Self.first) }
        #expect(stored?.updatedAt == ISO8601DateFormatter().date(from: "2026-11-26T10:00:00Z"))
        #expect(try await pool.read { db in try Outbox.entries(db) }.isEmpty)

        // A PATCH sends only the keys that changed.
        try await pool.write { db in
            var todo = try #require(try Todo.Record.fetchOne(db, id: Self.second))
            todo.isDone = true
            try todo.update(db)
            try #require(try Todo.Record.fetchOne(db, id: Self.first)).delete(db)
        }
        report = try await pusher(server, pool).push()
        #expect(report.updated == 1 && report.deleted == 1)
        let patch = try #require(server.requests.first { $0.method == "PATCH" })
        #expect(patch.path == "/todos/\(Self.second.uuidString)")
        #expect(patch.body?.keys.sorted() == ["is_done"])
        #expect(server.stored[Self.second.uuidString]?["is_done"] as? Bool == true)
        #expect(server.stored[Self.first.uuidString] == nil)
    }

    @Test func transientFailuresAreRetriedWithTheSameIdempotencyKey() async throws {
        let server = try PushServer { _, index in
            switch index {
            case 0: PushServer.Refusal(status: "503 Service Unavailable")
            case 1: PushServer.Refusal(status: "429 Too Many Requests", headers: ["Retry-After": "0"])
            default: nil
            }
        }
        defer { server.stop() }
        let (pool, _) = try makeDatabase()
        try await pool.write { db in try Todo(id: Self.first, title: "Buy milk").insert(db) }
        let report = try await pusher(server, pool).push()
        #expect(report.created == 1 && report.retries == 2)
        #expect(server.requests.count == 3)
        #expect(Set(server.requests.compactMap { $0.headers["idempotency-key"] }).count == 1)
    }

    @Test func aServerThatStaysDownStopsThePushAndKeepsTheEdit() async throws {
        let server = try PushServer { _, _ in PushServer.Refusal(status: "500 Internal Server Error") }
        defer { server.stop() }
        let (pool, path) = try makeDatabase()
        try await pool.write { db in try Todo(id: Self.first, title: "Buy milk").insert(db) }
        await #expect(throws: PushError.self) { try await pusher(server, pool).push() }
        #expect(server.requests.count == 3)
        let entries = try await pool.read { db in try Outbox.entries(db) }
        #expect(entries.count == 1 && entries[0].attempts == 1)

        // The app is killed and launched again: the edit is still there, and goes out with the same key.
        try pool.close()
        let reopened = try EntityGenDatabase.openDatabase(atPath: path)
        let healthy = try PushServer()
        defer { healthy.stop() }
        let report = try await pusher(healthy, reopened).push()
        #expect(report.created == 1)
        #expect(healthy.requests.first?.headers["idempotency-key"] == entries[0].idempotencyKey)
        #expect(healthy.stored[Self.first.uuidString]?["title"] as? String == "Buy milk")
    }

    @Test func aRefusedEditIsKeptAndItsRowWaitsWhileOtherRowsGoOut() async throws {
        let server = try PushServer { request, _ in
            request.body?["title"] as? String == ""
                ? PushServer.Refusal(status: "422 Unprocessable Entity", body: "title is empty") : nil
        }
        defer { server.stop() }
        let (pool, _) = try makeDatabase()
        try await pool.write { db in
            try Todo(id: Self.first, title: "").insert(db)
            try Todo(id: Self.second, title: "Call mum").insert(db)
        }
        var report = try await pusher(server, pool).push()
        #expect(report.created == 1 && report.failed.count == 1)
        #expect(report.failed.first?.failure == PushFailure(status: 422, message: "title is empty"))
        #expect(report.pending == 1)

        // The user fixes the title; the refused create is sent again once the app retries it.
        try await pool.write { db in
            var todo = try #require(try Todo.Record.fetchOne(db, id: Self.first))
            todo.title = "Buy milk"
            try todo.update(db)
        }
        report = try await pusher(server, pool).push()
        #expect(report.sent == 0 && report.pending == 2)
        try await pool.write { db in try Outbox.retryFailed(db) }
        report = try await pusher(server, pool).push()
        #expect(report.created == 1 && report.updated == 1 && report.pending == 0)
        #expect(server.stored[Self.first.uuidString]?["title"] as? String == "Buy milk")
    }

    @Test(arguments: ["409 Conflict", "412 Precondition Failed"])
    func aConflictTheServerReportsIsKeptWithItsResponse(status: String) async throws {
        let server = try PushServer { request, _ in
            request.method == "PATCH"
                ? PushServer.Refusal(status: status, body: #"{"error": "version mismatch"}"#) : nil
        }
        defer { server.stop() }
        let (pool, _) = try makeDatabase()
        try await pool.write { db in
            try Todo(id: Self.first, title: "Buy milk").insert(db)
            try Todo(id: Self.second, title: "Call mum").insert(db)
        }
        try await pusher(server, pool).push()
        try await pool.write { db in
            _ = try Todo.Record.filter(key: Self.first).updateAll(db, Todo.Columns.title.set(to: "Buy oat milk"))
            try db.execute(sql: "UPDATE todo SET notes = 'later' WHERE title = 'Call mum'")
        }
        let report = try await pusher(server, pool).push()
        let code = Int(status.prefix(3))!
        #expect(
            report.failed.map(\.failure) == [
                PushFailure(status: code, message: #"{"error": "version mismatch"}"#),
                PushFailure(status: code, message: #"{"error": "version mismatch"}"#),
            ])
        #expect(report.failed.map(\.changedKeys) == [["title"], ["notes"]])
        let entries = try await pool.read { db in try Outbox.entries(db) }
        #expect(entries.count == 2 && entries.allSatisfy { $0.failure?.status == code })
        // The local edits stay in the rows until the app decides.
        #expect(try await pool.read { db in try Todo.Record.fetchOne(db, id: Self.first)?.title } == "Buy oat milk")
    }

    @Test func aPullWinsOverUnsentEditsAndNeverDeletesAnUnconfirmedCreation() async throws {
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: Feed<Todo>(name: "Todos", deleteOrphans: true), writer: pool)
        let page = #"[{"id": "00000000-0000-0000-0000-000000000001", "title": "From the server"}]"#
        try await importer.importPage(Array(page.utf8))
        try await pool.write { db in
            var todo = try #require(try Todo.Record.fetchOne(db, id: Self.first))
            todo.title = "Edited offline"
            try todo.update(db)
            try Todo(id: Self.second, title: "Created offline").insert(db)
        }
        #expect(try await pool.read { db in try Outbox.entries(db) }.map(\.operation) == [.update, .create])

        // A sync brings the server's version of the first row and lists only it: the server's row wins
        // over the unsent update (serverWins), and the unpushed creation is not deleted as an orphan.
        let pages = AsyncStream<Data> { continuation in
            continuation.yield(Data(page.utf8))
            continuation.finish()
        }
        let report = try await importer.sync(pages: pages)
        #expect(report.entities["Todo"]?.updated == 1)
        // The overridden edit is reported with both versions of the row.
        let conflict = try #require(report.conflicts.first)
        #expect(report.conflicts.count == 1)
        #expect(conflict.entity == "Todo" && conflict.operation == "update")
        #expect(conflict.identity.columns == ["id"])
        #expect(conflict.identity.value("id", as: UUID.self) == Self.first)
        #expect(conflict.local["title"] == .text("Edited offline"))
        #expect(conflict.server["title"] == .text("From the server"))
        #expect(conflict.differingColumns == ["title"])
        let titles = try await pool.read { db in try Todo.Record.order(Todo.Columns.title).fetchAll(db).map(\.title) }
        #expect(titles == ["Created offline", "From the server"])
        #expect(try await pool.read { db in try Outbox.entries(db) }.map(\.operation) == [.create])
    }

    @Test func withClientWinsTheFieldsAnUnsentEditChangedSurviveAPullAndGoOutNext() async throws {
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: Feed<Memo>(name: "Memos"), writer: pool)
        try await importer.importPage(
            Array(#"[{"id": 1, "text": "server", "color": "red"}, {"id": 2, "text": "two"}]"#.utf8))
        try await pool.write { db in
            var memo = try #require(try Memo.Record.fetchOne(db, id: 1))
            memo.text = "mine"
            try memo.update(db)
            _ = try Memo.Record.deleteOne(db, id: 2)
        }
        // The server changed both fields of memo 1 and still has memo 2.
        let report = try await importer.importPage(
            Array(#"[{"id": 1, "text": "server v2", "color": "blue"}, {"id": 2, "text": "two, edited"}]"#.utf8))
        let memos = try await pool.read { db in try Memo.Record.fetchAll(db) }
        // The edited field is the device's, the other the server's; the deleted memo is deleted again.
        #expect(memos.map(\.id) == [1])
        #expect(memos.first?.text == "mine" && memos.first?.color == "blue")
        #expect(report.conflicts.count == 2 && report.conflicts.allSatisfy(\.keptLocal))
        let update = try #require(report.conflicts.first { $0.operation == "update" })
        #expect(update.local["text"] == .text("mine") && update.server["text"] == .text("server v2"))
        // Both go out with the next push, as new edits.
        let entries = try await pool.read { db in try Outbox.entries(db) }
        #expect(entries.map(\.operation) == [.update, .delete])
        #expect(entries.first?.changedKeys == ["text"])
    }

    @Test func aDatabaseFromBeforePushGetsItsOutboxWhenTheAppUpdates() throws {
        let pool = try makeDatabase(migratedUpTo: "entitygen-v16")
        #expect(try pool.read { db in try db.tableExists("entitygen_outbox") } == false)
        #expect(try pool.read { db in try Outbox.entries(db) }.isEmpty)
        try migrateToLatest(pool)
        try pool.write { db in try Todo(id: Self.first, title: "Buy milk").insert(db) }
        #expect(try pool.read { db in try Outbox.entries(db) }.map(\.operation) == [.create])

        // The migrated file pulls the same page twice (the second changes nothing), and its conflict
        // handling works: a device edit newer than the server's row survives the next pull.
        let importer = FeedImporter(feed: Feed<Reminder>(name: "Reminders"), writer: pool)
        let page = #"[{"id": 1, "text": "server", "due_at": null, "updated_at": "2001-01-01T00:00:00Z"}]"#
        try importer.importPage(Array(page.utf8))
        #expect(try importer.importPage(Array(page.utf8)).entities["Reminder"]?.unchanged == 1)
        try pool.write { db in try db.execute(sql: "UPDATE reminder SET text = 'mine' WHERE id = 1") }
        let newer = #"[{"id": 1, "text": "theirs", "due_at": null, "updated_at": "2001-01-02T00:00:00Z"}]"#
        let report = try importer.importPage(Array(newer.utf8))
        #expect(report.conflicts.map(\.keptColumns) == [["text"]])
        #expect(try pool.read { db in try Reminder.Record.fetchOne(db, id: 1)?.text } == "mine")
    }

    @Test func retryAfterIsReadAsSecondsOrAsAnHTTPDate() {
        #expect(OutboxPusher.retryAfter(" 7 ") == .seconds(7))
        #expect(OutboxPusher.retryAfter("Thu, 01 Jan 1970 00:00:00 GMT") == .zero)
        let inAMinute = Date(timeIntervalSinceNow: 60)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        let wait = OutboxPusher.retryAfter(formatter.string(from: inAMinute))
        #expect(wait.map { $0 > .seconds(55) && $0 <= .seconds(60) } == true)
        #expect(OutboxPusher.retryAfter("soon") == nil && OutboxPusher.retryAfter("-3") == nil)
    }

    @Test func routesAreCheckedBeforeAnythingIsSent() throws {
        let route = PushRoute(method: "PATCH", path: "/todos/{id}")
        #expect(throws: PushError.self) {
            try route.resolvedPath(identity: ["other"], key: [1.databaseValue], entity: "Todo")
        }
        #expect(
            try route.resolvedPath(identity: ["id"], key: ["a b/c".databaseValue], entity: "Todo") == "/todos/a%20b%2Fc"
        )
    }
}

extension UUID {
    /// The 16 bytes SQLite stores.
    fileprivate var uuidData: Data { withUnsafeBytes(of: uuid) { Data($0) } }
}
