import EntityGenPersistence
import Foundation
import GRDB
import Synchronization
import Testing

/// Rows created offline for a server that assigns ids (Memo and Reminder in Todos.yaml, both identified
/// by an `Int64` id): they hold temporary negative ids, and when a creation is pushed the row takes the
/// id the server assigned, with the foreign keys that point at it and its later edits.
@Suite struct Test_PushTemporaryIDs {
    func pusher(_ server: PushServer, _ writer: any DatabaseWriter) -> OutboxPusher {
        var pusher = OutboxPusher(entities: [Memo.self, Reminder.self], writer: writer, baseURL: server.baseURL)
        pusher.initialDelay = .milliseconds(2)
        pusher.maximumAttempts = 2
        return pusher
    }

    /// Creates a memo and a reminder on it offline, with temporary ids; returns them.
    func createOffline(in pool: DatabasePool) async throws -> (memo: Int64, reminder: Int64) {
        try await pool.write { db in
            let memo = try Memo.temporaryID(db)
            try Memo.Record(id: memo, text: "Groceries").insert(db)
            let reminder = try Reminder.temporaryID(db)
            try Reminder.Record(id: reminder, text: "Buy milk", memoId: memo).insert(db)
            return (memo, reminder)
        }
    }

    @Test func aRowCreatedOfflineTakesTheIdTheServerAssignsAndWhatPointsAtItFollows() async throws {
        let (pool, _) = try makeDatabase()
        let server = try PushServer()
        defer { server.stop() }
        let created = try await createOffline(in: pool)
        #expect(created.memo == -1 && created.reminder == -1)
        #expect(try await pool.read { db in try Memo.temporaryID(db) } == -2)
        // A UUID is made on the device: asking for a temporary one is a clear error, not a crash.
        await #expect(throws: DatabaseError.self) { try await pool.read { db in try Todo.temporaryID(db) } }

        let report = try await pusher(server, pool).push()
        #expect(report.created == 2 && report.failed.isEmpty && report.responseIssues.isEmpty)
        // The creations went out without the temporary ids, and the reminder's only once the memo's id
        // was known.
        let posts = server.appliedRequests
        #expect(posts.map(\.path) == ["/memos", "/reminders"])
        #expect(posts.allSatisfy { $0.body?["id"] == nil })
        #expect(posts.last?.body?["memo_id"] as? Int == 100)

        // The rows hold the server's ids, as GRDB's requests and associations read them.
        let memo = try #require(try await pool.read { db in try Memo.Record.fetchOne(db, id: 100) })
        #expect(memo.text == "Groceries")
        #expect(try await pool.read { db in try Memo.Record.fetchOne(db, id: -1) } == nil)
        let reminders = try await pool.read { db in try memo.request(for: Memo.Record.reminders).fetchAll(db) }
        #expect(reminders.map(\.id) == [101] && reminders.first?.text == "Buy milk")
        #expect(try await pool.read { db in try Outbox.entries(db) }.isEmpty)

        // A later edit goes to the server's id.
        try await pool.write { db in
            var reminder = try #require(try Reminder.Record.fetchOne(db, id: 101))
            reminder.text = "Buy oat milk"
            try reminder.update(db)
        }
        _ = try await pusher(server, pool).push()
        #expect(server.appliedRequests.last.map { "\($0.method) \($0.path)" } == "PATCH /reminders/101")
        #expect(server.stored["101"]?["text"] as? String == "Buy oat milk")
    }

    @Test func aPullThatBringsTheServersRowBeforeTheAnswerMergesIntoTheRowCreatedOffline() async throws {
        let (pool, _) = try makeDatabase()
        let dropping = Mutex(true)
        let server = try PushServer(dropsResponse: { _, _ in dropping.withLock { $0 } })
        defer { server.stop() }
        _ = try await createOffline(in: pool)

        // The server applies the memo's creation (id 100), but every answer is lost: the push stops, and
        // the edit stays, marked as attempted.
        await #expect(throws: PushError.self) { try await pusher(server, pool).push() }
        #expect(server.appliedKeys == 1)
        // The user edits the memo again, under its temporary id.
        try await pool.write { db in
            var memo = try #require(try Memo.Record.fetchOne(db, id: -1))
            memo.text = "Groceries for Sunday"
            try memo.update(db)
        }
        // A pull brings the server's memo 100 (the same memo) and a reminder another device added to it.
        try await FeedImporter(feed: Feed<Memo>(name: "Memos"), writer: pool).importPage(
            Array(#"[{"id": 100, "text": "Groceries"}]"#.utf8))
        try await FeedImporter(feed: Feed<Reminder>(name: "Reminders"), writer: pool).importPage(
            Array(#"[{"id": 7, "text": "From the web", "memo_id": 100}]"#.utf8))
        #expect(try await pool.read { db in try Memo.Record.fetchCount(db) } == 2)

        // The next push hears the memo's id: memo 100 is the row created here, with the local edit, and
        // everything that pointed at either copy points at it.
        dropping.withLock { $0 = false }
        let report = try await pusher(server, pool).push()
        #expect(report.failed.isEmpty)
        let memos = try await pool.read { db in try Memo.Record.fetchAll(db) }
        #expect(memos.map(\.id) == [100] && memos.first?.text == "Groceries for Sunday")
        let reminders = try await pool.read { db in try Reminder.Record.order(Reminder.Record.Columns.id).fetchAll(db) }
        #expect(reminders.map(\.id) == [7, 101])
        #expect(reminders.allSatisfy { $0.memoId == 100 })
        #expect(try await pool.read { db in try Outbox.entries(db) }.isEmpty)
        // The server applied the memo's creation once, then the edit, then the reminder's creation.
        #expect(server.appliedKeys == 3)
        #expect(server.stored["100"]?["text"] as? String == "Groceries for Sunday")
        #expect(server.stored["101"]?["memo_id"] as? Int == 100)
    }

    @Test func rowsPointingAtARefusedCreationWaitInsteadOfSendingItsTemporaryID() async throws {
        let (pool, _) = try makeDatabase()
        let refusing = Mutex(true)
        let server = try PushServer(script: { request, _ in
            guard request.method == "POST", request.path == "/memos", refusing.withLock({ $0 }) else { return nil }
            return PushServer.Refusal(status: "422 Unprocessable Entity", body: #"{"error": "too short"}"#)
        })
        defer { server.stop() }
        _ = try await createOffline(in: pool)
        let report = try await pusher(server, pool).push()
        #expect(report.failed.map(\.entity) == ["Memo"])
        #expect(report.waiting.map(\.entity) == ["Reminder"] && report.created == 0)
        #expect(!server.requests.contains { $0.path == "/reminders" })

        // The refused creation goes out again (the user fixed the memo), then the reminder with its id.
        refusing.withLock { $0 = false }
        try await pool.write { db in try Outbox.retryFailed(db) }
        let retried = try await pusher(server, pool).push()
        #expect(retried.created == 2 && retried.waiting.isEmpty && retried.failed.isEmpty)
        #expect(server.stored["101"]?["memo_id"] as? Int == 100)
    }
}
