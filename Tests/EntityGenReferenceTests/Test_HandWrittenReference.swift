import EntityGenPersistence
import EntityGenRuntime
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// The hand-written reference (`HandWrittenFlat`) behaves as the code generated for `Flat` does, so that
/// counting the lines of both (`entitygen-bench generate`) compares equals: the same records map, fail
/// and write back alike, import into rows GRDB reads back alike, and a second import keeps what its
/// partial objects left out and changes nothing else.
@Suite struct Test_HandWrittenReference {
    /// Records of every attribute kind: all present, optionals null, optionals absent.
    static let first = """
        [{"identifier": 1, "name": "a", "summary": "s", "count": 3, "ratio": 0.5, "is_active": true,
          "created": "2024-02-29T23:59:59.123Z", "updated": "2024-03-01T00:00:00Z", "homepage": "https://a.example/x",
          "token": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "tags": ["t", "u"], "scores": {"x": 1.25, "y": -2}},
         {"identifier": 2, "name": "b", "summary": null, "count": -7, "ratio": null, "is_active": false,
          "created": "2020-01-01T00:00:00Z", "updated": null, "homepage": null, "token": null, "tags": [], "scores": {}},
         {"identifier": 3, "name": "c", "count": 0, "is_active": true, "created": "2021-06-15T12:30:00+02:00",
          "tags": ["only"], "scores": {"z": 3}}]
        """
    /// The same records again, partial: record 1 leaves out every optional (kept), record 2 changes its
    /// name, record 3 is as before.
    static let second = """
        [{"identifier": 1, "name": "a", "count": 3, "is_active": true, "created": "2024-02-29T23:59:59.123Z",
          "tags": ["t", "u"], "scores": {"x": 1.25, "y": -2}},
         {"identifier": 2, "name": "b2", "summary": null, "count": -7, "ratio": null, "is_active": false,
          "created": "2020-01-01T00:00:00Z", "updated": null, "homepage": null, "token": null, "tags": [], "scores": {}},
         {"identifier": 3, "name": "c", "count": 0, "is_active": true, "created": "2021-06-15T12:30:00+02:00",
          "tags": ["only"], "scores": {"z": 3}}]
        """

    /// A database with the generated table and, as the app's own migration, the reference's.
    private func database() throws -> DatabasePool {
        let folder = try TemporaryFolder.make("entitygen-reference")
        return try EntityGenDatabase.openDatabase(atPath: folder.appendingPathComponent("db.sqlite").path) {
            HandWrittenFlat.registerMigration(in: &$0)
        }
    }

    @Test func importsAndReimportsReadBackAlike() throws {
        let pool = try database()
        let generated = FeedImporter(feed: Feed<Flat>(name: "Flat"), writer: pool)
        let reference = FeedImporter(feed: Feed<HandWrittenFlat>(name: "Flat"), writer: pool)
        for (page, expected) in [(Self.first, (3, 0, 0)), (Self.second, (0, 1, 2)), (Self.second, (0, 0, 3))] {
            let bytes = Array(page.utf8)
            let reports = [try generated.importPage(bytes), try reference.importPage(bytes)]
            let counts = [reports[0].entities["Flat"], reports[1].entities["HandWrittenFlat"]].map {
                ($0?.inserted ?? -1, $0?.updated ?? -1, $0?.unchanged ?? -1)
            }
            #expect(counts.allSatisfy { $0 == expected }, "\(counts)")
            let (stored, written) = try pool.read { db in
                (
                    try Flat.order(Flat.Columns.identifier).fetchAll(db),
                    try HandWrittenFlat.order(HandWrittenFlat.Columns.identifier).fetchAll(db)
                )
            }
            #expect(stored.count == 3)
            #expect(stored.map(Self.json) == written.map(Self.json))
        }
        // The partial object kept what it left out.
        let kept = try pool.read { db in try HandWrittenFlat.fetchOne(db, id: 1) }
        #expect(kept?.summary == "s" && kept?.token != nil)
        // Plain GRDB requests and the rows themselves agree.
        try pool.read { db in
            #expect(try Flat.filter(Flat.Columns.isActive == true).fetchCount(db) == 2)
            #expect(try HandWrittenFlat.filter(HandWrittenFlat.Columns.isActive == true).fetchCount(db) == 2)
            let columns =
                "identifier, name, summary, count, ratio, isActive, created, updated, homepage, token, tags, scores"
            let rows = try Row.fetchAll(db, sql: "SELECT \(columns) FROM flat ORDER BY identifier")
            #expect(rows == (try Row.fetchAll(db, sql: "SELECT \(columns) FROM handWrittenFlat ORDER BY identifier")))
        }
    }

    @Test func mappingWritingAndFailingAlike() throws {
        for record in try Self.records(of: Self.first) {
            let generated = try Flat.map(json: record).value
            let reference = try HandWrittenFlat.map(json: record).value
            #expect(Self.json(generated) == Self.json(reference))
            #expect(generated.id == reference.id)
            // Codable goes through the same mapping.
            let decoded = try JSONDecoder().decode(HandWrittenFlat.self, from: Data(generated.jsonBytes()))
            #expect(decoded == reference)
        }
        let broken = [
            #"{"identifier": 1, "name": "a", "count": 99999999999, "is_active": true, "created": "2024-01-01T00:00:00Z", "tags": [], "scores": {}}"#,
            #"{"identifier": 1, "name": "a", "count": 1, "is_active": true, "created": "yesterday", "tags": [], "scores": {}}"#,
            #"{"identifier": 1, "name": "a", "count": 1, "is_active": true, "created": "2024-01-01T00:00:00Z", "tags": [1], "scores": {}}"#,
            #"{"identifier": 1, "count": 1, "is_active": true, "created": "2024-01-01T00:00:00Z", "tags": [], "scores": {}}"#,
            #"{"identifier": 1, "name": "a", "count": 1, "is_active": true, "created": "2024-01-01T00:00:00Z", "homepage": 5, "tags": [], "scores": {}}"#,
            #"[1]"#,
        ]
        Self.expectFailingAlike(Flat.self, HandWrittenFlat.self, broken)
    }

    /// The JSON a model writes, as text.
    static func json(_ model: some JSONMappable) -> String {
        String(decoding: model.jsonBytes(), as: UTF8.self)
    }

    /// The records of a JSON array page, each as its own JSON text.
    static func records(of page: String) throws -> [[UInt8]] {
        try JSONDocument(bytes: Array(page.utf8)).withRoot { root in
            var objects: [[UInt8]] = []
            root.forEachElement { _, record in
                var writer = JSONWriter()
                AnyJSON(record).write(to: &writer)
                objects.append(writer.bytes)
            }
            return objects
        }
    }

    /// Expects each payload to fail to map as `Generated` at the same path with the same message as
    /// `Reference` (up to the type's name: "expected a Flat object").
    static func expectFailingAlike<Generated: JSONMappable, Reference: JSONMappable>(
        _ generated: Generated.Type, _ reference: Reference.Type, _ payloads: [String]
    ) {
        for payload in payloads {
            let bytes = Array(payload.utf8)
            let failures = [
                failure { () throws(MappingFailure) in try Generated.map(json: bytes) },
                failure { () throws(MappingFailure) in try Reference.map(json: bytes) },
            ]
            #expect(failures[0] != nil, "\(payload)")
            let message = failures[1]?.message.replacingOccurrences(
                of: String(describing: Reference.self), with: String(describing: Generated.self))
            #expect(
                failures[0]?.path == failures[1]?.path && failures[0]?.message == message,
                "\(failures.map { $0.map { "\($0.path): \($0.message)" } })")
        }
    }

    /// The mapping error `body` throws, if any.
    static func failure<T>(_ body: () throws(MappingFailure) -> T) -> MappingError? {
        do {
            _ = try body()
            return nil
        } catch {
            guard case let .mapping(error) = error else { return nil }
            return error
        }
    }
}
