import EntityGenPersistence
import EntityGenPostgres
import EntityGenRuntime
import Foundation
import GRDB
import PostgresNIO

/// `entitygen-bench sync`: a sync of 100 pages of 1,000 pods (an app's own page sequence, from memory),
/// which maps each page while the page before it is written, against the same pages imported one after
/// the other with `importPage` (each mapped, then written: what a sync did before), into fresh tables in
/// the same run, alternating, best of three each. Prints `ratio sync_pipelined_vs_page_by_page` (the
/// page-by-page time over the sync's), and the same over the stored rows with every pod changed; then the
/// same two on PostgreSQL (`postgres_sync_...`), on a server `.ci/postgres` starts.
enum SyncBenchmark {
    static let pageCount = 100
    static let podsPerPage = 1_000

    /// Best seconds of the two ways, into empty tables and over stored rows.
    struct Best {
        var pipelined = Double.infinity
        var byPage = Double.infinity
        var pipelinedUpdate = Double.infinity
        var byPageUpdate = Double.infinity

        /// Keeps the better of each figure.
        mutating func record(pipelined: Bool, insert: Double, update: Double) {
            if pipelined {
                self.pipelined = min(self.pipelined, insert)
                pipelinedUpdate = min(pipelinedUpdate, update)
            } else {
                byPage = min(byPage, insert)
                byPageUpdate = min(byPageUpdate, update)
            }
        }

        /// Prints the seconds and ratio lines, each name prefixed with `prefix`.
        func print(_ prefix: String) {
            Measurement.summary("seconds", "\(prefix)sync_pipelined_insert", pipelined)
            Measurement.summary("seconds", "\(prefix)page_by_page_insert", byPage)
            Measurement.summary("seconds", "\(prefix)sync_pipelined_update", pipelinedUpdate)
            Measurement.summary("seconds", "\(prefix)page_by_page_update", byPageUpdate)
            Measurement.summary("ratio", "\(prefix)sync_pipelined_vs_page_by_page", byPage / pipelined)
            Measurement.summary(
                "ratio", "\(prefix)sync_pipelined_vs_page_by_page_update", byPageUpdate / pipelinedUpdate)
        }
    }

    /// 100 pages of 1,000 distinct pods.
    static func pages() -> [Data] {
        (0..<pageCount).map { index in
            Data(
                String(decoding: PodsPayload.make(count: podsPerPage), as: UTF8.self).replacingOccurrences(
                    of: "\"name\":\"Pod", with: "\"name\":\"P\(index)Pod"
                ).utf8)
        }
    }

    /// The pages as an app's own page sequence.
    static func sequence(_ pages: [Data]) -> AsyncStream<Data> {
        AsyncStream { continuation in
            for page in pages { continuation.yield(page) }
            continuation.finish()
        }
    }

    /// Seconds `body` takes; fails unless its report saved every pod.
    static func timed(_ body: () async throws -> ImportReport) async throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        let report = try await body()
        guard report.total.inserted + report.total.updated == pageCount * podsPerPage else {
            throw ImportError.database("sync wrote \(report.total), not \(pageCount * podsPerPage) rows")
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Seconds to import `pages` with a backend's `sync` (pipelined) or its `importPage`, one page after
    /// the other.
    static func imported(
        _ pages: [Data], pipelined: Bool, sync: (AsyncStream<Data>) async throws -> ImportReport,
        importPage: (Data) async throws -> ImportReport
    ) async throws -> Double {
        try await timed {
            if pipelined { return try await sync(sequence(pages)) }
            var total = ImportReport()
            for page in pages { total.merge(try await importPage(page)) }
            return total
        }
    }

    static func run() async throws {
        let pages = pages()
        // The same pods, each with a changed summary: every row updated.
        let changed = pages.map {
            Data(
                String(decoding: $0, as: UTF8.self).replacingOccurrences(
                    of: "that does useful things", with: "that does useful things, v2"
                ).utf8)
        }
        try await runSQLite(pages, changed)
        try await runPostgres(pages, changed)
    }

    static func runSQLite(_ pages: [Data], _ changed: [Data]) async throws {
        var best = Best()
        for _ in 0..<3 {
            for pipelined in [true, false] {
                let (pool, folder) = try ImportBenchmark.freshDatabase()
                defer { try? FileManager.default.removeItem(at: folder) }
                let importer = FeedImporter(
                    feed: Feed<BenchPod>(name: "BenchPods"), writer: pool, skipsUnchanged: false)
                func once(_ pages: [Data]) async throws -> Double {
                    try await imported(
                        pages, pipelined: pipelined, sync: { try await importer.sync(pages: $0) },
                        importPage: { try await importer.importPage($0) })
                }
                best.record(pipelined: pipelined, insert: try await once(pages), update: try await once(changed))
            }
        }
        best.print("")
    }

    static func runPostgres(_ pages: [Data], _ changed: [Data]) async throws {
        let server: PostgresServer
        do { server = try PostgresServer.start(packageRoot: packageRoot, in: BenchStorage.directory) } catch {
            print("info postgres_sync skipped: \(error)")
            return
        }
        defer { server.stop() }
        let client = PostgresClient(
            configuration: .init(
                host: server.host, port: server.port, username: "postgres", password: nil, database: "postgres",
                tls: .disable))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            let importer = PostgresImporter(feed: Feed<BenchPod>(name: "BenchPods"), client: client)
            var best = Best()
            for _ in 0..<3 {
                for pipelined in [true, false] {
                    try await client.query(PostgresQuery(unsafeSQL: "DROP SCHEMA public CASCADE"))
                    try await client.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA public"))
                    try await EntityGenPostgresDatabase.migrator.migrate(client)
                    func once(_ pages: [Data]) async throws -> Double {
                        try await imported(
                            pages, pipelined: pipelined, sync: { try await importer.sync(pages: $0) },
                            importPage: { try await importer.importPage($0) })
                    }
                    best.record(pipelined: pipelined, insert: try await once(pages), update: try await once(changed))
                }
            }
            best.print("postgres_")
        }
    }
}
