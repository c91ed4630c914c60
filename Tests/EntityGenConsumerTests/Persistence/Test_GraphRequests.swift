import EntityGenPersistence
import EntityGenRuntime
import Foundation
import GRDB
import Testing

/// Graph requests for an ordinary schema (issue 43, item 3): `Ticket.requestIncludingRelationships()`
/// includes its remarks, and each remark needs its required `author` to decode, so the request includes
/// it too (`Tracker.yaml`). Before, every remark failed with "the relationship is required but the request
/// did not include it".
@Suite struct Test_GraphRequests {
    static let page = """
        [{"id": 1, "title": "Crash on launch", "due_date": "2024-07-15",
          "reporter": {"id": 10, "name": "Ada"},
          "remarks": [{"id": 100, "body": "Seen on 17.2", "author": {"id": 11, "name": "Grace"}},
                      {"id": 101, "body": "Fixed", "author": {"id": 10, "name": "Ada"}}],
          "resolution": {"name": "fixed", "note": "in 2.1"}},
         {"id": 2, "title": "Typo", "reporter": {"id": 11, "name": "Grace"}, "remarks": []}]
        """

    @Test func theGraphRequestIncludesWhatNestedRequiredRelationshipsNeed() throws {
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.tickets, writer: pool)
        try importer.importPage(Array(Self.page.utf8))
        let expected = try Ticket.mapArray(json: Array(Self.page.utf8)).value
        let tickets = try pool.read { db in
            try Ticket.requestIncludingRelationships().order(Ticket.Columns.id).fetchAll(db)
        }
        #expect(tickets == expected)
        #expect(tickets.first?.remarks.map(\.author.name) == ["Grace", "Ada"])
        #expect(tickets.first?.resolution?.name == "fixed")
        // The nested request filters like any GRDB request.
        let late = try pool.read { db in
            try Remark.requestIncludingRelationships().filter(Remark.Columns.body == "Fixed").fetchAll(db)
        }
        #expect(late.map(\.author.name) == ["Ada"])
    }

    /// Behind an optional relationship (`Event.repo: Repo?`) the target's required ones (`Repo.owner`) are
    /// included optionally: GRDB traps on a required association chained behind an optional one
    /// ("Not implemented: chaining a required association behind an optional association").
    @Test func requiredRelationshipsBehindAnOptionalOneAreIncluded() throws {
        let (pool, _) = try makeDatabase()
        try FeedImporter(feed: EntityGenDatabase.events, writer: pool).importPage(Array(Test_PlainGRDB.events.utf8))
        let events = try pool.read { db in
            try Event.requestIncludingRelationships().order(Event.Columns.id).fetchAll(db)
        }
        #expect(events.map { $0.repo?.owner.login } == ["groue", nil, "jpsim"])
        #expect(events.map(\.actor.login) == ["groue", "ally", "jpsim"])
    }

    /// The graph request of many owners reads their links in the link table's key order (owner, then
    /// position) instead of sorting them: GRDB prefetches every owner's remarks in one statement, and with
    /// `ORDER BY position` alone SQLite copied each row into a temporary B-tree to sort it, which spilled
    /// to a temporary file for 100,000 pods (`entitygen-bench read`). Each owner's remarks keep their order.
    @Test func theGraphRequestReadsLinksInKeyOrderWithoutSorting() throws {
        let (pool, _) = try makeDatabase()
        let page = """
            [{"id": 1, "title": "A", "reporter": {"id": 10, "name": "Ada"},
              "remarks": [{"id": 103, "body": "c", "author": {"id": 10, "name": "Ada"}},
                          {"id": 100, "body": "a", "author": {"id": 10, "name": "Ada"}}]},
             {"id": 2, "title": "B", "reporter": {"id": 10, "name": "Ada"},
              "remarks": [{"id": 102, "body": "b", "author": {"id": 10, "name": "Ada"}},
                          {"id": 101, "body": "d", "author": {"id": 10, "name": "Ada"}},
                          {"id": 104, "body": "e", "author": {"id": 10, "name": "Ada"}}]}]
            """
        try FeedImporter(feed: EntityGenDatabase.tickets, writer: pool).importPage(Array(page.utf8))
        let (tickets, plans) = try pool.read { db in
            var prefetches: [String] = []
            db.trace { event in
                if case let .statement(statement) = event, statement.sql.contains("grdb_") {
                    prefetches.append(statement.expandedSQL)
                }
            }
            let tickets = try Ticket.requestIncludingRelationships().order(Ticket.Columns.id.desc).fetchAll(db)
            db.trace(options: [], nil)
            let plans = try prefetches.map { sql in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }
            }
            return (tickets, plans)
        }
        #expect(tickets.map { $0.remarks.map(\.id) } == [[102, 101, 104], [103, 100]])
        #expect(!plans.isEmpty)
        for plan in plans { #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)") }
    }

    /// The owned resolution (a to-one without identity) and every other row are unchanged on a second
    /// import of the same page (item 2): the resolution keeps its `_id`, so its ticket is not updated.
    @Test func aSecondImportOfTheSamePageIsAllUnchanged() throws {
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.tickets, writer: pool)
        let first = try importer.importPage(Array(Self.page.utf8))
        #expect(first.entities["Resolution"]?.inserted == 1)
        let resolution = try pool.read { db in try Row.fetchAll(db, sql: "SELECT * FROM resolution") }
        let second = try importer.importPage(Array(Self.page.utf8))
        for (entity, counts) in second.entities {
            #expect(counts.inserted == 0 && counts.updated == 0 && counts.deleted == 0, "\(entity): \(counts)")
        }
        #expect(second.entities["Ticket"]?.unchanged == 2)
        #expect(second.entities["Resolution"]?.unchanged == 1)
        #expect(try pool.read { db in try Row.fetchAll(db, sql: "SELECT * FROM resolution") } == resolution)

        // A changed note updates the resolution in place; its ticket is unchanged.
        let changed = Self.page.replacingOccurrences(of: "in 2.1", with: "in 2.2")
        let third = try importer.importPage(Array(changed.utf8))
        #expect(third.entities["Resolution"] == ImportReport.Counts(updated: 1))
        #expect(third.entities["Ticket"]?.unchanged == 2)
    }
}

/// A required relationship never leaves its row unreadable (issue 43, item 4): the foreign key of a
/// required to-one relationship refuses the delete of a target rows still point at (`ON DELETE
/// RESTRICT`); an optional one is cleared (`SET NULL`). Before, `reporter: Member` was cleared like an
/// optional one, and the ticket silently dropped out of the graph request (an inner join) while
/// `Ticket.Record.fetchCount` still counted it.
@Suite struct Test_RequiredRelationshipDeletes {
    @Test func deletingTheTargetOfARequiredRelationshipIsRefused() throws {
        let (pool, _) = try makeDatabase()
        try FeedImporter(feed: EntityGenDatabase.tickets, writer: pool).importPage(Array(Test_GraphRequests.page.utf8))
        #expect(throws: DatabaseError.self) {
            try pool.write { db in _ = try Member.Record.deleteOne(db, id: 10) }
        }
        let (records, graphs) = try pool.read { db in
            (try Ticket.Record.fetchCount(db), try Ticket.requestIncludingRelationships().fetchCount(db))
        }
        #expect(records == 2 && graphs == 2)
        // Once no row points at it, it goes.
        try pool.write { db in
            _ = try Ticket.Record.deleteAll(db)
            _ = try Remark.Record.deleteAll(db)
            #expect(try Member.Record.deleteOne(db, id: 10))
        }
    }

    @Test func deletingTheTargetOfAnOptionalRelationshipClearsIt() throws {
        let (pool, _) = try makeDatabase()
        try FeedImporter(feed: EntityGenDatabase.groupList, writer: pool).importPage(
            try Fixtures.bytes("remind-groups.json"))
        let before = try pool.read { db in try Group.Record.fetchCount(db) }
        try pool.write { db in _ = try Avatar.Record.deleteAll(db) }
        let groups = try pool.read { db in try Group.requestIncludingRelationships().fetchAll(db) }
        #expect(groups.count == before)
        #expect(groups.allSatisfy { $0.avatar == nil })
    }
}
