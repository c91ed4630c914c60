import EntityGenPersistence
import EntityGenRuntime
import Foundation
import GRDB
import Testing

/// Typed change sets: with `reportsChanges`, each report lists the identities of the rows inserted,
/// updated and deleted, and they are exactly the rows read back through GRDB's own query interface.
@Suite struct Test_ChangeSets {
    /// `name version` of every stored pod, read with the generated record.
    static func storedPods(_ reader: any DatabaseReader) throws -> Set<String> {
        try reader.read { db in Set(try Pod.Record.fetchAll(db).map { "\($0.name) \($0.version)" }) }
    }

    @Test func insertsUpdatesUnchangedRowsAndPartialObjectsAreTheRowsGRDBReadsBack() throws {
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.podSpecs, writer: pool, reportsChanges: true)
        let pages = try podPages(pageSize: 40)
        var first = ImportReport()
        for page in pages.prefix(3) { first.merge(try importer.importPage(page)) }
        ChangeSetChecks.expectListsMatchCounts(first)
        let inserted = try #require(first.changes["Pod"]).inserted
        #expect(Set(ChangeSetChecks.names(inserted)) == (try Self.storedPods(pool)))
        #expect(Set(ChangeSetChecks.names(inserted)).count == inserted.count)
        let subspecIDs = try pool.read { db in Set(try Subspec.Record.fetchAll(db).compactMap(\.id)) }
        #expect(Set(try #require(first.changes["Subspec"]).inserted.values(as: Int64.self)) == subspecIDs)

        // The same pages again: every row unchanged, nothing listed.
        var again = ImportReport()
        for page in pages.prefix(3) { again.merge(try importer.importPage(page)) }
        #expect(again.changes.isEmpty)
        #expect(
            again.entities["Pod"]?.unchanged == first.entities["Pod"].map { $0.inserted + $0.updated + $0.unchanged })

        // One pod changed, one sent as a partial object (only its identity and summary, which is the same,
        // so the absent keys keep their values), one new.
        let pods = try pool.read { db in try Pod.Record.order(Pod.Columns.name, Pod.Columns.version).fetchAll(db) }
        let changed = pods[0]
        let partial = pods[1]
        let page = #"""
            {"number_of_pages": 1, "result": [
              {"name": "\#(changed.name)", "version": "\#(changed.version)", "summary": "a new summary", "platforms": {}},
              {"name": "\#(partial.name)", "version": "\#(partial.version)", "summary": \#(partial.summary.map { "\"\($0)\"" } ?? "null")},
              {"name": "ChangeSetKit", "version": "1.0", "platforms": {}}
            ]}
            """#
        let report = try importer.importPage(Array(page.utf8))
        ChangeSetChecks.expectListsMatchCounts(report)
        let podChanges = try #require(report.changes["Pod"])
        #expect(ChangeSetChecks.names(podChanges.inserted) == ["ChangeSetKit 1.0"])
        #expect(ChangeSetChecks.names(podChanges.updated) == ["\(changed.name) \(changed.version)"])
        #expect(podChanges.deleted.isEmpty)
        #expect(report.entities["Pod"] == ImportReport.Counts(inserted: 1, updated: 1, unchanged: 1))
        let stored = try pool.read { db in
            try Pod.Record.filter(key: ["name": changed.name, "version": changed.version]).fetchOne(db)
        }
        #expect(stored?.summary == "a new summary")
        let kept = try pool.read { db in
            try Pod.Record.filter(key: ["name": partial.name, "version": partial.version]).fetchOne(db)
        }
        #expect(kept == partial)
    }

    @Test func orphanDeletesAndOwnedRowsAnOwnerDropsAreListedWithTheirIdentities() async throws {
        let pages = try podPages(pageSize: 40)
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.podSpecs, writer: pool, reportsChanges: true)
        let all = try await importer.sync(
            from: URL(string: "https://changes1.pods.test/specs")!,
            session: StubProtocol.session(pageResponses(pages, host: "changes1.pods.test")))
        ChangeSetChecks.expectListsMatchCounts(all)
        let before = try Self.storedPods(pool)

        // The server now has one page fewer: a completed sync deletes its pods, and lists them.
        var shorter: [String: (Int, Data)] = [:]
        let kept = Array(pages.dropLast())
        for (index, page) in kept.enumerated() {
            let text = String(decoding: page, as: UTF8.self).replacingOccurrences(
                of: "\"number_of_pages\": \(pages.count)", with: "\"number_of_pages\": \(kept.count)")
            shorter["https://changes2.pods.test/specs?page=\(index)"] = (200, Data(text.utf8))
        }
        var pageReports: [ImportReport] = []
        for try await report in importer.syncReports(
            from: URL(string: "https://changes2.pods.test/specs")!, session: StubProtocol.session(shorter))
        {
            pageReports.append(report)
        }
        #expect(pageReports.count == kept.count + 1)
        #expect(pageReports.dropLast().allSatisfy { $0.pages == 1 && $0.changes.isEmpty })
        let deletion = try #require(pageReports.last)
        #expect(deletion.pages == 0)
        let after = try Self.storedPods(pool)
        #expect(Set(ChangeSetChecks.names(deletion.changes["Pod"]?.deleted ?? [])) == before.subtracting(after))
        #expect(deletion.entities["Pod"]?.deleted == before.count - after.count)

        // An owner that holds fewer owned rows: the dropped ones are listed by their row ids.
        let owner = try #require(
            try await pool.read { db in
                try Pod.Record.having(Pod.Record.subspecs.count >= 2).fetchOne(db)
            })
        let ownedBefore = try await pool.read { db in
            try Int64.fetchAll(
                db, sql: "SELECT target FROM pod_subspecs WHERE ownerName = ? AND ownerVersion = ? ORDER BY position",
                arguments: [owner.name, owner.version])
        }
        let page =
            #"{"number_of_pages": 1, "result": [{"name": "\#(owner.name)", "version": "\#(owner.version)", "subspecs": []}]}"#
        let report = try await importer.importPage(Array(page.utf8))
        ChangeSetChecks.expectListsMatchCounts(report)
        let dropped = try #require(report.changes["Subspec"]).deleted.values(as: Int64.self)
        #expect(dropped.count >= ownedBefore.count)
        #expect(Set(ownedBefore).isSubset(of: Set(dropped)))
        let remaining = try await pool.read { db in try Subspec.Record.fetchAll(db).compactMap(\.id) }
        #expect(Set(dropped).isDisjoint(with: Set(remaining)))
    }

    @Test func deleteActionsListTheRowsTheyDeleted() throws {
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.widgetDiff, writer: pool, reportsChanges: true)
        let add =
            #"{"actions": [{"type": "add", "payload": {"serverId": "1", "serverType": "TextWidget", "title": "One"}}, {"type": "add", "payload": {"serverId": "2", "serverType": "TextWidget", "title": "Two"}}]}"#
        let added = try importer.importPage(Array(add.utf8))
        #expect(try added.changes["TextWidget"]?.inserted.values(as: String.self) == ["1", "2"])
        let delete =
            #"{"actions": [{"type": "delete", "payload": {"serverId": "1", "serverType": "TextWidget"}}, {"type": "delete", "payload": {"serverId": "9", "serverType": "TextWidget"}}, {"type": "update", "payload": {"serverId": "2", "serverType": "TextWidget", "title": "Two!"}}]}"#
        let report = try importer.importPage(Array(delete.utf8))
        ChangeSetChecks.expectListsMatchCounts(report)
        let changes = try #require(report.changes["TextWidget"])
        #expect(try changes.deleted.values(as: String.self) == ["1"])  // 9 was never stored
        #expect(try changes.updated.values(as: String.self) == ["2"])
        let stored = try pool.read { db in try TextWidget.Record.fetchAll(db).map(\.serverId) }
        #expect(stored == ["2"])
        #expect(throws: IdentityConversionError.self) { try changes.updated.values(as: Int64.self) }
    }

    @Test func withoutTheFlagNothingIsListedAndTheCountsAreTheSame() throws {
        let pages = try podPages(pageSize: 40)
        let (plainPool, _) = try makeDatabase()
        let (trackedPool, _) = try makeDatabase()
        let plain = FeedImporter(feed: EntityGenDatabase.podSpecs, writer: plainPool)
        let tracked = FeedImporter(feed: EntityGenDatabase.podSpecs, writer: trackedPool, reportsChanges: true)
        for page in pages.prefix(2) {
            let without = try plain.importPage(page)
            let with = try tracked.importPage(page)
            #expect(without.changes.isEmpty)
            #expect(without.entities == with.entities)
        }
        #expect(try Self.storedPods(plainPool) == (try Self.storedPods(trackedPool)))
    }
}
