import EntityGenPersistence
import Foundation
import GRDB
import Testing

/// `conflicts: lastWriterWins` with `timestamp: updatedAt` (Reminder in Todos.yaml): when a pull meets
/// a row with an unsent edit, each field the device changed keeps the device's value if the device
/// changed it after the server's row was last changed, and the server's otherwise; the times travel
/// with the edit, so a later pull compares the same times again.
@Suite struct Test_PushLastWriterWins {
    /// The server's JSON date text of `date` (fractional seconds kept).
    static func text(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// A reminders page with these rows: id, text, due date, the server's update time.
    static func page(_ rows: [(Int, String, String?, Date)]) -> [UInt8] {
        let items = rows.map { id, text, due, updated in
            let dueJSON = due.map { "\"\($0)\"" } ?? "null"
            return #"{"id": \#(id), "text": "\#(text)", "due_at": \#(dueJSON), "updated_at": "\#(Self.text(updated))"}"#
        }
        return Array(("[" + items.joined(separator: ", ") + "]").utf8)
    }

    static func edit(_ id: Int64, in pool: DatabasePool, _ change: (inout Reminder.Record) -> Void) throws {
        try pool.write { db in
            var reminder = try #require(try Reminder.Record.fetchOne(db, id: id))
            change(&reminder)
            try reminder.update(db)
        }
    }

    @Test func eachFieldKeepsTheNewerEditTheDevicesOrTheServers() async throws {
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: Feed<Reminder>(name: "Reminders"), writer: pool)
        let long = Date(timeIntervalSinceNow: -86_400)
        try await importer.importPage(
            Self.page([(1, "one", nil, long), (2, "two", nil, long), (3, "three", nil, long), (4, "four", nil, long)]))

        // Reminder 1: the device changed its text, then the server changed it, later.
        // Reminder 2: the server changed its text an hour ago, before the device did.
        // Reminder 3: the device deleted it; the server changed it before that.
        // Reminder 4: the device changed its text, the server changed the row, then the device changed
        // its due date: field by field, the text is the server's and the due date the device's.
        try Self.edit(1, in: pool) { $0.text = "one, mine" }
        try Self.edit(2, in: pool) { $0.text = "two, mine" }
        _ = try await pool.write { db in try Reminder.Record.deleteOne(db, id: 3) }
        try Self.edit(4, in: pool) { $0.text = "four, mine" }
        try await Task.sleep(for: .milliseconds(30))
        let between = Date()
        try await Task.sleep(for: .milliseconds(30))
        try Self.edit(4, in: pool) { $0.dueAt = Date(timeIntervalSince1970: 1_800_000_000) }
        let before = try await pool.read { db in
            try String.fetchOne(db, sql: "SELECT editedAt FROM entitygen_outbox WHERE key = '2'")
        }

        let later = Date(timeIntervalSinceNow: 3_600)
        let hourAgo = Date(timeIntervalSinceNow: -3_600)
        let report = try await importer.importPage(
            Self.page([
                (1, "one, theirs", nil, later), (2, "two, theirs", nil, hourAgo), (3, "three, theirs", nil, hourAgo),
                (4, "four, theirs", "2030-01-01T00:00:00Z", between),
            ]))

        let reminders = try await pool.read { db in try Reminder.Record.order(Column("id")).fetchAll(db) }
        #expect(reminders.map(\.id) == [1, 2, 4])
        #expect(reminders.map(\.text) == ["one, theirs", "two, mine", "four, theirs"])
        #expect(reminders.last?.dueAt == Date(timeIntervalSince1970: 1_800_000_000))

        let conflicts = Dictionary(
            uniqueKeysWithValues: report.conflicts.map { ($0.identity.value("id", as: Int64.self) ?? 0, $0) })
        #expect(conflicts.count == 4)
        #expect(conflicts[1]?.keptLocal == false && conflicts[1]?.keptColumns == [])
        #expect(
            conflicts[1]?.local["text"] == .text("one, mine") && conflicts[1]?.server["text"] == .text("one, theirs"))
        #expect(conflicts[2]?.keptColumns == ["text"])
        #expect(conflicts[3]?.operation == "delete" && conflicts[3]?.keptLocal == true)
        #expect(conflicts[4]?.keptColumns == ["dueAt"])

        // What the device kept goes out with the next push, as new edits: reminder 2's text, reminder 4's
        // due date, reminder 3's deletion; reminder 1 has nothing left to send.
        let entries = try await pool.read { db in try Outbox.entries(db) }
        #expect(entries.map(\.operation) == [.update, .delete, .update])
        #expect(entries.map { $0.key.first } == [.integer(2), .integer(3), .integer(4)])
        #expect(entries[0].changedKeys == ["text"] && entries[2].changedKeys == ["due_at"])

        // The written-back edit keeps the time the device made it, so the same server row read again
        // (reminder 2, changed an hour ago) still loses to it; and a newer server change still wins.
        let written = try await pool.read { db in
            try String.fetchOne(db, sql: "SELECT editedAt FROM entitygen_outbox WHERE key = '2'")
        }
        #expect(before != nil && written == before)
        let again = try await importer.importPage(
            Self.page([(2, "two, theirs", nil, hourAgo), (4, "four, theirs again", "2030-01-01T00:00:00Z", later)]))
        let texts = try await pool.read { db in try Reminder.Record.order(Column("id")).fetchAll(db).map(\.text) }
        #expect(texts == ["one, theirs", "two, mine", "four, theirs again"])
        #expect(again.conflicts.first { $0.identity.value("id", as: Int64.self) == 2 }?.keptColumns == ["text"])
        let fourth = try await pool.read { db in try Reminder.Record.fetchOne(db, id: 4) }
        #expect(fourth?.dueAt == Date(timeIntervalSince1970: 1_893_456_000))
        #expect(
            try await pool.read { db in try Outbox.entries(db) }.map { $0.key.first } == [.integer(3), .integer(2)])
    }
}
