import EntityGenPersistence
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// The generated persistence used as a GRDB user uses it, on `Schemas/GitHub.yaml` (repositories with
/// owners and contributors, events whose `actor` is a compact `{id, login}` user): data goes in through
/// the importer, and every question is asked with GRDB's own query interface on a real SQLite file, no
/// EntityGen helper in between (issue 13).
@Suite struct Test_PlainGRDB {
    /// Two repositories with full owners; one contributor is compact.
    static let repos = """
        [{"id": 1, "name": "grdb", "full_name": "groue/GRDB.swift", "stargazers_count": 7000,
          "topics": ["sqlite", "swift"], "homepage": "https://grdb.example",
          "owner": {"id": 10, "login": "groue", "avatar_url": "https://a.example/10", "bio": "GRDB author"},
          "contributors": [{"id": 10, "login": "groue"}, {"id": 11, "login": "ally", "avatar_url": "https://a.example/11"}]},
         {"id": 2, "name": "yams", "full_name": "jpsim/Yams", "stargazers_count": 1100,
          "owner": {"id": 20, "login": "jpsim", "avatar_url": "https://a.example/20"}}]
        """

    /// Events whose actors and repositories are compact: no avatar, bio, stars, topics or contributors.
    static let events = """
        [{"id": "e1", "type": "PushEvent", "created_at": "2015-04-06T14:45:19Z", "note": "first",
          "actor": {"id": 10, "login": "groue"},
          "repo": {"id": 1, "name": "grdb", "full_name": "groue/GRDB.swift", "owner": {"id": 10, "login": "groue"}}},
         {"id": "e2", "type": "WatchEvent", "created_at": "2015-04-07T09:00:00.250Z",
          "actor": {"id": 11, "login": "ally"}},
         {"id": "e3", "type": "PushEvent", "created_at": "2016-01-01T00:00:00Z",
          "actor": {"id": 20, "login": "jpsim"}, "repo": {"id": 2, "name": "yams", "full_name": "jpsim/Yams",
          "owner": {"id": 20, "login": "jpsim"}}}]
        """

    /// A database with both pages imported.
    static func database() throws -> DatabasePool {
        let folder = try TemporaryFolder.make("plain-grdb")
        let pool = try EntityGenDatabase.openDatabase(atPath: folder.appendingPathComponent("github.sqlite").path)
        _ = try FeedImporter(feed: EntityGenDatabase.repos, writer: pool).importPage(Array(repos.utf8))
        _ = try FeedImporter(feed: EntityGenDatabase.events, writer: pool).importPage(Array(events.utf8))
        return pool
    }

    /// A date from seconds since 1970 (UTC).
    static func date(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

    @Test func dateFiltersAndOrdering() throws {
        let pool = try Self.database()
        try pool.read { db throws in
            let cutoff = Self.date(1_428_364_800)  // 2015-04-07T00:00:00Z
            let after = try Event.Record.filter(Event.Columns.createdAt > cutoff).order(Event.Columns.id).fetchAll(db)
            #expect(after.map(\.id) == ["e2", "e3"])
            #expect(try Event.Record.filter { $0.createdAt < cutoff }.fetchAll(db).map(\.id) == ["e1"])
            let exact = Self.date(1_428_397_200.25)  // 2015-04-07T09:00:00.250Z
            #expect(try Event.Record.filter(Event.Columns.createdAt == exact).fetchOne(db)?.id == "e2")
            let year2015 = Self.date(1_420_070_400)...Self.date(1_451_606_399)  // 2015
            #expect(try Event.Record.filter(year2015.contains(Event.Columns.createdAt)).fetchCount(db) == 2)
            #expect(try Event.Record.order(Event.Columns.createdAt.desc).fetchAll(db).map(\.id) == ["e3", "e2", "e1"])
            #expect(try Event.Record.fetchOne(db, id: "e2")?.createdAt == exact)
        }
    }

    @Test func plainRequestsWorkWithoutIncluding() throws {
        let pool = try Self.database()
        try pool.read { db throws in
            #expect(try Repo.Record.fetchCount(db) == 2)
            let grdb = try #require(try Repo.Record.fetchOne(db, id: 1))
            #expect(grdb.fullName == "groue/GRDB.swift" && grdb.ownerId == 10)
            #expect(try Repo.Record.filter(Repo.Columns.stars > 5000).fetchAll(db).map(\.name) == ["grdb"])
            #expect(try Repo.Record.order(Repo.Columns.name.desc).limit(1).fetchOne(db)?.name == "yams")
            #expect(try User.Record.fetchAll(db).map(\.login).sorted() == ["ally", "groue", "jpsim"])
            #expect(try User.Record.fetchAll(db, ids: [10, 20]).count == 2)
            // A relationship a plain request did not fetch is not on the record at all: only its key is.
            // Asking for it is one more GRDB request.
            #expect(try grdb.request(for: Repo.Record.owner).fetchOne(db)?.login == "groue")
            #expect(try grdb.request(for: Repo.Record.contributors).fetchAll(db).map(\.login) == ["groue", "ally"])
            // The graph JSON maps to: loaded because the request includes it.
            let graph = try #require(
                try Repo.requestIncludingRelationships().filter(Repo.Columns.id == 1).fetchOne(db))
            #expect(graph.owner.login == "groue" && graph.contributors.map(\.id) == [10, 11])
        }
    }

    @Test func observationSeesImports() async throws {
        let pool = try Self.database()
        let popular = ValueObservation.tracking { db in
            try Repo.Record.filter(Repo.Columns.stars >= 1000).order(Repo.Columns.name).fetchAll(db).map(\.name)
        }.removeDuplicates().values(in: pool)
        var iterator = popular.makeAsyncIterator()
        #expect(try await iterator.next() == ["grdb", "yams"])
        let page = """
            [{"id": 3, "name": "nio", "full_name": "apple/swift-nio", "stargazers_count": 8000,
              "owner": {"id": 30, "login": "apple"}}]
            """
        _ = try await FeedImporter(feed: EntityGenDatabase.repos, writer: pool).importPage(Array(page.utf8))
        #expect(try await iterator.next() == ["grdb", "nio", "yams"])
    }

    @Test func absentKeysKeepStoredValuesAndNullClears() throws {
        let pool = try Self.database()
        try pool.read { db throws in
            // The compact actors and repos of the events page kept what the full objects stored.
            let groue = try #require(try User.Record.fetchOne(db, id: 10))
            #expect(groue.avatarUrl == URL(string: "https://a.example/10") && groue.biography == "GRDB author")
            let grdb = try #require(try Repo.Record.fetchOne(db, id: 1))
            #expect(grdb.stars == 7000)  // absent with a default: kept, not reset to 0
            #expect(grdb.topics == ["sqlite", "swift"])
            #expect(try grdb.request(for: Repo.Record.contributors).fetchCount(db) == 2)  // absent list: links kept
            #expect(grdb.homepage == nil)  // `onAbsent: clear` on the attribute
        }
        // Importing the same compact objects again changes nothing.
        let again = try FeedImporter(feed: EntityGenDatabase.events, writer: pool).importPage(Array(Self.events.utf8))
        #expect(again.entities["User"] == .init(unchanged: 5))
        #expect(again.entities["Event"] == .init(unchanged: 3))

        // An explicit null clears; an empty list unlinks.
        let nulls = """
            [{"id": 1, "name": "grdb", "full_name": "groue/GRDB.swift", "topics": null, "contributors": [],
              "owner": {"id": 10, "login": "groue", "bio": null}}]
            """
        let report = try FeedImporter(feed: EntityGenDatabase.repos, writer: pool).importPage(Array(nulls.utf8))
        #expect(report.entities["User"] == .init(updated: 1))
        try pool.read { db throws in
            let groue = try #require(try User.Record.fetchOne(db, id: 10))
            #expect(groue.biography == nil && groue.avatarUrl == URL(string: "https://a.example/10"))
            let grdb = try #require(try Repo.Record.fetchOne(db, id: 1))
            #expect(grdb.topics == nil && grdb.stars == 7000)
            #expect(try grdb.request(for: Repo.Record.contributors).fetchCount(db) == 0)
        }

        // A key present with its default's own value is written, not taken for an absent key; and again
        // with another value, then absent once more: kept.
        for (stars, expected) in [("0", 0), ("12", 12), (nil, 12)] as [(String?, Int)] {
            let count = stars.map { #", "stargazers_count": \#($0)"# } ?? ""
            let page =
                #"[{"id": 1, "name": "grdb", "full_name": "groue/GRDB.swift"\#(count), "owner": {"id": 10, "login": "groue"}}]"#
            _ = try FeedImporter(feed: EntityGenDatabase.repos, writer: pool).importPage(Array(page.utf8))
            #expect(try pool.read { db in try Repo.Record.fetchOne(db, id: 1)?.stars } == expected)
        }

        // `onAbsent: clear` on the entity: an event without its note loses the note.
        let renote = """
            [{"id": "e1", "type": "PushEvent", "created_at": "2015-04-06T14:45:19Z", "actor": {"id": 10, "login": "groue"}}]
            """
        _ = try FeedImporter(feed: EntityGenDatabase.events, writer: pool).importPage(Array(renote.utf8))
        try pool.read { db throws in
            let event = try #require(try Event.Record.fetchOne(db, id: "e1"))
            #expect(event.note == nil && event.repoId == nil)
        }
    }

    @Test func localEditsThroughPersistableRecord() throws {
        let pool = try Self.database()
        try pool.write { db throws in
            var user = try #require(try User.Record.fetchOne(db, id: 11))
            user.biography = "Edited locally"
            try user.update(db)
            try User.Record(id: 40, login: "newcomer").insert(db)
            try User.Record(id: 40, login: "renamed").upsert(db)
            try User.Record(id: 41, login: "saved").save(db)
            #expect(try User.Record.fetchOne(db, id: 11)?.biography == "Edited locally")
            #expect(try User.Record.fetchOne(db, id: 40)?.login == "renamed")
            #expect(try User.Record.exists(db, id: 41))

            // Deleting a repository: the events that named it keep existing, their key set to NULL (the
            // relationship's foreign key), its contributor links go with it.
            #expect(try Repo.Record.deleteOne(db, id: 1))
            #expect(try Event.Record.fetchOne(db, id: "e1")?.repoId == nil)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM repo_contributors WHERE ownerId = 1") == 0)

            // Rows without identity get their row id on insert, and owned rows go with their owner.
            var two = ModelTwo.Record(key3: "local")
            try two.insert(db)
            let rowID = try #require(two.rowID)
            var model = MyModel.Record(modelProperty1: "owner", model2: rowID)
            try model.insert(db)
            #expect(try ModelTwo.Record.fetchOne(db, id: rowID)?.key3 == "local")
            try model.delete(db)
            #expect(try ModelTwo.Record.fetchOne(db, id: rowID) == nil)
        }
        // A local edit is a write like any other: the importer's next page sees it.
        let report = try FeedImporter(feed: EntityGenDatabase.events, writer: pool).importPage(Array(Self.events.utf8))
        #expect(report.entities["Repo"]?.inserted == 1)
    }

    /// `User` has no relationships, so the model is its own record (`User.Record` is `User`): plain GRDB
    /// requests fetch models, and models save through GRDB's own `update`, `upsert` and `insert` as plain
    /// data: every value is written, `nil` included, whether the model was mapped from a compact JSON
    /// object or built in code (keeping the stored values of absent keys is the importer's).
    @Test func modelsWithoutRelationshipsAreTheirOwnRecords() throws {
        #expect(User.Record.self == User.self)
        #expect(Repo.Record.self != Repo.self)  // relationships: a row-shaped record of its own
        let pool = try Self.database()
        let compact = try User.map(json: Array(#"{"id": 10, "login": "groue2"}"#.utf8)).value
        let renamed = try User.map(json: Array(#"{"id": 11, "login": "ally2", "bio": null}"#.utf8)).value
        try pool.write { db throws in
            let stored: User = try #require(try User.fetchOne(db, id: 10))
            #expect(stored.biography == "GRDB author")
            try compact.update(db)
            try renamed.upsert(db)
            try User.map(json: Array(#"{"id": 50, "login": "fresh"}"#.utf8)).value.insert(db)
            try User(id: 20, login: "jpsim", avatarUrl: nil, biography: nil).update(db)
        }
        try pool.read { db throws in
            let groue = try #require(try User.filter(User.Columns.login == "groue2").fetchOne(db))
            #expect(groue.avatarUrl == nil && groue.biography == nil)
            let ally = try #require(try User.fetchOne(db, id: 11))
            #expect(ally.login == "ally2" && ally.avatarUrl == nil)
            #expect(ally.biography == nil)  // an explicit null is a value
            #expect(try User.fetchOne(db, id: 50)?.login == "fresh")
            #expect(try User.fetchOne(db, id: 20)?.avatarUrl == nil)  // built in code: nil is written
            #expect(try User.order(User.Columns.id).fetchAll(db).map(\.id) == [10, 11, 20, 50])
            // The inverse associations of the relationships that reach the table are the model's.
            #expect(try groue.request(for: User.reposViaOwner).fetchCount(db) == 1)
        }
    }

    @Test func inverseAssociations() throws {
        let pool = try Self.database()
        try pool.read { db throws in
            let groue = try #require(try User.Record.fetchOne(db, id: 10))
            #expect(try groue.request(for: User.Record.reposViaOwner).fetchAll(db).map(\.name) == ["grdb"])
            #expect(try groue.request(for: User.Record.events).fetchAll(db).map(\.id) == ["e1"])
            let ally = try #require(try User.Record.fetchOne(db, id: 11))
            #expect(try ally.request(for: User.Record.reposViaContributors).fetchAll(db).map(\.name) == ["grdb"])

            /// A user with the repositories they own, as GRDB's guide decodes graphs.
            struct UserWithRepos: FetchableRecord {
                var user: User.Record
                var reposViaOwner: [Repo.Record]
                init(row: Row) throws {
                    user = try User.Record(row: row)
                    reposViaOwner = try (row.prefetchedRows["reposViaOwner"] ?? []).map(Repo.Record.init(row:))
                }
            }
            let rows = try User.Record.including(all: User.Record.reposViaOwner).order(User.Columns.id)
                .asRequest(of: UserWithRepos.self).fetchAll(db)
            #expect(rows.map { $0.reposViaOwner.count } == [1, 0, 1])
            let eventCounts = try User.Record.annotated(with: User.Record.events.count).order(User.Columns.id)
                .asRequest(of: Row.self).fetchAll(db).map { $0["eventCount"] as Int }
            #expect(eventCounts == [1, 1, 1])
        }
    }

    /// JSON columns (arrays, maps) written through GRDB's own `update` and `insert` hold the text the
    /// importer writes: a page delivering the same values finds the row unchanged, `nil` is `NULL` to
    /// GRDB's filters, and a map reads back whole.
    @Test func jsonColumnsWrittenThroughGRDBAreWhatTheImporterWrites() throws {
        let pool = try Self.database()
        try pool.write { db throws in
            var yams = try #require(try Repo.Record.fetchOne(db, id: 2))
            #expect(yams.topics == nil)
            yams.topics = ["yaml", "swift"]
            try yams.update(db)
            var grdb = try #require(try Repo.Record.fetchOne(db, id: 1))
            grdb.topics = nil
            try grdb.update(db)
            #expect(try Repo.Record.filter(Repo.Columns.topics == nil).fetchAll(db).map(\.id) == [1])

            var subspec = Subspec.Record(name: "Core", dependencies: ["Yams": ["6.2.2"], "GRDB": []])
            try subspec.insert(db)
            let rowID = try #require(subspec.rowID)
            #expect(try Subspec.Record.fetchOne(db, id: rowID)?.dependencies == ["Yams": ["6.2.2"], "GRDB": []])
        }
        let page = """
            [{"id": 2, "name": "yams", "full_name": "jpsim/Yams", "stargazers_count": 1100, "topics": ["yaml", "swift"],
              "owner": {"id": 20, "login": "jpsim", "avatar_url": "https://a.example/20"}}]
            """
        let report = try FeedImporter(feed: EntityGenDatabase.repos, writer: pool).importPage(Array(page.utf8))
        #expect(report.entities["Repo"]?.unchanged == 1)
        #expect(report.entities["Repo"]?.updated == 0)
    }

}
