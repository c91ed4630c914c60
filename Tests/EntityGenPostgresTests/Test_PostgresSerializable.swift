import EntityGenPostgres
import EntityGenRuntime
import Foundation
import PostgresNIO
import Testing

/// Importers under `SERIALIZABLE` isolation (what CockroachDB always runs, and what PostgreSQL apps
/// choose for strict consistency): concurrent pages over the same rows abort each other's transactions
/// with serialization failures (SQLSTATE 40001) or deadlocks (40P01), which the importer retries.
@Suite struct Test_PostgresSerializable {
    let feed = Feed<Gadget>(name: "Gadgets")

    /// Four importers at once, five pages each, every page naming the same 400 rows in its own order.
    static func importConcurrently(
        _ importer: PostgresImporter<Gadget>
    ) async -> [Result<ImportReport, any Error>] {
        await withTaskGroup(of: [Result<ImportReport, any Error>].self) { group in
            for writer in 0..<4 {
                group.addTask {
                    var results: [Result<ImportReport, any Error>] = []
                    for page in 0..<5 {
                        let items = Array(0..<400).shuffled().map {
                            #"{"id": \#($0), "name": "w\#(writer)p\#(page)", "note": "w\#(writer)p\#(page)"}"#
                        }
                        do {
                            results.append(
                                .success(try await importer.importPage(Array("[\(items.joined(separator: ","))]".utf8)))
                            )
                        } catch {
                            results.append(.failure(error))
                        }
                    }
                    return results
                }
            }
            var results: [Result<ImportReport, any Error>] = []
            for await writer in group { results += writer }
            return results
        }
    }

    @Test func concurrentImportersRetryAbortedPagesAndReportEachPageOnce() async throws {
        try await Test_PostgresFaults.withGadgets(setting: "default_transaction_isolation = 'serializable'") {
            client, _ in
            let results = await Self.importConcurrently(PostgresImporter(feed: feed, client: client))
            let reports = try results.map { try $0.get() }
            let total = reports.reduce(into: ImportReport()) { $0.merge($1) }
            #expect(total.pages == 20)
            #expect(total.entities["Gadget"]?.inserted == 400)
            #expect(total.entities["Gadget"].map { $0.inserted + $0.updated + $0.unchanged } == 20 * 400)
            // The workload does collide: the retries are what let every page commit (see the next test).
            #expect(total.retries > 0, "\(total)")
            // Jitter alone let pages lose 5 to 11 times in a row here; an attempt that locks the table
            // first cannot lose, so no page is aborted more often than the policy's `locksTablesAfter`.
            #expect(reports.allSatisfy { $0.retries <= 3 }, "\(reports.map(\.retries))")
            let rows = try await Test_PostgresImporter.rows(client)
            #expect(rows.count == 400)
            #expect(rows.values.allSatisfy { $0["name"] == $0["note"] })
        }
    }

    /// An attempt that locks its tables first (`locksTablesAfter: 0`, for a small page and for one
    /// mapped while it is written) waits for a writer's open transaction and then sees its write, so
    /// under `SERIALIZABLE` it commits at once. An attempt that does not lock takes its snapshot before
    /// it waits for the writer's row, and the writer's commit aborts it (40001).
    @Test(arguments: [(locks: true, count: 1), (locks: false, count: 1), (locks: true, count: 5_000)])
    func anAttemptThatLocksItsTablesIsNotAbortedByTheWriterItWaitedFor(locks: Bool, count: Int) async throws {
        try await Test_PostgresFaults.withGadgets(setting: "default_transaction_isolation = 'serializable'") {
            client, plain in
            let logger = Test_PostgresFaults.logger
            let policy = PostgresRetryPolicy(maximumAttempts: 1, locksTablesAfter: locks ? 0 : nil)
            let importer = PostgresImporter(feed: feed, client: client, retry: policy)
            let page = Array(Test_PostgresImporterLargePages.gadgets(0..<count, name: { _ in "page" }).utf8)
            try await importer.importPage(Array(#"[{"id": 0, "name": "before"}]"#.utf8))
            let outcome = try await plain.withConnection { writer in
                try await writer.query("BEGIN", logger: logger)
                try await writer.query("UPDATE gadget SET note = 'writer' WHERE id = 0", logger: logger)
                let importing = Task { try await importer.importPage(page) }
                // The page waits: for the table (locking) or for the writer's row (not locking).
                _ = try await Test_PostgresFaults.blockedBackend(plain)
                // Readers are not held up by a waiting or a held `SHARE ROW EXCLUSIVE` lock.
                let read = try await plain.query("SELECT count(*) FROM gadget", logger: logger).decode(Int.self)
                for try await rows in read { #expect(rows == 1) }
                try await writer.query("COMMIT", logger: logger)
                return await importing.result
            }
            let rows = try await Test_PostgresImporter.rows(client)
            if locks {
                let report = try outcome.get()
                #expect(report.retries == 0)
                #expect(report.entities["Gadget"]?.updated == 1)
                #expect(rows.count == count)
                #expect(rows[0]?["name"] == "page")
                #expect(rows[0]?["note"] == "writer")
            } else {
                #expect(throws: ImportError.self) { try outcome.get() }
                #expect("\(outcome)".contains("SQLSTATE 40001"), "\(outcome)")
                #expect(rows[0]?["name"] == "before")
                #expect(rows[0]?["note"] == "writer")
            }
        }
    }

    /// A sync whose every attempt locks its tables first (pages of a family with orphan deletion, then
    /// the deletion itself) writes and deletes what the same sync without locks does.
    @Test func aSyncWhoseAttemptsLockTheirTablesDeletesItsOrphans() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            let feed = Feed<Widget>(name: "Widgets", items: ["items"], deleteOrphans: true)
            let importer = PostgresImporter(feed: feed, client: client, retry: PostgresRetryPolicy(locksTablesAfter: 0))
            let both =
                #"{"items": [{"serverId": "1", "serverType": "TextWidget", "title": "t"}, "#
                + #"{"serverId": "2", "serverType": "TextWidget", "title": "u"}]}"#
            let one = #"{"items": [{"serverId": "2", "serverType": "TextWidget", "title": "u"}]}"#
            let first = try await importer.sync(pages: Test_GeneratedPodsSync.pages([both]))
            #expect(first.entities["TextWidget"]?.inserted == 2)
            let second = try await importer.sync(pages: Test_GeneratedPodsSync.pages([one]))
            #expect(second.entities["TextWidget"]?.unchanged == 1)
            #expect(second.entities["TextWidget"]?.deleted == 1)
            #expect(second.retries == 0)
        }
    }

    /// Without retries the same workload fails pages with the server's 40001 or 40P01, and writes
    /// nothing of them.
    @Test func withoutRetriesAbortedPagesFailWithTheServersReason() async throws {
        try await Test_PostgresFaults.withGadgets(setting: "default_transaction_isolation = 'serializable'") {
            client, _ in
            let results = await Self.importConcurrently(PostgresImporter(feed: feed, client: client, retry: .never))
            let failures = results.compactMap { result -> String? in
                guard case let .failure(error) = result else { return nil }
                return "\(error)"
            }
            #expect(!failures.isEmpty)
            #expect(
                failures.allSatisfy { $0.contains("SQLSTATE 40001") || $0.contains("SQLSTATE 40P01") }, "\(failures)")
            let rows = try await Test_PostgresImporter.rows(client)
            #expect(rows.values.allSatisfy { $0["name"] == $0["note"] })
        }
    }
}
