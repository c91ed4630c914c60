import EntityGenPersistence
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A push killed with SIGKILL at random points (`entitygen-demo push-outbox`, a process of its own),
/// again and again, then finished by the app's next launch: the database stays sound, no edit is lost,
/// and the server applies each edit exactly once (one idempotency key each), whatever the kill
/// interrupted: a pickup, a request the server applied, or the transaction that stores its answer.
@Suite struct Test_PushCrash {
    static let count = 300

    @Test func killedPushesLoseNothingAndApplyNothingTwice() async throws {
        let demo = try #require(Test_CrashSafety.demo, "entitygen-demo is not built beside the tests")
        let server = try PushServer(delay: { _, _ in 2_000 })
        defer { server.stop() }
        let folder = try TemporaryFolder.make("entitygen-push-crash")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("db.sqlite").path
        var pool: DatabasePool? = try EntityGenDatabase.openDatabase(atPath: path)
        try await pool!.write { db in
            for index in 0..<Self.count { try Todo(id: UUID(), title: "to-do \(index)").insert(db) }
        }
        try pool!.close()
        pool = nil

        var generator = SystemRandomNumberGenerator()
        var killedMidway = 0
        for trial in 0..<6 {
            let process = Process()
            process.executableURL = demo
            process.arguments = ["push-outbox", path, server.baseURL.absoluteString]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let appliedBefore = server.appliedKeys
            try process.run()
            if trial.isMultiple(of: 2) {
                // Anywhere from the start: the kill may fall before the first request (a pickup).
                usleep(UInt32.random(in: 30_000...250_000, using: &generator))
            } else {
                // Among the requests: once this push has had one applied (a busy machine can take longer
                // than any fixed delay to start the process), then a little later.
                let deadline = Date().addingTimeInterval(30)
                while server.appliedKeys == appliedBefore && process.isRunning && Date() < deadline { usleep(2_000) }
                usleep(UInt32.random(in: 0...100_000, using: &generator))
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { killedMidway += 1 }

            // Sound, and nothing lost: each to-do is on the server, or still in the outbox.
            let queue = try DatabaseQueue(path: path, configuration: EntityGenConfiguration.prepared(Configuration()))
            let integrity = try await queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
            #expect(integrity == ["ok"], "trial \(trial)")
            let (rows, pending) = try await queue.read { db in
                (try Todo.Record.fetchAll(db), try Outbox.entries(db))
            }
            try queue.close()
            let pendingIDs = Set(pending.map(Test_PushProperties.id))
            let stored = server.stored
            for todo in rows {
                #expect(
                    stored[todo.id.uuidString] != nil || pendingIDs.contains(todo.id),
                    "trial \(trial): \(todo.title) is neither on the server nor pending")
            }
        }
        #expect(killedMidway >= 3, "only \(killedMidway) of 6 pushes were killed before they finished")
        // The killed pushes did send edits (the kills fell among requests, not only before the first).
        let appliedBeforeRelaunch = server.appliedKeys
        #expect(appliedBeforeRelaunch > 0)

        // The app's next launch finishes the push.
        let final = try EntityGenDatabase.openDatabase(atPath: path)
        _ = try await OutboxPusher(entities: [Todo.self], writer: final, baseURL: server.baseURL).push()
        #expect(try await final.read { db in try Outbox.entries(db) }.isEmpty)
        let titles = server.appliedRequests.compactMap { $0.body?["title"] as? String }
        #expect(titles.count == Self.count && Set(titles).count == Self.count, "applied \(titles.count) creations")
        #expect(server.stored.count == Self.count)
        // Each row holds the server's answer (its updated_at).
        let answered = try await final.read { db in try Todo.Record.filter(Column("updatedAt") != nil).fetchCount(db) }
        #expect(answered == Self.count)
        try final.close()
    }
}
