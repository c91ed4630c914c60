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
            let rows = try await Test_PostgresImporter.rows(client)
            #expect(rows.count == 400)
            #expect(rows.values.allSatisfy { $0["name"] == $0["note"] })
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
