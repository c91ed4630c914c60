import EntityGenPersistence
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a sync sends its requests (issue 37, items 1 and 2): only to the origin it started from, and
/// hosts the app allows. A page from the server names a next page on another host by its `Link` header, by
/// a next URL in its body or by a redirect, or names a local file: the sync fails before anything is sent
/// there, so the request hook's credentials never leave the origin, nothing of the other host is imported
/// and no orphan is deleted on its word.
@Suite struct Test_SyncOrigins {
    static func repos(_ ids: ClosedRange<Int>) -> Data {
        let items = ids.map {
            #"{"id": \#($0), "name": "r\#($0)", "full_name": "o/r\#($0)", "owner": {"id": 7, "login": "o"}, "contributors": []}"#
        }
        return Data(("[" + items.joined(separator: ",") + "]").utf8)
    }

    /// A diff page adding one text widget, with an optional next URL.
    static func widgetPage(_ id: String, title: String, next: String? = nil) -> Data {
        let action =
            #"{"type": "add", "payload": {"serverId": "\#(id)", "serverType": "TextWidget", "title": "\#(title)"}}"#
        return Data(#"{"actions": [\#(action)]\#(next.map { #", "nextUrl": "\#($0)""# } ?? "")}"#.utf8)
    }

    static let credentials: @Sendable (inout URLRequest) -> Void = {
        $0.setValue("Bearer s3cret", forHTTPHeaderField: "Authorization")
    }

    /// Syncs the Repos feed (`pagination: {link: next}`) from `server`'s `/repos`.
    static func sync(
        _ server: LoopbackServer, into pool: DatabasePool, allowedHosts: Set<String> = []
    ) async throws -> ImportReport {
        try await FeedImporter(feed: EntityGenDatabase.repos, writer: pool).sync(
            from: URL(string: "http://127.0.0.1:\(server.port)/repos")!, session: URLSession(configuration: .ephemeral),
            allowedHosts: allowedHosts, prepareRequest: credentials)
    }

    /// A server whose first page links its second page on another origin (`localhost` and another
    /// port), and that other server.
    static func linkedServers() throws -> (server: LoopbackServer, other: LoopbackServer) {
        let other = try LoopbackServer(pages: ["/repos?page=2": Self.repos(8...9)])
        let server = try LoopbackServer(
            pages: ["/repos": Self.repos(1...3)],
            headers: ["/repos": ["Link": "<http://localhost:\(other.port)/repos?page=2>; rel=\"next\""]])
        return (server, other)
    }

    @Test func aLinkToAnotherOriginIsNotFollowed() async throws {
        let (server, other) = try Self.linkedServers()
        defer {
            server.stop()
            other.stop()
        }
        let (pool, _) = try makeDatabase()
        let message = await Test_SyncLoops.failure { try await Self.sync(server, into: pool) }
        #expect(message.contains("not followed: it is on another origin"), "\(message)")
        #expect(message.contains("localhost:\(other.port)"), "\(message)")
        #expect(other.requests.isEmpty)
        #expect(try count("repo", in: pool) == 3)  // the first page, committed before
    }

    @Test func aRedirectToAnotherOriginIsNotFollowed() async throws {
        let other = try LoopbackServer(pages: ["/stolen": Self.repos(8...9)])
        defer { other.stop() }
        let server = try LoopbackServer(
            pages: ["/repos": Self.repos(1...3)],
            headers: [
                "/repos": ["Link": #"</repos?page=2>; rel="next""#],
                "/repos?page=2": [":status": "302 Found", "Location": "http://localhost:\(other.port)/stolen"],
            ])
        defer { server.stop() }
        let (pool, _) = try makeDatabase()
        let message = await Test_SyncLoops.failure { try await Self.sync(server, into: pool) }
        #expect(message.contains("HTTP status 302: the redirect to"), "\(message)")
        #expect(message.contains("was not followed"), "\(message)")
        #expect(other.requests.isEmpty, "the other host received \(other.requestHeads)")
        #expect(try count("repo", in: pool) == 3)
    }

    @Test func anAllowedHostIsFollowedWithTheCredentials() async throws {
        let (server, other) = try Self.linkedServers()
        defer {
            server.stop()
            other.stop()
        }
        let (pool, _) = try makeDatabase()
        let report = try await Self.sync(server, into: pool, allowedHosts: ["LOCALHOST"])
        #expect(report.pages == 2)
        #expect(other.requestHeads.first?.contains("Authorization: Bearer s3cret") == true)
        #expect(try count("repo", in: pool) == 5)
    }

    /// A next URL in the body naming a local file (the widgets' diff feed, `pagination: {nextURL: nextUrl}`)
    /// is never read when the sync started over HTTP.
    @Test func aFileURLInAnHTTPSyncIsNotRead() async throws {
        let folder = try TemporaryFolder.make("entitygen-origin")
        let local = folder.appendingPathComponent("local.json")
        try Self.widgetPage("9", title: "local").write(to: local)
        let server = try LoopbackServer(pages: [
            "/widgets": Self.widgetPage("0", title: "t", next: local.absoluteString)
        ])
        defer { server.stop() }
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.widgetDiff, writer: pool)
        let message = await Test_SyncLoops.failure {
            try await importer.sync(
                from: URL(string: "http://127.0.0.1:\(server.port)/widgets")!,
                session: URLSession(configuration: .ephemeral))
        }
        #expect(message.contains("never 'file:' ones"), "\(message)")
        #expect(try count("textWidget", in: pool) == 1)
    }

    /// A sync that started from a file follows files, as before (a local copy of a feed).
    @Test func aFileSyncFollowsFiles() async throws {
        let folder = try TemporaryFolder.make("entitygen-origin")
        let second = folder.appendingPathComponent("2.json")
        try Self.widgetPage("2", title: "b").write(to: second)
        let first = folder.appendingPathComponent("1.json")
        try Self.widgetPage("1", title: "a", next: "2.json").write(to: first)
        let (pool, _) = try makeDatabase()
        let report = try await FeedImporter(feed: EntityGenDatabase.widgetDiff, writer: pool).sync(from: first)
        #expect(report.pages == 2)
    }
}

/// A sync stops on pagination loops and at a page limit (issue 37, item 6), saying which, with the pages
/// it committed kept and no orphan deleted. Before, a `Link` loop, a next URL naming its own page and a
/// page count of 2^31-1 each went on for hundreds of pages.
@Suite struct Test_SyncLoops {
    static func failure(_ sync: () async throws -> ImportReport) async -> String {
        do {
            _ = try await sync()
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    /// Syncs `feed` from `path` of a loopback server serving `pages`: what the sync failed with, and the
    /// paths the server was asked for.
    static func failure<Entity: ImportableEntity>(
        _ feed: Feed<Entity>, from path: String, serving pages: [String: Data]
    ) async throws -> (message: String, requests: [String]) {
        let server = try LoopbackServer(pages: pages)
        defer { server.stop() }
        let (pool, _) = try makeDatabase()
        let message = await failure {
            try await FeedImporter(feed: feed, writer: pool).sync(
                from: URL(string: "http://127.0.0.1:\(server.port)\(path)")!,
                session: URLSession(configuration: .ephemeral))
        }
        return (message, server.requests)
    }

    @Test func aLinkLoopStops() async throws {
        let server = try LoopbackServer(
            pages: ["/repos": Test_SyncOrigins.repos(1...3), "/repos?page=2": Test_SyncOrigins.repos(4...5)],
            headers: [
                "/repos": ["Link": #"</repos?page=2>; rel="next""#],
                "/repos?page=2": ["Link": #"</repos>; rel="next""#],
            ])
        defer { server.stop() }
        let (pool, _) = try makeDatabase()
        let message = await Self.failure { try await Test_SyncOrigins.sync(server, into: pool) }
        #expect(message.contains("fetched this page before (a pagination loop, after 2 pages)"), "\(message)")
        #expect(server.requests == ["/repos", "/repos?page=2"])
        #expect(try count("repo", in: pool) == 5)
    }

    @Test func aNextURLNamingItsOwnPageStops() async throws {
        let (message, requests) = try await Self.failure(
            EntityGenDatabase.widgetDiff, from: "/widgets",
            serving: ["/widgets": Data(#"{"actions": [], "nextUrl": "/widgets"}"#.utf8)])
        #expect(message.contains("a pagination loop, after 1 pages"), "\(message)")
        #expect(requests == ["/widgets"])
    }

    @Test func anAnnouncedPageCountPastTheLimitStopsAtOnce() async throws {
        let (message, requests) = try await Self.failure(
            EntityGenDatabase.podSpecs, from: "/specs",
            serving: ["/specs?page=0": Data(#"{"number_of_pages": 2147483647, "result": []}"#.utf8)])
        #expect(message.contains("announces 2147483647 pages, more than the sync's limit of 10000"), "\(message)")
        #expect(requests == ["/specs?page=0"])
    }

    @Test func thePageLimitIsTheApps() async throws {
        let server = try LoopbackServer(
            pages: [
                "/repos": Test_SyncOrigins.repos(1...1), "/repos?page=2": Test_SyncOrigins.repos(2...2),
                "/repos?page=3": Test_SyncOrigins.repos(3...3),
            ],
            headers: [
                "/repos": ["Link": #"</repos?page=2>; rel="next""#],
                "/repos?page=2": ["Link": #"</repos?page=3>; rel="next""#],
            ])
        defer { server.stop() }
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.repos, writer: pool)
        let url = URL(string: "http://127.0.0.1:\(server.port)/repos")!
        let message = await Self.failure {
            try await importer.sync(from: url, session: URLSession(configuration: .ephemeral), pageLimit: 2)
        }
        #expect(message.contains("reached its limit of 2 pages"), "\(message)")
        let report = try await importer.sync(from: url, session: URLSession(configuration: .ephemeral), pageLimit: 3)
        #expect(report.pages == 3)
    }
}

extension Test_SyncLoops {
    /// `firstPage` near `Int.max` (issue 37, item 13): the next page number is checked, not overflowed
    /// into a crash.
    @Test func aFirstPageNearIntMaxFailsCleanly() async throws {
        let feed = Feed<Pod>(
            name: "Far", items: ["result"],
            pagination: .pageNumber(pageCount: ["number_of_pages"], parameter: "page", firstPage: Int.max),
            deleteOrphans: true)
        let (message, _) = try await Self.failure(
            feed, from: "/specs",
            serving: ["/specs?page=\(Int.max)": Data(#"{"number_of_pages": 2, "result": []}"#.utf8)])
        #expect(message.contains("the next page number is past"), "\(message)")
    }
}
