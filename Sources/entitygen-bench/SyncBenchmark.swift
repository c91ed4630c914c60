import EntityGenPersistence
import EntityGenRuntime
import Foundation
import GRDB

/// `entitygen-bench sync`: a sync of 100 pages of 1,000 pods (an app's own page sequence, from memory),
/// which maps each page while the page before it is written, against the same pages imported one after
/// the other with `importPage` (each mapped, then written: what a sync did before), into fresh files in
/// the same run, alternating, best of three each. Prints `ratio sync_pipelined_vs_page_by_page` (the
/// page-by-page time over the sync's), and the same into a table holding every row already.
enum SyncBenchmark {
    static let pageCount = 100
    static let podsPerPage = 1_000

    static func run() async throws {
        let pages = (0..<pageCount).map { index in
            Data(
                String(decoding: PodsPayload.make(count: podsPerPage), as: UTF8.self).replacingOccurrences(
                    of: "\"name\":\"Pod", with: "\"name\":\"P\(index)Pod"
                ).utf8)
        }
        let feed = Feed<BenchPod>(name: "BenchPods")
        var best = (pipelined: Double.infinity, byPage: Double.infinity)
        var bestUpdate = (pipelined: Double.infinity, byPage: Double.infinity)
        for _ in 0..<3 {
            for pipelined in [true, false] {
                let (pool, folder) = try ImportBenchmark.freshDatabase()
                defer { try? FileManager.default.removeItem(at: folder) }
                let importer = FeedImporter(feed: feed, writer: pool, skipsUnchanged: false)
                func once() async throws -> Double {
                    let start = DispatchTime.now().uptimeNanoseconds
                    let report: ImportReport
                    if pipelined {
                        report = try await importer.sync(
                            pages: AsyncStream { continuation in
                                for page in pages { continuation.yield(page) }
                                continuation.finish()
                            })
                    } else {
                        var total = ImportReport()
                        for page in pages { total.merge(try await importer.importPage(page)) }
                        report = total
                    }
                    guard report.total.inserted + report.total.updated == pageCount * podsPerPage else {
                        throw ImportError.database("sync wrote \(report.total), not \(pageCount * podsPerPage) rows")
                    }
                    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                }
                let insert = try await once()
                let update = try await once()
                if pipelined {
                    best.pipelined = min(best.pipelined, insert)
                    bestUpdate.pipelined = min(bestUpdate.pipelined, update)
                } else {
                    best.byPage = min(best.byPage, insert)
                    bestUpdate.byPage = min(bestUpdate.byPage, update)
                }
            }
        }
        Measurement.summary("seconds", "sync_pipelined_insert", best.pipelined)
        Measurement.summary("seconds", "page_by_page_insert", best.byPage)
        Measurement.summary("seconds", "sync_pipelined_update", bestUpdate.pipelined)
        Measurement.summary("seconds", "page_by_page_update", bestUpdate.byPage)
        Measurement.summary("ratio", "sync_pipelined_vs_page_by_page", best.byPage / best.pipelined)
        Measurement.summary("ratio", "sync_pipelined_vs_page_by_page_update", bestUpdate.byPage / bestUpdate.pipelined)
    }
}
