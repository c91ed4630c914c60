import EntityGenPersistence
import EntityGenRuntime
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// The inferred references, expandable member and family, through the code the build plugin generated
/// from `Schemas/Ticket.yaml` and `Schemas/Activity.yaml` (inferred from Tests/Corpora/samples): the pages
/// import in order, read back with GRDB as sent, answer GRDB's own queries, and a second import changes
/// nothing.
@Suite struct Test_InferredRelations {
    static let samples = Test_InferredImport.root.appendingPathComponent("Tests/Corpora/samples")

    private func database() throws -> DatabasePool {
        let folder = try TemporaryFolder.make("entitygen-inferred-relations")
        return try EntityGenDatabase.openDatabase(atPath: folder.appendingPathComponent("db.sqlite").path)
    }

    private func page(_ path: String) throws -> [UInt8] {
        try Array(Data(contentsOf: Self.samples.appendingPathComponent(path)))
    }

    /// The records of a page as sent, by id, each with what reading it back gives: an expanded
    /// `milestone` is stored in its own table and read back as its id (the documented form).
    private func sentTickets(_ page: [UInt8]) throws -> [Int64: AnyJSON] {
        try JSONDocument(bytes: page).withRoot { root in
            var result: [Int64: AnyJSON] = [:]
            root["tickets"]?.forEachElement { _, ticket in
                guard case var .object(members) = AnyJSON(ticket) else { return }
                if let index = members.firstIndex(where: { $0.key == "milestone" }),
                    case let .object(milestone) = members[index].value,
                    let id = milestone.first(where: { $0.key == "id" })?.value
                {
                    members[index].value = id
                }
                result[ticket["id"]?.integer(Int64.self) ?? -1] = .object(members)
            }
            return result
        }
    }

    @Test func ticketsImportWithTheirReferencesAndReadBackAsSent() throws {
        let pool = try database()
        let importer = FeedImporter(feed: EntityGenDatabase.tickets, writer: pool)
        var sent: [Int64: AnyJSON] = [:]
        for name in ["tickets/page1.json", "tickets/page2.json"] {
            let bytes = try page(name)
            try importer.importPage(bytes)
            sent.merge(try sentTickets(bytes)) { first, _ in first }
        }
        let stored = try pool.read { db in try Ticket.requestIncludingRelationships().fetchAll(db) }
        #expect(stored.count == 6)
        for ticket in stored {
            let written = try JSONDocument(bytes: ticket.jsonBytes()).withRoot { AnyJSON($0) }
            let expected = try #require(sent[ticket.id])
            let difference = JSONComparison.difference(expected, written, at: "$", nullOrAbsent: [])
            #expect(difference == nil, "ticket \(ticket.id): \(difference ?? "")")
        }
        try pool.read { db in
            // The references are foreign keys GRDB's query interface follows: the children of 1001, and
            // the milestone each ticket names, expanded or not.
            let children = try Ticket.Record.filter(Ticket.Columns.parentId == 1001).order(Ticket.Columns.id)
                .fetchAll(db).map(\.id)
            #expect(children == [1002, 1003])
            let milestones = try Milestone.Record.order(Milestone.Columns.id).fetchAll(db)
            #expect(milestones.map(\.id) == [7, 8])
            #expect(milestones.map(\.title) == ["v1.0", "v1.1"])
            let forV1 = try Milestone.Record.filter(id: 7).including(all: Milestone.Record.tickets)
                .asRequest(of: Row.self).fetchOne(db)
            let sentForV1 = sent.values.filter { ticket in
                guard case let .object(members) = ticket else { return false }
                return members.contains { $0.key == "milestone" && $0.value == .number("7") }
            }
            #expect(sentForV1.count == 4)
            #expect(forV1?.prefetchedRows["tickets"]?.count == sentForV1.count)
        }
        // The same pages again: nothing changes.
        for name in ["tickets/page1.json", "tickets/page2.json"] {
            let report = try importer.importPage(page(name))
            #expect(report.entities.values.allSatisfy { $0.inserted == 0 && $0.updated == 0 }, "\(name)")
        }
        // A ticket naming a parent nobody stored fails its page, and the page leaves nothing behind.
        let orphan = Array(
            #"{"tickets": [{"id": 2001, "title": "x", "state": "open", "owner": {"id": 501, "login": "ann"}, "previous_owner_id": null, "parent_id": 9999, "milestone": 7, "labels": []}], "next": null}"#
                .utf8)
        #expect(throws: ImportError.self) { try importer.importPage(orphan) }
        #expect(try pool.read { db in try Ticket.Record.fetchOne(db, id: 2001) } == nil)
    }

    /// The Spotify document refined by payloads written from its examples, cut to the artists
    /// (`--only ArtistObject`): `GET /artists` is a feed because the samples identify the artists, and the
    /// page imports, reads back as sent and re-imports unchanged.
    @Test func spotifyArtistsImportAndReadBackAsSent() throws {
        let pool = try database()
        let importer = FeedImporter(feed: EntityGenDatabase.getMultipleArtists, writer: pool)
        let bytes = try Array(
            Data(
                contentsOf: Test_InferredImport.root.appendingPathComponent(
                    "Tests/Corpora/openapi/spotify-samples/artists.json")))
        let first = try importer.importPage(bytes)
        #expect(first.entities["ArtistObject"]?.inserted == 2)
        let sent = try JSONDocument(bytes: bytes).withRoot { root in
            var result: [String: AnyJSON] = [:]
            root["artists"]?.forEachElement { _, artist in result[artist["id"]?.string() ?? ""] = AnyJSON(artist) }
            return result
        }
        let stored = try pool.read { db in try ArtistObject.requestIncludingRelationships().fetchAll(db) }
        #expect(stored.count == 2)
        for artist in stored {
            let written = try JSONDocument(bytes: artist.jsonBytes()).withRoot { AnyJSON($0) }
            let difference = JSONComparison.difference(
                try #require(sent[artist.id]), written, at: "$", nullOrAbsent: [])
            #expect(difference == nil, "\(artist.id): \(difference ?? "")")
        }
        let popular = try pool.read { db in
            try ArtistObject.Record.filter(ArtistObject.Columns.popularity > 50).fetchAll(db).map(\.id)
        }
        let popularSent = try JSONDocument(bytes: bytes).withRoot { root in
            var ids: [String] = []
            root["artists"]?.forEachElement { _, artist in
                if (artist["popularity"]?.integer(Int64.self) ?? 0) > 50 { ids.append(artist["id"]?.string() ?? "") }
            }
            return ids
        }
        #expect(!popularSent.isEmpty && Set(popular) == Set(popularSent))
        let second = try importer.importPage(bytes)
        #expect(second.entities.values.allSatisfy { $0.inserted == 0 && $0.updated == 0 })
    }

    @Test func eventsImportAsTheirKindsAndReadBackAsSent() throws {
        let pool = try database()
        let importer = FeedImporter(feed: EntityGenDatabase.activities, writer: pool)
        let bytes = try page("events/events.json")
        try importer.importPage(bytes)
        let sent = try JSONDocument(bytes: bytes).withRoot { root in
            var result: [String: AnyJSON] = [:]
            root.forEachElement { _, event in result[event["id"]?.string() ?? ""] = AnyJSON(event) }
            return result
        }
        let stored: [Activity] = try pool.read { db in
            try PushActivity.requestIncludingRelationships().fetchAll(db).map(Activity.pushActivity)
                + IssueActivity.requestIncludingRelationships().fetchAll(db).map(Activity.issueActivity)
                + StarActivity.requestIncludingRelationships().fetchAll(db).map(Activity.starActivity)
                + ReleaseActivity.requestIncludingRelationships().fetchAll(db).map(Activity.releaseActivity)
        }
        #expect(stored.count == 6)
        for event in stored {
            let written = try JSONDocument(bytes: event.jsonBytes()).withRoot { AnyJSON($0) }
            let expected = try #require(sent[event.id])
            let difference = JSONComparison.difference(expected, written, at: "$", nullOrAbsent: [])
            #expect(difference == nil, "\(event.id): \(difference ?? "")")
        }
        // Each kind in its own table, queried with GRDB.
        let forced = try pool.read { db in
            try PushActivity.Record.filter(PushActivity.Columns.forced == true).fetchAll(db).map(\.id)
        }
        #expect(forced == ["evt_03"])
        let second = try importer.importPage(bytes)
        #expect(second.entities.values.allSatisfy { $0.inserted == 0 && $0.updated == 0 })
    }
}
