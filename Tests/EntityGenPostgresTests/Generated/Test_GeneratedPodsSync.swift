import EntityGenPostgres
import EntityGenRuntime
import Foundation
import PostgresNIO
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Seed 004's paginated web service synced into PostgreSQL over a real socket: `GET /specs?page=N`
/// pages (`number_of_pages`, `result`) fetched one after the other, each written in its own
/// transaction, and the pods a completed sync did not deliver deleted (`deleteOrphans: true`) with their
/// subspecs.
@Suite struct Test_GeneratedPodsSync {
    /// The real podspecs as pages of `pageSize`, keyed by path and query as the server serves them; and
    /// the pods they deliver (those that map), by `name version`, with their subspec counts.
    static func served(
        pageSize: Int, dropLast: Int = 0
    ) throws -> (pages: [String: Data], count: Int, pods: [String: Int]) {
        let specs = try Test_GeneratedPods.podspecs()
        var chunks = stride(from: 0, to: specs.count, by: pageSize).map {
            specs[$0..<min($0 + pageSize, specs.count)]
        }
        chunks.removeLast(dropLast)
        var pages: [String: Data] = [:]
        var pods: [String: Int] = [:]
        for (index, chunk) in chunks.enumerated() {
            let items = Array(chunk.joined(separator: Array(",".utf8)))
            let body = Array(#"{"number_of_pages": \#(chunks.count), "result": ["#.utf8) + items + Array("]}".utf8)
            pages["/specs?page=\(index)"] = Data(body)
            for spec in chunk {
                guard let pod = try? Pod.map(json: spec).value else { continue }
                pods[pod.name + " " + pod.version] = Test_GeneratedPods.subspecCount(pod.subspecs)
            }
        }
        return (pages, chunks.count, pods)
    }

    static func storedPods(_ client: PostgresClient) async throws -> Set<String> {
        var keys = Set<String>()
        let rows = try await client.query(#"SELECT "name", "version" FROM "pod""#).decode((String, String).self)
        for try await (name, version) in rows { keys.insert(name + " " + version) }
        return keys
    }

    /// `pages` served over loopback while `body` runs with the sync's URL.
    static func serving<Result>(
        _ pages: [String: Data], _ body: (URL, LoopbackServer) async throws -> Result
    ) async throws -> Result {
        let server = try LoopbackServer(pages: pages)
        defer { server.stop() }
        return try await body(URL(string: "http://127.0.0.1:\(server.port)/specs")!, server)
    }

    @Test func aCompletedSyncDeletesThePodsItDidNotDeliverAndAFailedOneNothing() async throws {
        let all = try Self.served(pageSize: 40)
        let shorter = try Self.served(pageSize: 40, dropLast: 1)
        let (expected, remaining) = (all.pods, shorter.pods)
        #expect(remaining.count < expected.count)
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            let importer = PostgresImporter(feed: EntityGenPostgresDatabase.podSpecs, client: client)
            let session = URLSession(configuration: .ephemeral)

            let first = try await Self.serving(all.pages) { url, server in
                let report = try await importer.sync(from: url, session: session)
                #expect(server.requests == (0..<all.count).map { "/specs?page=\($0)" })
                return report
            }
            #expect(first.pages == all.count)
            #expect(first.entities["Pod"]?.deleted == 0)
            #expect(try await Self.storedPods(client) == Set(expected.keys))
            let subspecs = expected.values.reduce(0, +)
            #expect(try await Test_GeneratedPods.count(#"SELECT count(*) FROM "subspec""#, client) == subspecs)

            // The last page fails (404): the sync does not complete, so nothing is deleted.
            var failing = all.pages
            failing["/specs?page=\(all.count - 1)"] = nil
            await #expect(throws: ImportError.self) {
                try await Self.serving(failing) { url, _ in try await importer.sync(from: url, session: session) }
            }
            #expect(try await Self.storedPods(client) == Set(expected.keys))

            // The server has one page fewer now: its pods are orphans of a completed sync, and go with their
            // subspecs (nested ones included).
            let report = try await Self.serving(shorter.pages) { url, _ in
                try await importer.sync(from: url, session: session)
            }
            #expect(report.entities["Pod"]?.deleted == expected.count - remaining.count)
            #expect(try await Self.storedPods(client) == Set(remaining.keys))
            #expect(
                try await Test_GeneratedPods.count(#"SELECT count(*) FROM "subspec""#, client)
                    == remaining.values.reduce(0, +))
        }
    }

    @Test func orphanDeletionCoversFamilyMembersTheSyncNeverMentioned() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            let feed = Feed<Widget>(name: "Widgets", items: ["items"], deleteOrphans: true)
            let importer = PostgresImporter(feed: feed, client: client)
            let both =
                #"{"items": [{"serverId": "1", "serverType": "TextWidget", "title": "t"}, {"serverId": "2", "serverType": "ImageWidget", "url": "http://x"}]}"#
            let textOnly = #"{"items": [{"serverId": "1", "serverType": "TextWidget", "title": "t"}]}"#
            let progress = ProgressLog()
            _ = try await importer.sync(pages: Self.pages([both])) { progress.append($0.pagesCommitted) }
            #expect(progress.values == [1])
            #expect(try await Test_GeneratedPods.count(#"SELECT count(*) FROM "imageWidget""#, client) == 1)
            let report = try await importer.sync(pages: Self.pages([textOnly]))
            #expect(report.entities["ImageWidget"]?.deleted == 1)
            #expect(try await Test_GeneratedPods.count(#"SELECT count(*) FROM "imageWidget""#, client) == 0)
            #expect(try await Test_GeneratedPods.count(#"SELECT count(*) FROM "textWidget""#, client) == 1)
        }
    }

    /// Pages as an app's own loop would produce them.
    static func pages(_ texts: [String]) -> AsyncStream<Data> {
        AsyncStream { continuation in
            for text in texts { continuation.yield(Data(text.utf8)) }
            continuation.finish()
        }
    }
}
