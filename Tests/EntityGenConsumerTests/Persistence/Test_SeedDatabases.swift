import EntityGenPersistence
import EntityGenRuntime
import Foundation
import GRDB
import Testing

/// Every seed system end to end: JSON -> generated mapper -> importer -> a real SQLite file, then the
/// database state checked (as seed 002's tests did).
@Suite struct Test_SeedDatabases {
    // MARK: Seed 002: Remind groups with embedded avatars, identified by remoteId

    @Test func remindGroupsImportThenReimportWithoutDuplicates() throws {
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.groupList, writer: pool)
        let first = try importer.importPage(try Fixtures.bytes("remind-groups.json"))
        #expect(first.entities["Group"] == .init(inserted: 2))
        #expect(first.entities["Avatar"] == .init(inserted: 1))
        #expect(try count("group", in: pool) == 2)
        #expect(try count("avatar", in: pool) == 1)
        let groups = try pool.read { db in
            try Group.requestIncludingRelationships().order(Group.Columns.remoteId).fetchAll(db)
        }
        #expect(groups.map(\.name) == ["Biology 101", "Chemistry"])
        #expect(groups[0].avatar == Avatar(remoteId: 123, fileUrlString: "some_url.png"))
        #expect(groups[1].avatar == nil)
        #expect(
            try pool.read { db in try Group.fetchOne(db, sql: "SELECT * FROM \"group\" WHERE remoteId = 7") }?.className
                == "BIO-101")

        // The same feed again: nothing new, nothing changed.
        let second = try importer.importPage(try Fixtures.bytes("remind-groups.json"))
        #expect(second.entities["Group"] == .init(unchanged: 2))
        #expect(second.entities["Avatar"] == .init(unchanged: 1))
        #expect(try count("group", in: pool) == 2)

        // A changed name updates the row in place.
        let changed = Array(
            #"[{"id": 8, "name": "Chemistry II", "avatar": {"id": 123, "file_url": "other.png"}}]"#.utf8)
        let third = try importer.importPage(changed)
        #expect(third.entities["Group"] == .init(updated: 1))
        #expect(third.entities["Avatar"] == .init(updated: 1))
        let chemistry = try pool.read { db in
            try Group.requestIncludingRelationships().filter(Group.Columns.remoteId == 8).fetchOne(db)
        }
        #expect(chemistry?.name == "Chemistry II")
        #expect(chemistry?.avatar?.fileUrlString == "other.png")
        #expect(try count("avatar", in: pool) == 1)
    }

    @Test func avatarListIsATopLevelArray() throws {
        let (pool, _) = try makeDatabase()
        let report = try FeedImporter(feed: EntityGenDatabase.avatarList, writer: pool).importPage(
            try Fixtures.bytes("remind-avatars.json"))
        let stored = try pool.read { db in try Avatar.Record.order(Avatar.Columns.remoteId).fetchAll(db) }
        #expect(report.total.inserted == stored.count)
        #expect(!stored.isEmpty)
        #expect(
            try pool.read { db in try Avatar.Record.filter(key: ["remoteId": stored[0].remoteId]).fetchOne(db) }
                == stored[0])
    }

    // MARK: Seed 000: the widget diff feed

    @Test func widgetDiffAddsUpdatesAndDeletesAcrossTheFamily() throws {
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.widgetDiff, writer: pool)
        let report = try importer.importPage(try Fixtures.bytes("widgets-diff.json"))
        #expect(report.entities["TextWidget"] == .init(inserted: 1))
        #expect(report.entities["ImageWidget"] == .init(inserted: 1))
        #expect(report.skipped.isEmpty)
        let image = try #require(try pool.read { db in try ImageWidget.Record.fetchOne(db) })
        #expect(image.textWidgetServerId == "0")
        #expect(image.caption == "it works!")
        let caption = try pool.read { db in try TextWidget.Record.fetchOne(db, id: image.textWidgetServerId!) }
        #expect(caption?.title == "My test title")

        // Forward reference inside a page, an update, a delete, an unknown action and an unknown serverType.
        let page = Array(SeedPages.widgetDiffFollowUp.utf8)
        let second = try importer.importPage(page)
        #expect(second.entities["TextWidget"] == .init(inserted: 1, updated: 1))
        #expect(second.entities["ImageWidget"] == .init(inserted: 1, deleted: 1))
        #expect(second.skipped.map(\.path) == ["$.actions[4].type", "$.actions[5].payload.serverType"])
        #expect(second.skipped[0].reason.contains("archive"))
        let stored = try pool.read { db in try ImageWidget.Record.order(ImageWidget.Columns.serverId).fetchAll(db) }
        #expect(stored.map(\.serverId) == ["5"])
        #expect(stored[0].textWidgetServerId == "6")
        #expect(try pool.read { db in try TextWidget.Record.fetchOne(db, key: ["serverId": "0"]) }?.title == "Renamed")
    }

    @Test func missingReferenceTargetIsUnsetAndReported() throws {
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.widgetDiff, writer: pool)
        let page = Array(
            #"{"actions": [{"type": "add", "payload": {"serverId": "1", "serverType": "ImageWidget", "url": "http://x", "textWidgetId": "404"}}]}"#
                .utf8)
        let report = try importer.importPage(page)
        #expect(report.entities["ImageWidget"] == .init(inserted: 1))
        #expect(report.skipped.count == 1)
        #expect(report.skipped.first?.path == "ImageWidget serverId=\"1\"")
        #expect(report.skipped.first?.reason.contains("textWidget") == true)
        // The report names what was left out (the reference, in a row that was imported) and the key.
        #expect(report.skipped.first?.kind == .reference)
        #expect(report.skipped.first?.reason.contains("the identifier \"404\"") == true, "\(report.skipped)")
        #expect(report.description.contains("unset reference ImageWidget serverId=\"1\""), "\(report)")
        #expect(!report.description.contains("skipped"))
        #expect(try pool.read { db in try ImageWidget.Record.fetchOne(db) }?.textWidgetServerId == nil)
    }

    @Test func malformedPagesCommitNothing() throws {
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.widgetDiff, writer: pool)
        let good = #"{"type": "add", "payload": {"serverId": "1", "serverType": "TextWidget", "title": "One"}}"#
        let cases: [(String, String)] = [
            (#"{"actions": {}}"#, "$.actions"),
            ("{\"actions\": [\(good), 3]}", "$.actions[1]"),
            ("{\"actions\": [\(good), {\"payload\": {}}]}", "$.actions[1].type"),
            ("{\"actions\": [\(good), {\"type\": \"add\"}]}", "$.actions[1].payload"),
            ("{\"actions\": [\(good)], \"nextUrl\": 5}", "$.nextUrl"),
            ("{\"actions\": [\(good)", "invalid JSON"),
        ]
        for (text, expected) in cases {
            #expect {
                try importer.importPage(Array(text.utf8))
            } throws: { error in
                "\(error)".contains(expected)
            }
        }
        #expect(try count("textWidget", in: pool) == 0)
    }

    // MARK: Seed 003: Hydrant people with friends

    @Test func hydrantPeopleKeepGoodFriendsAndLinkThem() throws {
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: Feed<Person>(name: "People"), writer: pool)
        let person = try Fixtures.bytes("hydrant-person.json")
        let report = try importer.importPage(Array("[".utf8) + person + Array("]".utf8))
        let mapped = try Person.map(json: person)
        let stored = try pool.read { db in
            try Person.requestIncludingRelationships().filter(Person.Columns.identifier == mapped.value.identifier)
                .fetchOne(db)
        }
        #expect(stored?.name == mapped.value.name)
        #expect(stored?.friends.map(\.identifier) == mapped.value.friends.map(\.identifier))
        #expect(report.issues.count == mapped.issues.count)  // dropped friends reported, not fatal

        // The error envelope ("message") skips the item with its path and the server's words.
        let notFound = try Fixtures.bytes("hydrant-not-found.json")
        let skipped = try importer.importPage(Array("[".utf8) + notFound + Array("]".utf8))
        #expect(skipped.skipped.count == 1)
        #expect(skipped.skipped[0].path.hasPrefix("$[0]"))
    }

    // MARK: Seed 001: ESModel objects without identity own their nested models

    @Test func nestedModelsWithoutIdentityBelongToTheirOwner() throws {
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: Feed<MyModel>(name: "Models"), writer: pool)
        let model = try Fixtures.bytes("esmodel.json")
        let mapped = try MyModel.map(json: model).value
        try importer.importPage(Array("[".utf8) + model + Array("]".utf8))
        let nested = mapped.model2s.count + (mapped.model2 == nil ? 0 : 1)
        #expect(try count("myModel", in: pool) == 1)
        #expect(try count("modelTwo", in: pool) == nested)
        let stored = try #require(try pool.read { db in try MyModel.requestIncludingRelationships().fetchOne(db) })
        #expect(stored == mapped)

        // Deleting the owner deletes what it owns, at every level.
        try pool.write { db in _ = try MyModel.Record.deleteAll(db) }
        #expect(try count("modelTwo", in: pool) == 0)
        #expect(try count("myModel_model2s", in: pool) == 0)
    }
}

/// Pages large enough to be mapped on a second thread while written.
@Suite struct Test_PipelinedPages {
    static func avatars(_ count: Int, bad: Set<Int> = []) -> [UInt8] {
        let items = (0..<count).map { bad.contains($0) ? #"{"id": "x"}"# : #"{"id": \#($0), "file_url": "f\#($0)"}"# }
        return Array(("[" + items.joined(separator: ",") + "]").utf8)
    }

    @Test func largePageIsWrittenWhole() throws {
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.avatarList, writer: pool)
        let report = try importer.importPage(Self.avatars(20_000, bad: [19_999]))
        #expect(report.entities["Avatar"] == .init(inserted: 19_999))
        #expect(report.skipped.map(\.path) == ["$[19999].id"])
        #expect(try count("avatar", in: pool) == 19_999)
    }

    /// The pipelined page (mapped on a second thread, each written chunk handed back to it to release)
    /// reports and stores what the same page mapped first and written in one go does, on insert and on
    /// an unchanged re-import: with one skip, and with a skip in each of about twenty chunks, each
    /// reported once and in order.
    @Test(arguments: [(10_000, [4_321]), (40_000, Array(stride(from: 100, to: 40_000, by: 1_000)))])
    func pipelinedAndSequentialPagesReportAndStoreTheSame(count: Int, bad: [Int]) throws {
        let bytes = Self.avatars(count, bad: Set(bad))
        let (pipelined, _) = try makeDatabase()
        let (sequential, _) = try makeDatabase()
        let feed = EntityGenDatabase.avatarList
        for round in 0..<2 {
            let first = try FeedImporter(feed: feed, writer: pipelined).importPage(bytes)
            let second = try FeedImporter(feed: feed, writer: sequential).write(feed.prepare(bytes, page: "page"))
            #expect(first == second, "round \(round)")
            #expect(first.skipped.map(\.path) == bad.map { "$[\($0)].id" }, "round \(round)")
        }
        let rows = { (pool: DatabasePool) in
            try pool.read { db in try Row.fetchAll(db, sql: "SELECT * FROM avatar ORDER BY 1") }
        }
        #expect(try rows(pipelined) == rows(sequential))
        try pipelined.read { db throws in
            #expect(try Avatar.Record.fetchCount(db) == count - bad.count)
            #expect(try Avatar.Record.fetchOne(db, id: Int64(bad[0]))?.remoteId == nil)
            #expect(try Avatar.Record.fetchOne(db, id: Int64(count - 1))?.fileUrlString == "f\(count - 1)")
        }
    }

    /// A page above 4 MB, whose parse runs in huge-page memory on Linux, imported twice as an app's
    /// launches would: the first writes every row, the second changes none, and GRDB's own requests read
    /// back what was sent.
    @Test func aPageAboveFourMegabytesImportsTwiceAndReadsBackThroughGRDB() throws {
        let count = 12_000
        let longPath = String(repeating: "a", count: 400)
        let items = (0..<count).map { #"{"id": \#($0), "file_url": "https://cdn.test/\#(longPath)/\#($0).png"}"# }
        let bytes = Array(("[" + items.joined(separator: ",") + "]").utf8)
        #expect(bytes.count > 4 << 20)
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.avatarList, writer: pool)
        let first = try importer.importPage(bytes)
        #expect(first.entities["Avatar"] == .init(inserted: count))
        let second = try importer.importPage(bytes)
        #expect(second.entities["Avatar"] == .init(unchanged: count))
        try pool.read { db in
            #expect(try Avatar.Record.fetchCount(db) == count)
            let last = try #require(try Avatar.Record.fetchOne(db, id: Int64(count - 1)))
            #expect(last.fileUrlString == "https://cdn.test/\(longPath)/\(count - 1).png")
            let filtered = try Avatar.Record.filter(Avatar.Columns.remoteId >= Int64(count - 10)).fetchAll(db)
            #expect(filtered.map(\.remoteId).sorted() == Array(Int64(count - 10)..<Int64(count)))
        }
    }

    /// A large page's chunks are mapped by whichever thread is free (the writer maps the next free chunk
    /// instead of waiting) and written in feed order: a diff page whose later actions update, delete and
    /// add again what earlier ones added, in chunks far from each other, stores and reports what the same
    /// page written in one go does, on a first import and on a second of the same page.
    @Test func laterActionsWinAcrossChunksWhicheverThreadMapsThem() throws {
        let text = { (id: Int, title: String) in
            #"{"type": "add", "payload": {"serverId": "\#(id)", "serverType": "TextWidget", "title": "\#(title)"}}"#
        }
        var actions = (0..<6_000).map { text($0, "first \($0)") }
        actions += stride(from: 0, to: 6_000, by: 7).map {
            #"{"type": "delete", "payload": {"serverId": "\#($0)", "serverType": "TextWidget"}}"#
        }
        actions += stride(from: 0, to: 6_000, by: 5).map { text($0, "again \($0)") }
        actions.append(#"{"type": "archive", "payload": {"serverId": "1", "serverType": "TextWidget"}}"#)
        let bytes = Array("{\"actions\": [\(actions.joined(separator: ","))]}".utf8)
        let feed = EntityGenDatabase.widgetDiff
        let (pipelined, _) = try makeDatabase()
        let (sequential, _) = try makeDatabase()
        for round in 0..<2 {
            let first = try FeedImporter(feed: feed, writer: pipelined).importPage(bytes)
            let second = try FeedImporter(feed: feed, writer: sequential).write(feed.prepare(bytes, page: "page"))
            #expect(first == second, "round \(round)")
            #expect(first.skipped.map(\.path) == ["$.actions[\(actions.count - 1)].type"], "round \(round)")
        }
        let rows = { (pool: DatabasePool) in
            try pool.read { db in try Row.fetchAll(db, sql: "SELECT * FROM textWidget ORDER BY 1") }
        }
        #expect(try rows(pipelined) == rows(sequential))
        try pipelined.read { db throws in
            // Deleted (a multiple of 7) and added again (of 5): the last action wins.
            #expect(try TextWidget.Record.fetchOne(db, key: ["serverId": "35"])?.title == "again 35")
            #expect(try TextWidget.Record.fetchOne(db, key: ["serverId": "14"]) == nil)
            #expect(try TextWidget.Record.fetchOne(db, key: ["serverId": "10"])?.title == "again 10")
            #expect(try TextWidget.Record.fetchOne(db, key: ["serverId": "5998"])?.title == "first 5998")
            let deleted = (0..<6_000).filter { $0 % 7 == 0 && $0 % 5 != 0 }.count
            #expect(try TextWidget.Record.fetchCount(db) == 6_000 - deleted)
        }
    }

    /// The database refusing a row late in a large page (while the mapping thread still has chunks to
    /// map) fails the page: nothing of it is stored, the mapping stops, and the importer imports the
    /// next page as if nothing had happened.
    @Test func aRowTheDatabaseRefusesLateInALargePageCommitsNothing() throws {
        let (pool, _) = try makeDatabase()
        try pool.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER refuse BEFORE INSERT ON avatar WHEN NEW.remoteId = 30000
                    BEGIN SELECT RAISE(ABORT, 'refused by the test'); END
                    """)
        }
        let importer = FeedImporter(feed: EntityGenDatabase.avatarList, writer: pool)
        #expect { try importer.importPage(Self.avatars(40_000)) } throws: { "\($0)".contains("refused by the test") }
        #expect(try count("avatar", in: pool) == 0)
        try pool.write { db in try db.execute(sql: "DROP TRIGGER refuse") }
        #expect(try importer.importPage(Self.avatars(40_000)).entities["Avatar"] == .init(inserted: 40_000))
        #expect(try pool.read { db in try Avatar.Record.fetchCount(db) } == 40_000)
    }

    @Test func malformedActionLateInALargePageCommitsNothing() throws {
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.widgetDiff, writer: pool)
        var actions = (0..<10_000).map {
            #"{"type": "add", "payload": {"serverId": "\#($0)", "serverType": "TextWidget", "title": "t"}}"#
        }
        actions.append(#"{"payload": {}}"#)
        #expect { try importer.importPage(Array("{\"actions\": [\(actions.joined(separator: ","))]}".utf8)) } throws: {
            "\($0)".contains("$.actions[10000].type")
        }
        #expect(try count("textWidget", in: pool) == 0)
    }
}
