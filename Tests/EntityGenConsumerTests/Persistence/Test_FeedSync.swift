import EntityGenPersistence
import EntityGenRuntime
import EntityGenTestSupport
import Foundation
import GRDB
import Testing
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Seed 004: the real podspecs served page by page (`number_of_pages`, `result`), synced over URLSession.
@Suite struct Test_FeedSync {
    /// The pods the pages should leave in the database: every podspec that maps, by (name, version).
    static func expectedPods() throws -> Set<String> {
        var keys = Set<String>()
        for spec in try Fixtures.podspecs() {
            if let pod = try? Pod.map(json: spec.bytes).value { keys.insert(pod.name + " " + pod.version) }
        }
        return keys
    }

    static func storedPods(_ reader: any DatabaseReader) throws -> Set<String> {
        Set(try reader.read { db in try Pod.Record.fetchAll(db) }.map { $0.name + " " + $0.version })
    }

    /// Orphan deletion is linear (issue 37, item 3): the seen rows are looked up by key. With untyped
    /// columns SQLite scanned them for every stored row: 2.6 s at 10,000 rows, 203 s at 100,000.
    @Test func orphanDeletionGrowsLinearly() async throws {
        func seconds(_ count: Int) async throws -> Double {
            // Users: an integer identity (text identities were looked up by key even untyped).
            let items = (0..<count).map { #"{"id": \#($0), "login": "u\#($0)"}"# }
            func page(_ items: ArraySlice<String>) -> Data { Data("[\(items.joined(separator: ","))]".utf8) }
            let (pool, _) = try makeDatabase()
            let importer = FeedImporter(feed: Feed<User>(name: "Users", deleteOrphans: true), writer: pool)
            _ = try await importer.sync(
                pages: AsyncStream {
                    $0.yield(page(items[...])); $0.finish()
                })
            // Every row seen but one: each stored row is looked up among the seen ones.
            let rest = page(items.dropFirst())
            let clock = ContinuousClock()
            let start = clock.now
            let report = try await importer.sync(
                pages: AsyncStream {
                    $0.yield(rest); $0.finish()
                })
            let elapsed = clock.now - start
            #expect(report.entities["User"]?.deleted == 1)
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        _ = try await seconds(500)  // warm up
        let small = try await seconds(5_000)
        let large = try await seconds(20_000)
        print("orphan deletion: 5,000 rows \(small) s, 20,000 rows \(large) s")
        #expect(large < small * 8, "4x the rows took \(large / small)x the time")
    }

    /// Two syncs of one feed at once on one pool (issue 37, item 4): each keeps what it saw in tables of
    /// its own on the shared writer connection. Before, the second one recreated the first one's table
    /// (losing what it had seen) and dropped it, and the first failed with `no such table`.
    @Test func concurrentSyncsKeepTheirOwnSeenRows() async throws {
        func users(_ ids: Range<Int>) -> Data {
            Data("[\(ids.map { #"{"id": \#($0), "login": "u\#($0)"}"# }.joined(separator: ","))]".utf8)
        }
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: Feed<User>(name: "Users", deleteOrphans: true), writer: pool)
        let (pages, continuation) = AsyncStream.makeStream(of: Data.self)
        continuation.yield(users(0..<100))
        let first = Task { try await importer.sync(pages: pages) }
        // The first sync has committed its page: the second runs whole in between.
        while try count("user", in: pool) < 100 { try await Task.sleep(for: .milliseconds(5)) }
        let second = try await importer.sync(
            pages: AsyncStream {
                $0.yield(users(100..<150)); $0.finish()
            })
        #expect(second.entities["User"]?.deleted == 100)
        continuation.finish()
        let report = try await first.value
        #expect(report.entities["User"]?.deleted == 50)
        #expect(try count("user", in: pool) == 0)
    }

    /// Issue 37, item 10: an item that was delivered but could not be mapped is still on the server, so
    /// its stored row is no orphan; and a sync that delivered nothing deletes nothing unless the feed says
    /// an empty answer means every row is gone. Before: `deleted 1, skipped 1`, and an empty page deleted
    /// every row.
    @Test func skippedItemsAndEmptySyncsDeleteNoRow() async throws {
        let (page, a, b, badB) = (PodSyncPages.page, PodSyncPages.a, PodSyncPages.b, PodSyncPages.badB)
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.podSpecs, writer: pool)
        func sync(_ data: Data, feed: Feed<Pod> = EntityGenDatabase.podSpecs) async throws -> ImportReport {
            try await FeedImporter(feed: feed, writer: pool).sync(
                pages: AsyncStream {
                    $0.yield(data); $0.finish()
                })
        }
        _ = try await importer.importPage(page([a, b]))

        let report = try await sync(page([a, badB]))
        #expect(report.skipped.count == 1)
        #expect(report.entities["Pod"]?.deleted ?? 0 == 0, "\(report)")
        #expect(try Self.storedPods(pool) == ["A 1", "B 1"])

        let empty = try await sync(page([]))
        #expect(empty.entities["Pod"]?.deleted ?? 0 == 0)
        #expect(empty.skipped == [.emptySyncKeptRows])
        #expect(try Self.storedPods(pool) == ["A 1", "B 1"])

        var allowing = EntityGenDatabase.podSpecs
        allowing.deletesOrphansWhenEmpty = true
        let emptied = try await sync(page([]), feed: allowing)
        #expect(emptied.entities["Pod"]?.deleted == 2)
        #expect(try Self.storedPods(pool).isEmpty)
    }

    /// A sync's report tells which page a skipped item or a tolerated problem came from, and the schema
    /// declaration that decided it (issue 43, item 9).
    @Test func syncReportsLocateSkipsByPageAndSchema() async throws {
        let good = #"{"name": "A", "version": "1", "platforms": {"ios": null}, "subspecs": []}"#
        let bad = #"{"name": "B", "version": 2, "platforms": {}, "subspecs": []}"#
        let pages = [
            Data(#"{"number_of_pages": 2, "result": [\#(good)]}"#.utf8),
            Data(#"{"number_of_pages": 2, "result": [\#(bad)]}"#.utf8),
        ]
        let session = StubProtocol.session(pageResponses(pages, host: "located.pods.test"))
        let (pool, _) = try makeDatabase()
        let report = try await FeedImporter(feed: EntityGenDatabase.podSpecs, writer: pool).sync(
            from: URL(string: "https://located.pods.test/specs")!, session: session)
        let skip = try #require(report.skipped.first)
        #expect(skip.path == "https://located.pods.test/specs?page=1 $.result[0].version", "\(skip)")
        #expect(skip.schemaLocation?.contains("Pods.yaml:") == true, "\(skip)")
        #expect(report.description.contains("skipped https://located.pods.test/specs?page=1 $.result[0].version"))
        let issue = try #require(report.issues.first)
        #expect(issue.path.hasPrefix("https://located.pods.test/specs?page=0 $.result[0].platforms"), "\(issue)")
    }

    @Test func stubbedPagesSyncEveryPodThenResyncChangesNothing() async throws {
        let pages = try podPages(pageSize: 20)
        let responses = pageResponses(pages, host: "sync.pods.test")
        let session = StubProtocol.session(responses)
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.podSpecs, writer: pool)
        let progress = ProgressLog()
        let report = try await importer.sync(from: URL(string: "https://sync.pods.test/specs")!, session: session) {
            progress.append($0.pagesCommitted)
        }
        #expect(report.pages == pages.count)
        #expect(progress.values == Array(1...pages.count))
        let expected = try Self.expectedPods()
        #expect(try Self.storedPods(pool) == expected)
        #expect(report.entities["Pod"]!.inserted == expected.count)
        #expect(try count("subspec", in: pool) > 0)

        // A pod with subspecs reads back equal to its mapping, subspecs in order.
        let withSubspecs = try #require(
            try await pool.read { db in
                try Pod.Record.having(Pod.Record.subspecs.isEmpty == false).including(all: Pod.Record.subspecs)
                    .asRequest(of: Pod.self).fetchOne(db)
            })
        let original = try Fixtures.podspecs().compactMap { try? Pod.map(json: $0.bytes).value }.first {
            $0.name == withSubspecs.name && $0.version == withSubspecs.version
        }
        #expect(withSubspecs.subspecs.map(\.name) == original?.subspecs.map(\.name))

        let again = try await importer.sync(from: URL(string: "https://sync.pods.test/specs")!, session: session)
        let mappedItems = try Fixtures.podspecs().filter { (try? Pod.map(json: $0.bytes)) != nil }.count
        #expect(again.entities["Pod"] == .init(unchanged: mappedItems))  // duplicates in the corpus are identical
        #expect(again.entities["Pod"]!.deleted == 0)
        #expect(try Self.storedPods(pool) == expected)
    }

    @Test func orphansAreDeletedOnlyAfterACompletedSync() async throws {
        let pages = try podPages(pageSize: 40)
        let responses = pageResponses(pages, host: "orphans1.pods.test")
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.podSpecs, writer: pool)
        _ = try await importer.sync(
            from: URL(string: "https://orphans1.pods.test/specs")!, session: StubProtocol.session(responses))
        let all = try Self.storedPods(pool)

        // The last page fails: the sync does not complete, so nothing is deleted.
        var failing = pageResponses(pages, host: "orphans2.pods.test")
        failing["https://orphans2.pods.test/specs?page=\(pages.count - 1)"] = (500, Data())
        await #expect(throws: ImportError.self) {
            try await importer.sync(
                from: URL(string: "https://orphans2.pods.test/specs")!, session: StubProtocol.session(failing))
        }
        #expect(try Self.storedPods(pool) == all)

        // The server now has one page fewer: its pods are orphans of a completed sync.
        var shorter: [String: (Int, Data)] = [:]
        let kept = Array(pages.dropLast())
        for (index, page) in kept.enumerated() {
            let text = String(decoding: page, as: UTF8.self).replacingOccurrences(
                of: "\"number_of_pages\": \(pages.count)", with: "\"number_of_pages\": \(kept.count)")
            shorter["https://orphans3.pods.test/specs?page=\(index)"] = (200, Data(text.utf8))
        }
        let report = try await importer.sync(
            from: URL(string: "https://orphans3.pods.test/specs")!, session: StubProtocol.session(shorter))
        let remaining = try Self.storedPods(pool)
        #expect(remaining.count < all.count)
        #expect(report.entities["Pod"]!.deleted == all.count - remaining.count)
        let violations = try await pool.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").count }
        #expect(violations == 0)
    }

    @Test func orphanDeletionCoversFamilyMembersTheSyncNeverMentioned() async throws {
        let feed = Feed<Widget>(name: "Widgets", items: ["items"], deleteOrphans: true)
        let both =
            #"{"items": [{"serverId": "1", "serverType": "TextWidget", "title": "t"}, {"serverId": "2", "serverType": "ImageWidget", "url": "http://x"}]}"#
        let textOnly = #"{"items": [{"serverId": "1", "serverType": "TextWidget", "title": "t"}]}"#
        let session = StubProtocol.session([
            "https://family.test/1": (200, Data(both.utf8)), "https://family.test/2": (200, Data(textOnly.utf8)),
        ])
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: feed, writer: pool)
        _ = try await importer.sync(from: URL(string: "https://family.test/1")!, session: session)
        #expect(try count("imageWidget", in: pool) == 1)
        let report = try await importer.sync(from: URL(string: "https://family.test/2")!, session: session)
        #expect(report.entities["ImageWidget"]?.deleted == 1)
        #expect(try count("imageWidget", in: pool) == 0)
        #expect(try count("textWidget", in: pool) == 1)
    }

    @Test func cancellationStopsBetweenPagesKeepingCommittedOnes() async throws {
        let pages = try podPages(pageSize: 10)
        let responses = pageResponses(pages, host: "cancel.pods.test")
        let session = StubProtocol.session(responses)
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.podSpecs, writer: pool)
        let committed = ProgressLog()
        let task = Task {
            try await importer.sync(from: URL(string: "https://cancel.pods.test/specs")!, session: session) {
                progress in
                committed.append(progress.report.entities["Pod"].map { $0.inserted + $0.updated + $0.unchanged } ?? 0)
                if progress.pagesCommitted == 3 { withUnsafeCurrentTask { $0?.cancel() } }
            }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(committed.values.count == 3)
        let firstThreePages = Set(
            try Fixtures.podspecs().prefix(30).compactMap { try? Pod.map(json: $0.bytes).value }.map {
                $0.name + " " + $0.version
            })
        #expect(try Self.storedPods(pool) == firstThreePages)
    }

    @Test func realHTTPServerOnLoopback() async throws {
        let pages = try podPages(pageSize: 25)
        var served: [String: Data] = [:]
        for (index, page) in pages.enumerated() { served["/specs?page=\(index)"] = page }
        let server = try LoopbackServer(pages: served)
        defer { server.stop() }
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.podSpecs, writer: pool)
        let report = try await importer.sync(
            from: URL(string: "http://127.0.0.1:\(server.port)/specs")!, session: URLSession(configuration: .ephemeral))
        #expect(report.pages == pages.count)
        #expect(server.requests == (0..<pages.count).map { "/specs?page=\($0)" })
        #expect(try Self.storedPods(pool) == Self.expectedPods())
    }

    /// `pagination: {link: next}` (Schemas/GitHub.yaml's Repos feed) follows the `Link` header over a real
    /// socket, with relative and absolute targets and other relations beside `next`; `prepareRequest`
    /// adds the credentials to every request (issue 15, item 10).
    @Test func linkHeaderPaginationWithAuthentication() async throws {
        func repos(_ ids: ClosedRange<Int>) -> Data {
            let items = ids.map {
                #"{"id": \#($0), "name": "r\#($0)", "full_name": "o/r\#($0)", "owner": {"id": 7, "login": "o"}, "contributors": []}"#
            }
            return Data(("[" + items.joined(separator: ",") + "]").utf8)
        }
        let server = try LoopbackServer(
            pages: ["/repos": repos(1...3), "/repos?page=2": repos(4...6), "/repos?page=3": repos(7...7)],
            headers: [
                "/repos": ["Link": #"</repos?page=2>; rel="next", </repos?page=3>; rel="last""#],
                "/repos?page=2": ["Link": #"<{base}/repos?page=3>; rel="next", <{base}/repos>; rel="first prev""#],
                "/repos?page=3": ["Link": #"</repos>; rel="first", </repos?page=2>; rel="prev""#],
            ])
        defer { server.stop() }
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.repos, writer: pool)
        let report = try await importer.sync(
            from: URL(string: "http://127.0.0.1:\(server.port)/repos")!, session: URLSession(configuration: .ephemeral),
            prepareRequest: { request in request.setValue("Bearer t0ken", forHTTPHeaderField: "Authorization") })
        #expect(report.pages == 3)
        #expect(server.requests == ["/repos", "/repos?page=2", "/repos?page=3"])
        #expect(server.requestHeads.count == 3)
        #expect(server.requestHeads.allSatisfy { $0.contains("Authorization: Bearer t0ken") })
        #expect(try count("repo", in: pool) == 7)
    }

    /// An app's own paging loop keeps orphan deletion (issue 15, item 10): `sync(pages:)` imports what the
    /// loop yields and, for a feed with `deleteOrphans`, deletes what no page delivered once the loop ends;
    /// a loop that fails deletes nothing.
    @Test func customPagingLoopsDeleteOrphansToo() async throws {
        let pages = try podPages(pageSize: 20)
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.podSpecs, writer: pool)
        func stream(_ pages: [Data], failing: Bool = false) -> AsyncThrowingStream<Data, any Error> {
            AsyncThrowingStream { continuation in
                for page in pages { continuation.yield(page) }
                continuation.finish(throwing: failing ? URLError(.timedOut) : nil)
            }
        }
        let full = try await importer.sync(pages: stream(Array(pages.prefix(3))))
        #expect(full.pages == 3)
        let all = try Self.storedPods(pool)
        let firstPage = Set(
            try Fixtures.podspecs().prefix(20).compactMap { try? Pod.map(json: $0.bytes).value }.map {
                $0.name + " " + $0.version
            })

        await #expect(throws: URLError.self) { try await importer.sync(pages: stream([pages[0]], failing: true)) }
        #expect(try Self.storedPods(pool) == all)

        let partial = try await importer.sync(pages: stream([pages[0]]))
        #expect(partial.entities["Pod"]?.deleted == all.count - firstPage.count)
        #expect(try Self.storedPods(pool) == firstPage)
    }

    /// `single: true` (issue 15, item 7): a detail endpoint's page is one record; an array there is a
    /// malformed page, and an object with thousands of members is still one record.
    @Test func singleRecordFeedsImportOneObject() async throws {
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.repoDetail, writer: pool)
        let repo =
            #"{"id": 5, "name": "grdb", "full_name": "groue/GRDB.swift", "owner": {"id": 9, "login": "groue"}, "contributors": []}"#
        let report = try await importer.importPage(Data(repo.utf8))
        #expect(report.entities["Repo"]?.inserted == 1)
        let session = StubProtocol.session(["https://detail.test/repos/groue/grdb": (200, Data(repo.utf8))])
        let synced = try await importer.sync(
            from: URL(string: "https://detail.test/repos/groue/grdb")!, session: session)
        #expect(synced.pages == 1 && synced.entities["Repo"]?.unchanged == 1)
        await #expect(throws: ImportError.self) { try await importer.importPage(Data("[\(repo)]".utf8)) }
        let wide =
            "{" + (0..<5_000).map { #""extra\#($0)": \#($0)"# }.joined(separator: ", ")
            + #", "id": 6, "name": "wide", "full_name": "a/wide", "owner": {"id": 9, "login": "groue"}, "contributors": []}"#
        #expect(try await importer.importPage(Data(wide.utf8)).entities["Repo"]?.inserted == 1)
        #expect(try count("repo", in: pool) == 2)
    }

    @Test func widgetDiffFollowsNextURL() async throws {
        let first =
            #"{"actions": [{"type": "add", "payload": {"serverId": "1", "serverType": "TextWidget", "title": "One"}}], "nextUrl": "/diff/2"}"#
        let second =
            #"{"actions": [{"type": "delete", "payload": {"serverId": "1", "serverType": "TextWidget"}}, {"type": "add", "payload": {"serverId": "2", "serverType": "TextWidget", "title": "Two"}}], "nextUrl": null}"#
        let session = StubProtocol.session([
            "https://w.test/diff/1": (200, Data(first.utf8)), "https://w.test/diff/2": (200, Data(second.utf8)),
        ])
        let (pool, _) = try makeDatabase()
        let report = try await FeedImporter(feed: EntityGenDatabase.widgetDiff, writer: pool).sync(
            from: URL(string: "https://w.test/diff/1")!, session: session)
        #expect(report.pages == 2)
        #expect(report.entities["TextWidget"] == .init(inserted: 2, deleted: 1))
        let stored = try await pool.read { db in try TextWidget.Record.fetchAll(db) }
        #expect(stored.map(\.serverId) == ["2"])
    }

    @Test func streamingAHugeArrayInBatches() throws {
        let folder = try TemporaryFolder.make("entitygen-stream")
        let file = folder.appendingPathComponent("avatars.json")
        let items = (0..<2_500).map { #"{"id": \#($0), "file_url": "a/\#($0).png"}"# }
        try Data((" [\n" + items.joined(separator: " ,\n") + "\n] \n").utf8).write(to: file)
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.avatarList, writer: pool)
        let report = try importer.importArray(contentsOf: file, batchSize: 300, chunkSize: 777)
        #expect(report.pages == 9)
        #expect(report.entities["Avatar"]!.inserted == 2_500)
        #expect(try count("avatar", in: pool) == 2_500)

        for (text, message) in [
            ("[1,,2]", "before ','"), ("[{\"id\": 1, \"file_url\": \"x\"},]", "after ','"), ("{}", "top-level array"),
            ("[{\"id\": 1, \"file_url\": \"x\"}", "end of input"), ("[] x", "after the top-level array"),
            ("[{\"id\": 1 \"file_url\": \"x\"}]", "invalid JSON"),
        ] {
            try Data(text.utf8).write(to: file)
            #expect { try importer.importArray(contentsOf: file) } throws: { "\($0)".contains(message) }
        }
    }

    /// A streamed batch the database refuses (an app's trigger) is thrown, the batches before it stay,
    /// and no batch after it is written.
    @Test func aStreamedBatchTheDatabaseRefusesStopsTheStream() throws {
        let folder = try TemporaryFolder.make("entitygen-stream")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("avatars.json")
        let items = (0..<1_500).map { #"{"id": \#($0), "file_url": "a/\#($0).png"}"# }
        try Data(("[" + items.joined(separator: ",") + "]").utf8).write(to: file)
        let (pool, _) = try makeDatabase()
        try pool.write { db in
            try db.execute(
                sql:
                    "CREATE TRIGGER refuse BEFORE INSERT ON avatar WHEN NEW.remoteId = 450 BEGIN SELECT RAISE(ABORT, 'refused'); END"
            )
        }
        let importer = FeedImporter(feed: EntityGenDatabase.avatarList, writer: pool)
        #expect { try importer.importArray(contentsOf: file, batchSize: 300) } throws: { "\($0)".contains("refused") }
        #expect(try count("avatar", in: pool) == 300)
        #expect(try pool.read { db in try Int.fetchOne(db, sql: "SELECT max(remoteId) FROM avatar") } == 299)
        // Without the trigger, the same file streams whole, in five transactions.
        try pool.write { db in try db.execute(sql: "DROP TRIGGER refuse") }
        let report = try importer.importArray(contentsOf: file, batchSize: 300)
        #expect(report.pages == 5)
        #expect(try count("avatar", in: pool) == 1_500)
    }

    /// `sync(from:)` reads `file://` URLs (issue 15, item 10: URLSession on Linux does not), and a missing
    /// file is a fetch error naming the URL.
    @Test func syncReadsFileURLs() async throws {
        let folder = try TemporaryFolder.make("entitygen-file")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("avatars.json")
        try Data(#"[{"id": 1, "file_url": "a.png"}, {"id": 2, "file_url": "b.png"}]"#.utf8).write(to: file)
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.avatarList, writer: pool)
        let report = try await importer.sync(from: file)
        #expect(report.entities["Avatar"]?.inserted == 2)
        #expect(try count("avatar", in: pool) == 2)
        let missing = folder.appendingPathComponent("missing.json")
        await #expect {
            try await importer.sync(from: missing)
        } throws: { error in
            "\(error)".hasPrefix(missing.absoluteString)
        }
    }

    /// Issue 16, item 5: the streaming splitter agrees with the reader at batch boundaries, holds the last
    /// batch until nothing but whitespace follows the array, and reports indices in the whole array.
    @Test func streamingBatchBoundariesAreNoDifferentFromTheReader() throws {
        let folder = try TemporaryFolder.make("entitygen-stream")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("avatars.json")
        func items(_ range: Range<Int>) -> [String] { range.map { #"{"id": \#($0), "file_url": "a/\#($0).png"}"# } }

        // A trailing comma exactly where a batch ends is rejected, as the reader rejects it.
        try Data(("[" + items(0..<300).joined(separator: ",") + ",]").utf8).write(to: file)
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.avatarList, writer: pool)
        #expect { try importer.importArray(contentsOf: file, batchSize: 300) } throws: { "\($0)".contains("after ','") }

        // Content after the array is found before the last batch is written: earlier batches only.
        let (garbagePool, _) = try makeDatabase()
        try Data(("[" + items(0..<450).joined(separator: ",") + "] x").utf8).write(to: file)
        #expect {
            try FeedImporter(feed: EntityGenDatabase.avatarList, writer: garbagePool).importArray(
                contentsOf: file, batchSize: 300)
        } throws: { "\($0)".contains("after the top-level array") }
        #expect(try count("avatar", in: garbagePool) == 300)

        // A skipped element is named by its index in the whole array, not in its batch.
        var elements = items(0..<700)
        elements[450] = #"{"id": "not a number", "file_url": "x"}"#
        try Data(("[" + elements.joined(separator: ",") + "]").utf8).write(to: file)
        let (skipPool, _) = try makeDatabase()
        let report = try FeedImporter(feed: EntityGenDatabase.avatarList, writer: skipPool).importArray(
            contentsOf: file, batchSize: 300)
        #expect(report.skipped.map(\.path) == ["$[450].id"])
        #expect(try count("avatar", in: skipPool) == 699)

        // A byte order mark is skipped only whole and first, as the reader skips it (found by
        // Fuzz/FuzzArraySplitter: `\u{EF}[]` was an empty array to the splitter, invalid to the reader).
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        for (bytes, accepted) in [
            (bom + Array("[]".utf8), true), (bom + Array(" []".utf8), true), ([0xEF] + Array("[]".utf8), false),
            ([0xEF, 0xBB] + Array("[]".utf8), false), (Array(" ".utf8) + bom + Array("[]".utf8), false),
            ([0xEF, 0xBB], false),
        ] {
            try Data(bytes).write(to: file)
            let streamed = Result { try importer.importArray(contentsOf: file) }
            let read = Result { try JSONDocument(bytes: bytes) }
            #expect(((try? streamed.get()) != nil) == accepted, "\(bytes)")
            #expect(((try? read.get()) != nil) == accepted, "\(bytes)")
        }
    }
}

/// Page `i` of `pages` answered at `https://<host>/specs?page=i`.
func pageResponses(_ pages: [Data], host: String) -> [String: (Int, Data)] {
    var responses: [String: (Int, Data)] = [:]
    for (index, page) in pages.enumerated() { responses["https://\(host)/specs?page=\(index)"] = (200, page) }
    return responses
}
