import EntityGenPersistence
import Foundation
import GRDB
import Testing

/// The keys the objects a page embeds leave out are found again by relationship and position when the
/// page is saved (`AbsentTree`, beside the models): a repository's compact owner and compact contributors
/// each keep their stored avatar and biography, a contributor that sends `"bio": null` clears its own, and
/// a contributor whose position in the list changed keeps its values, not its neighbour's.
@Suite struct Test_AbsentKeysNested {
    static let full = """
        [{"id": 1, "name": "grdb", "full_name": "groue/grdb",
          "owner": {"id": 10, "login": "groue", "avatar_url": "https://a.example/10", "bio": "GRDB author"},
          "contributors": [
            {"id": 11, "login": "ally", "avatar_url": "https://a.example/11", "bio": "Ally's bio"},
            {"id": 12, "login": "bo", "avatar_url": "https://a.example/12", "bio": "Bo's bio"},
            {"id": 13, "login": "cy", "avatar_url": "https://a.example/13", "bio": "Cy's bio"}]}]
        """

    /// The same repository with compact users, in another order; Bo sends a null biography and a new
    /// avatar, Cy a new login only.
    static let compact = """
        [{"id": 1, "name": "grdb", "full_name": "groue/grdb",
          "owner": {"id": 10, "login": "groue"},
          "contributors": [
            {"id": 13, "login": "cy2"},
            {"id": 12, "login": "bo", "avatar_url": "https://a.example/12b", "bio": null},
            {"id": 11, "login": "ally"}]}]
        """

    @Test func embeddedCompactObjectsKeepTheirOwnStoredValues() throws {
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: EntityGenDatabase.repos, writer: pool)
        _ = try importer.importPage(Array(Self.full.utf8))
        let report = try importer.importPage(Array(Self.compact.utf8))
        #expect(report.entities["User"]?.updated == 2)  // Bo and Cy changed; Groue and Ally did not
        try pool.read { db in
            let users = try User.order(User.Columns.id).fetchAll(db)
            #expect(users.map(\.login) == ["groue", "ally", "bo", "cy2"])
            #expect(users.map(\.biography) == ["GRDB author", "Ally's bio", nil, "Cy's bio"])
            #expect(
                users.map(\.avatarUrl?.absoluteString) == [
                    "https://a.example/10", "https://a.example/11", "https://a.example/12b", "https://a.example/13",
                ])
            let repo = try #require(try Repo.requestIncludingRelationships().fetchOne(db))
            #expect(repo.contributors.map(\.id) == [13, 12, 11])
        }
        // The same compact page again changes nothing.
        let again = try importer.importPage(Array(Self.compact.utf8))
        #expect(again.entities["User"]?.updated == 0)
        #expect(again.entities["Repo"]?.updated == 0)
    }
}
