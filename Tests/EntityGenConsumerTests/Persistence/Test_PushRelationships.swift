import EntityGenPersistence
import EntityGenRuntime
import Foundation
import GRDB
import Testing

/// A to-many relationship kept in a link table (Reminder's `tags` in Todos.yaml): adding, removing or
/// reordering its rows on the device is an update of the owner's `tags` key, which a `PATCH` sends.
@Suite struct Test_PushRelationships {
    /// A database with the tags `home` and `urgent` and reminder 1 tagged `home`, pulled from the server
    /// (nothing captured).
    func pulled() async throws -> DatabasePool {
        let (pool, _) = try makeDatabase()
        try await FeedImporter(feed: Feed<Tag>(name: "Tags"), writer: pool).importPage(
            Array(#"[{"name": "home"}, {"name": "urgent"}]"#.utf8))
        try await FeedImporter(feed: Feed<Reminder>(name: "Reminders"), writer: pool).importPage(
            Array(#"[{"id": 1, "text": "Buy milk", "tags": ["home"]}]"#.utf8))
        #expect(try await pool.read { db in try Outbox.entries(db) }.isEmpty)
        return pool
    }

    @Test func changingTheLinksOfARowIsAnUpdateOfItsRelationshipKey() async throws {
        let pool = try await pulled()
        let server = try PushServer()
        defer { server.stop() }
        // The app adds a tag by saving the model graph, as the importer would.
        try await pool.write { db in
            var reminder = try #require(
                try Reminder.requestIncludingRelationships().filter(Column("id") == 1).fetchOne(db))
            reminder.tags.append(EntityReference("urgent"))
            var session = ImportSession(db)
            try Reminder.SQLite.save(reminder, in: &session)
            _ = try session.finish()
        }
        let entries = try await pool.read { db in try Outbox.entries(db) }
        #expect(entries.map(\.operation) == [.update] && entries.first?.changedKeys == ["tags"])

        // Pushed as a PATCH of the tags alone. (The server knows the reminder from elsewhere.)
        server.seed("1", ["id": 1, "text": "Buy milk", "tags": ["home"]], in: "reminders")
        var pusher = OutboxPusher(entities: [Reminder.self], writer: pool, baseURL: server.baseURL)
        pusher.initialDelay = .milliseconds(2)
        let report = try await pusher.push()
        #expect(report.updated == 1 && report.failed.isEmpty)
        let patch = try #require(server.appliedRequests.last)
        #expect(patch.method == "PATCH" && patch.body?.keys.sorted() == ["tags"])
        #expect(patch.body?["tags"] as? [String] == ["home", "urgent"])

        // Removing a link with raw SQL is captured too; a text edit in the same transaction joins it.
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM reminder_tags WHERE targetName = 'home'")
            try db.execute(sql: "UPDATE reminder SET text = 'Buy oat milk'")
        }
        #expect(try await pool.read { db in try Outbox.entries(db) }.map(\.changedKeys) == [["tags", "text"]])
    }

    @Test func deletingTheOwnerTakesItsLinksWithoutAnEditOfTheirOwn() async throws {
        let pool = try await pulled()
        _ = try await pool.write { db in try Reminder.Record.deleteOne(db, id: 1) }
        #expect(try await pool.read { db in try Outbox.entries(db) }.map(\.operation) == [.delete])
        #expect(try await pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM reminder_tags") } == 0)
    }

    @Test func aRowCreatedWithLinksIsOneCreation() async throws {
        let pool = try await pulled()
        try await pool.write { db in
            var session = ImportSession(db)
            try Reminder.SQLite.save(
                Reminder(
                    id: try Reminder.temporaryID(db), text: "Water plants",
                    tags: [EntityReference("home"), EntityReference("urgent")]),
                in: &session)
            _ = try session.finish()
        }
        let entries = try await pool.read { db in try Outbox.entries(db) }
        #expect(entries.map(\.operation) == [.create] && entries.first?.changedKeys == nil)
    }
}
