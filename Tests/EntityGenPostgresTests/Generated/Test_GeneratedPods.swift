import EntityGenPostgres
import EntityGenRuntime
import EntityGenTestSupport
import Foundation
import PostgresNIO
import Testing

/// Seed 004 (CocoaPods specs, identified by name + version, with nested subspecs) on PostgreSQL, through
/// the code the build plugin generates from `Schemas/Pods.yaml`: subspecs are owned rows (no identity)
/// linked through `pod_subspecs` and `subspec_subspecs`, replaced whenever their pod sends them, deleted
/// with their pod (triggers created by the generated migrations).
@Suite struct Test_GeneratedPods {
    /// Every real podspec in `Tests/Corpora/cocoapods-Core-fixtures`, sorted by path.
    static func podspecs() throws -> [[UInt8]] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Tests/Corpora/cocoapods-Core-fixtures/spec/fixtures")
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
        var paths: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".podspec.json") { paths.append(relative) }
        }
        try #require(paths.count == 114, "Tests/Corpora/cocoapods-Core-fixtures: 114 podspecs, found \(paths.count)")
        return try paths.sorted().map { Array(try Data(contentsOf: folder.appendingPathComponent($0))) }
    }

    /// A page of the pods web service: `{"number_of_pages": 1, "result": [...]}`.
    static func page(_ items: some Sequence<[UInt8]>) -> [UInt8] {
        Array(#"{"number_of_pages": 1, "result": ["#.utf8) + Array(items.joined(separator: Array(",".utf8)))
            + Array("]}".utf8)
    }

    /// Runs a query returning one count.
    static func count(_ sql: String, _ client: PostgresClient) async throws -> Int {
        for try await value in try await client.query(PostgresQuery(unsafeSQL: sql)).decode(Int64.self) {
            return Int(value)
        }
        return -1
    }

    /// The subspec names of a pod, depth first, nested ones indented: what the database holds, as the
    /// mapping has it.
    static func storedTree(_ name: String, _ version: String = "1", client: PostgresClient) async throws -> [String] {
        let query: PostgresQuery = """
            WITH RECURSIVE tree(id, label, path) AS (
              SELECT s."_id", s."name", ARRAY[l."position"] FROM "pod_subspecs" l JOIN "subspec" s ON s."_id" = l."target"
              WHERE l."ownerName" = \(name) AND l."ownerVersion" = \(version)
              UNION ALL
              SELECT s."_id", s."name", t.path || l."position" FROM tree t JOIN "subspec_subspecs" l ON l."owner" = t.id
              JOIN "subspec" s ON s."_id" = l."target")
            SELECT repeat(' ', array_length(path, 1) - 1) || label FROM tree ORDER BY path
            """
        var names: [String] = []
        for try await label in try await client.query(query).decode(String.self) { names.append(label) }
        return names
    }

    /// The same tree from a mapped pod.
    static func tree(_ subspecs: [Subspec], depth: Int = 0) -> [String] {
        subspecs.flatMap { [String(repeating: " ", count: depth) + $0.name] + tree($0.subspecs, depth: depth + 1) }
    }

    static func subspecCount(_ subspecs: [Subspec]) -> Int {
        subspecs.reduce(0) { $0 + 1 + subspecCount($1.subspecs) }
    }

    @Test func realPodspecsImportWithNestedSubspecsAndReimportWithoutLeftovers() async throws {
        let specs = try Self.podspecs()
        var expected: [String: Pod] = [:]
        for spec in specs {
            if let pod = try? Pod.map(json: spec).value { expected[pod.name + " " + pod.version] = pod }
        }
        let subspecs = expected.values.reduce(0) { $0 + Self.subspecCount($1.subspecs) }
        #expect(subspecs > 0)
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            let importer = PostgresImporter(feed: EntityGenPostgresDatabase.podSpecs, client: client)
            for start in stride(from: 0, to: specs.count, by: 40) {
                try await importer.importPage(Self.page(specs[start..<min(start + 40, specs.count)]))
            }
            #expect(try await Self.count(#"SELECT count(*) FROM "pod""#, client) == expected.count)
            // Duplicates in the corpus are identical: their earlier subspecs were replaced, none left over.
            #expect(try await Self.count(#"SELECT count(*) FROM "subspec""#, client) == subspecs)
            let nested = try #require(expected.values.first { $0.subspecs.contains { !$0.subspecs.isEmpty } })
            let nestedTree = Self.tree(nested.subspecs)
            #expect(try await Self.storedTree(nested.name, nested.version, client: client) == nestedTree)

            // Everything again: pods unchanged, subspecs replaced by equal ones, nothing left over.
            let again = try await importer.importPage(Self.page(specs))
            #expect(again.entities["Pod"]?.inserted == 0)
            #expect(again.entities["Pod"]?.updated == 0)
            #expect(try await Self.count(#"SELECT count(*) FROM "subspec""#, client) == subspecs)
            #expect(try await Self.storedTree(nested.name, nested.version, client: client) == nestedTree)
        }
    }

    /// Every owned row's `_id`, link and values, as text: what an identical re-import must leave alone.
    static func ownedRows(_ client: PostgresClient) async throws -> [String] {
        var rows: [String] = []
        let query: PostgresQuery = """
            SELECT 's' || s."_id" || ' ' || s."name" FROM "subspec" s
            UNION ALL SELECT 'p' || l."ownerName" || l."ownerVersion" || l."position" || '>' || l."target" FROM "pod_subspecs" l
            UNION ALL SELECT 'q' || l."owner" || ' ' || l."position" || '>' || l."target" FROM "subspec_subspecs" l
            """
        for try await row in try await client.query(query).decode(String.self) { rows.append(row) }
        return rows.sorted()
    }

    /// A page of one pod, Kit 1.0, with these subspecs.
    static func kit(_ subspecs: String) -> [UInt8] {
        Array(
            #"{"number_of_pages": 1, "result": [{"name": "Kit", "version": "1.0", "platforms": {}, "subspecs": [\#(subspecs)]}]}"#
                .utf8)
    }

    /// Issue 43, item 2, on PostgreSQL: owned rows are saved in the rows their places already hold, so a
    /// second import of the same pages is all unchanged with the same `_id`s, and a page that renames one
    /// subspec and drops another counts exactly that.
    @Test func reimportingTheSamePagesLeavesOwnedRowsUnchanged() async throws {
        let specs = try Self.podspecs()
        let pages = stride(from: 0, to: specs.count, by: 40).map { Self.page(specs[$0..<min($0 + 40, specs.count)]) }
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            let importer = PostgresImporter(feed: EntityGenPostgresDatabase.podSpecs, client: client)
            for page in pages { try await importer.importPage(page) }
            let before = try await Self.ownedRows(client)
            var second = ImportReport()
            for page in pages { second.merge(try await importer.importPage(page)) }
            for (entity, counts) in second.entities {
                #expect(counts.inserted == 0 && counts.updated == 0 && counts.deleted == 0, "\(entity): \(counts)")
            }
            #expect((second.entities["Subspec"]?.unchanged ?? 0) > 100)
            #expect(try await Self.ownedRows(client) == before)

            let first = try await importer.importPage(
                Self.kit(#"{"name": "Core"}, {"name": "UI", "subspecs": [{"name": "Views"}]}, {"name": "Net"}"#))
            #expect(first.entities["Subspec"] == .init(inserted: 4))
            let report = try await importer.importPage(
                Self.kit(#"{"name": "Core"}, {"name": "UIKit", "subspecs": [{"name": "Views"}]}"#))
            #expect(report.entities["Subspec"] == .init(updated: 1, unchanged: 2, deleted: 1))
            #expect(report.entities["Pod"] == .init(unchanged: 1))
            #expect(try await Self.storedTree("Kit", "1.0", client: client) == ["Core", "UIKit", " Views"])
        }
    }

    /// Issue 37, item 10, on PostgreSQL: a delivered item that could not be mapped keeps its row, and a
    /// sync that delivered nothing deletes nothing unless the feed says an empty answer is real.
    @Test func skippedItemsAndEmptySyncsDeleteNoRow() async throws {
        let (page, a, b, badB) = (PodSyncPages.page, PodSyncPages.a, PodSyncPages.b, PodSyncPages.badB)
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            func sync(_ data: Data, feed: Feed<Pod> = EntityGenPostgresDatabase.podSpecs) async throws -> ImportReport {
                try await PostgresImporter(feed: feed, client: client).sync(
                    pages: AsyncStream {
                        $0.yield(data); $0.finish()
                    })
            }
            _ = try await sync(page([a, b]))
            let report = try await sync(page([a, badB]))
            #expect(report.skipped.count == 1)
            #expect(report.entities["Pod"]?.deleted ?? 0 == 0, "\(report)")
            #expect(try await Self.count(#"SELECT count(*) FROM "pod""#, client) == 2)
            let empty = try await sync(page([]))
            #expect(empty.skipped == [.emptySyncKeptRows])
            #expect(try await Self.count(#"SELECT count(*) FROM "pod""#, client) == 2)
            var allowing = EntityGenPostgresDatabase.podSpecs
            allowing.deletesOrphansWhenEmpty = true
            #expect(try await sync(page([]), feed: allowing).entities["Pod"]?.deleted == 2)
        }
    }

    @Test func fourConcurrentImportersOfTheSamePodsLeaveOneSubspecTreePerPod() async throws {
        let specs = try Self.podspecs()
        var expected: [String: Pod] = [:]
        for spec in specs {
            if let pod = try? Pod.map(json: spec).value { expected[pod.name + " " + pod.version] = pod }
        }
        let pages = stride(from: 0, to: specs.count, by: 25).map { Self.page(specs[$0..<min($0 + 25, specs.count)]) }
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            let importer = PostgresImporter(feed: EntityGenPostgresDatabase.podSpecs, client: client)
            // Each importer sends every page, in its own order (rotated, and reversed for two of them), so
            // the same pods' links and subspecs are replaced by several transactions at once.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<4 {
                    var order = Array(pages[(writer * 3 % pages.count)...] + pages[..<(writer * 3 % pages.count)])
                    if writer % 2 == 1 { order.reverse() }
                    group.addTask { [order] in
                        for page in order { try await importer.importPage(page) }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await Self.count(#"SELECT count(*) FROM "pod""#, client) == expected.count)
            let subspecs = expected.values.reduce(0) { $0 + Self.subspecCount($1.subspecs) }
            #expect(try await Self.count(#"SELECT count(*) FROM "subspec""#, client) == subspecs)
            let links = try await Self.count(
                #"SELECT (SELECT count(*) FROM "pod_subspecs") + (SELECT count(*) FROM "subspec_subspecs")"#, client)
            #expect(links == subspecs)
        }
    }

    @Test func aPodSentTwiceInAPageKeepsItsLastSubspecsOnly() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            let importer = PostgresImporter(feed: EntityGenPostgresDatabase.podSpecs, client: client)
            let first = #"{"name": "A", "version": "1", "subspecs": [{"name": "x", "subspecs": [{"name": "x1"}]}]}"#
            let second = #"{"name": "A", "version": "1", "subspecs": [{"name": "y"}]}"#
            let report = try await importer.importPage(Self.page([Array(first.utf8), Array(second.utf8)]))
            #expect(report.entities["Pod"] == .init(inserted: 1, unchanged: 1))
            #expect(try await Self.storedTree("A", client: client) == ["y"])
            #expect(try await Self.count(#"SELECT count(*) FROM "subspec""#, client) == 1)
            #expect(try await Self.count(#"SELECT count(*) FROM "subspec_subspecs""#, client) == 0)
        }
    }

    @Test func absentSubspecsAreKeptEmptyOnesRemoveTheTreeAndSoDoesDeletingThePod() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            let importer = PostgresImporter(feed: EntityGenPostgresDatabase.podSpecs, client: client)
            let tree = #""subspecs": [{"name": "a", "subspecs": [{"name": "a1"}, {"name": "a2"}]}, {"name": "b"}]"#
            try await importer.importPage(Self.page([Array(#"{"name": "P", "version": "1", \#(tree)}"#.utf8)]))
            try await importer.importPage(Self.page([Array(#"{"name": "Q", "version": "1", \#(tree)}"#.utf8)]))
            #expect(try await Self.storedTree("P", client: client) == ["a", " a1", " a2", "b"])

            // `subspecs` absent: the stored tree stays.
            let partial = try await importer.importPage(
                Self.page([Array(#"{"name": "P", "version": "1", "summary": "s"}"#.utf8)]))
            #expect(partial.entities["Pod"] == .init(updated: 1))
            #expect(try await Self.storedTree("P", client: client) == ["a", " a1", " a2", "b"])

            // `subspecs: []`: the whole tree goes, nested rows included; Q's stays.
            try await importer.importPage(Self.page([Array(#"{"name": "P", "version": "1", "subspecs": []}"#.utf8)]))
            #expect(try await Self.storedTree("P", client: client) == [])
            #expect(try await Self.count(#"SELECT count(*) FROM "subspec""#, client) == 4)

            // Deleting a pod with plain SQL deletes its subspecs (link cascade, then the triggers).
            try await client.query(#"DELETE FROM "pod" WHERE "name" = 'Q'"#)
            #expect(try await Self.count(#"SELECT count(*) FROM "subspec""#, client) == 0)
            #expect(try await Self.count(#"SELECT count(*) FROM "subspec_subspecs""#, client) == 0)
        }
    }
}
