import EntityGenPersistence
import EntityGenRuntime
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// A damaged database file (issue 37, item 13): SQLite reads only the pages a statement needs, so an
/// import into a file with a damaged page elsewhere reports success. Opened with `checksIntegrity`, the
/// generated `openDatabase` checks every page first and refuses the file, naming it, writing nothing.
@Suite struct Test_DatabaseIntegrity {
    static func members(_ ids: Range<Int>) -> [UInt8] {
        Array("[\(ids.map { #"{"id": \#($0), "name": "member \#($0) of a team"}"# }.joined(separator: ","))]".utf8)
    }

    /// A database of 3,000 members, checkpointed and closed; returns its file and the member table's
    /// root page.
    static func database(in folder: URL) throws -> (URL, root: Int) {
        let url = folder.appendingPathComponent("app.sqlite")
        let pool = try EntityGenDatabase.openDatabase(atPath: url.path)
        _ = try FeedImporter(feed: Feed<Member>(name: "Members"), writer: pool).importPage(Self.members(0..<3_000))
        let root = try pool.writeWithoutTransaction { db in
            try db.checkpoint(.truncate)
            return try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'member'")
        }
        try pool.close()
        return (url, try #require(root))
    }

    /// Overwrites the page type of the member table's last leaf (the root's rightmost child: the highest
    /// ids) with a value no page has.
    static func damageLastLeaf(of url: URL, root: Int) throws {
        var bytes = try Data(contentsOf: url)
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let rootOffset = (root - 1) * pageSize
        try #require(bytes[rootOffset] == 0x05, "the root is an interior table page")
        let leaf = bytes[(rootOffset + 8)..<(rootOffset + 12)].reduce(0) { $0 << 8 | Int($1) }
        bytes[(leaf - 1) * pageSize] = 0x2A
        try bytes.write(to: url)
    }

    @Test func aDamagedFileIsRefusedByTheIntegrityCheckBeforeAnythingIsWritten() throws {
        let folder = try TemporaryFolder.make("entitygen-integrity")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, root) = try Self.database(in: folder)
        // A sound file passes the check (what opening wrote is checkpointed into the file before it is
        // damaged, so that the refused open below can be seen to write nothing).
        let sound = try EntityGenDatabase.openDatabase(atPath: url.path, checksIntegrity: true)
        _ = try sound.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        try sound.close()
        try Self.damageLastLeaf(of: url, root: root)
        let damaged = try Data(contentsOf: url)

        #expect {
            try EntityGenDatabase.openDatabase(atPath: url.path, checksIntegrity: true)
        } throws: { error in
            guard let error = error as? DatabaseIntegrityError else {
                Issue.record("\(error)")
                return false
            }
            return error.path == url.path && !error.problems.isEmpty
                && error.description.hasPrefix("\(url.path): the database file is damaged")
        }
        // Every page as it was; only the 100-byte file header's counters move (GRDB's open creates and
        // drops a table to set up the write-ahead log: change counter and schema cookie).
        #expect(try Data(contentsOf: url).dropFirst(100) == damaged.dropFirst(100))

        // Without the check the file opens, and a page of members on undamaged pages imports.
        let pool = try EntityGenDatabase.openDatabase(atPath: url.path)
        let report = try FeedImporter(feed: Feed<Member>(name: "Members"), writer: pool).importPage(
            Self.members(0..<10))
        #expect(report.entities["Member"] == .init(unchanged: 10))
        // Reading every member meets the damage.
        #expect(throws: DatabaseError.self) { try pool.read { db in try Member.Record.fetchAll(db) } }
    }
}
