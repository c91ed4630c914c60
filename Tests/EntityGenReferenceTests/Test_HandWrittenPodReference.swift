import EntityGenPersistence
import EntityGenRuntime
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// The hand-written reference (`HandWrittenPod`) behaves as the code generated for the seed's `Pod`
/// does, so that counting the lines of both (`entitygen-bench generate`) compares equals: the same
/// podspecs map, fail, drop and skip alike, import into rows GRDB reads back alike (owned subspecs
/// reused, trimmed and kept as the generated store does), and a delete takes the same rows with it.
@Suite struct Test_HandWrittenPodReference {
    /// Podspecs of every shape the seed's corpus has: `license` as text and as an object, `authors` as a
    /// name and as a map, a `platforms` entry that is null (skipped), an invalid homepage (dropped),
    /// nested subspecs with an invalid one (skipped), and a pod with none of the optional keys.
    static let first = """
        [{"name": "AFNetworking", "version": "4.0.1", "summary": "A networking framework.",
          "description": "Long.", "homepage": "https://github.com/AFNetworking/AFNetworking",
          "social_media_url": "https://twitter.com/AFNetworking", "license": {"type": "MIT", "file": "LICENSE"},
          "authors": {"Mattt Thompson": "m@example.com"}, "source": {"git": "https://github.com/AFNetworking/AFNetworking.git", "tag": "4.0.1"},
          "requires_arc": "true", "platforms": {"ios": "9.0", "osx": null}, "source_files": "AFNetworking/*.{h,m}",
          "subspecs": [{"name": "Serialization", "source_files": ["A/*.h", "A/*.m"], "platform": "ios",
                        "subspecs": [{"name": "Deep", "dependencies": {"X": ["1.0"]}}]},
                       {"name": 5},
                       {"name": "Security", "platform": "pdp11"}]},
         {"name": "Alamofire", "version": "5.8.0", "license": "MIT", "authors": "Alamofire Software Foundation",
          "homepage": 42, "requires_arc": false, "subspecs": [{"name": "Core"}]},
         {"name": "Tiny", "version": "0.1"}]
        """
    /// The same pods again: the first leaves out its optionals and its subspecs (kept, so unchanged), the
    /// second loses its subspec (trimmed) and changes its summary, the third is as before.
    static let second = """
        [{"name": "AFNetworking", "version": "4.0.1", "requires_arc": "true", "platforms": {"ios": "9.0", "osx": null}},
         {"name": "Alamofire", "version": "5.8.0", "summary": "Elegant.", "license": "MIT",
          "authors": "Alamofire Software Foundation", "homepage": 42, "requires_arc": false, "subspecs": []},
         {"name": "Tiny", "version": "0.1"}]
        """

    /// A database with the generated tables and, as the app's own migration, the reference's.
    private func database() throws -> DatabasePool {
        let folder = try TemporaryFolder.make("entitygen-reference-pod")
        return try EntityGenDatabase.openDatabase(atPath: folder.appendingPathComponent("db.sqlite").path) {
            HandWrittenPod.registerMigration(in: &$0)
        }
    }

    /// Each pod as the graph JSON it reads back as, in name order.
    private func graphs(_ db: Database) throws -> (generated: [String], reference: [String]) {
        (
            try Pod.requestIncludingRelationships().order(Pod.Columns.name).fetchAll(db).map(
                Test_HandWrittenReference.json),
            try HandWrittenPod.requestIncludingRelationships().order(HandWrittenPod.Columns.name).fetchAll(db)
                .map(Test_HandWrittenReference.json)
        )
    }

    @Test func importsReimportsAndDeletesReadBackAlike() throws {
        let pool = try database()
        let generated = FeedImporter(feed: Feed<Pod>(name: "Pods"), writer: pool)
        let reference = FeedImporter(feed: Feed<HandWrittenPod>(name: "Pods"), writer: pool)
        // (pods inserted, updated, unchanged) of each import; the subspecs' counts must match too.
        for (page, expected) in [(Self.first, (3, 0, 0)), (Self.second, (0, 1, 2)), (Self.second, (0, 0, 3))] {
            let bytes = Array(page.utf8)
            let reports = [try generated.importPage(bytes), try reference.importPage(bytes)]
            let pods = [reports[0].entities["Pod"], reports[1].entities["HandWrittenPod"]].map {
                [$0?.inserted ?? -1, $0?.updated ?? -1, $0?.unchanged ?? -1]
            }
            #expect(pods.allSatisfy { $0 == [expected.0, expected.1, expected.2] }, "\(pods)")
            let subspecs = reports.map { $0.entities["Subspec"].map { [$0.inserted, $0.updated, $0.unchanged] } }
            #expect(subspecs[0] == subspecs[1], "\(subspecs)")
            #expect(reports[0].issues.map(\.path) == reports[1].issues.map(\.path))
            let (stored, written) = try pool.read(graphs)
            #expect(stored.count == 3)
            #expect(stored == written)
        }
        try pool.read { db in
            // The partial object kept its subspecs and optionals; the null platform and bad URL were left out.
            let kept = try HandWrittenPod.Record.fetchOne(db, key: ["name": "AFNetworking", "version": "4.0.1"])
            #expect(kept?.licenseFile == "LICENSE" && kept?.platforms == ["ios": "9.0"])
            let keptGraph = try HandWrittenPod.requestIncludingRelationships()
                .filter(HandWrittenPod.Columns.name == "AFNetworking").fetchOne(db)
            #expect(keptGraph?.subspecs.map(\.name) == ["Serialization", "Security"])
            // A graph request stops before an entity it went through: nested subspecs are rows of their own.
            let deep = try Subspec.Record.filter(Subspec.Columns.name == "Deep").fetchAll(db)
            #expect(deep.map(\.dependencies) == [["X": ["1.0"]], ["X": ["1.0"]]])
            #expect(try HandWrittenPod.Record.filter(HandWrittenPod.Columns.homepage == nil).fetchCount(db) == 2)
            #expect(try Pod.Record.filter(Pod.Columns.homepage == nil).fetchCount(db) == 2)
            let columns =
                "name, version, summary, details, homepage, socialMediaUrl, licenseType, licenseFile, "
                + "authors, sourceGit, sourceTag, requiresArc, platforms, sourceFiles"
            let rows = try Row.fetchAll(db, sql: "SELECT \(columns) FROM pod ORDER BY name")
            #expect(rows == (try Row.fetchAll(db, sql: "SELECT \(columns) FROM handWrittenPod ORDER BY name")))
            // Each set of pods owns 3 subspec rows, all under AFNetworking: Alamofire's was trimmed.
            #expect(try Subspec.Record.fetchCount(db) == 6)
        }
        // A delete through GRDB takes the pod's owned subspecs with it, alike.
        let deleted = try pool.write { db in
            let key: [String: any DatabaseValueConvertible] = ["name": "AFNetworking", "version": "4.0.1"]
            return [try Pod.Record.deleteOne(db, key: key), try HandWrittenPod.Record.deleteOne(db, key: key)]
        }
        #expect(deleted == [true, true])
        try pool.read { db in
            #expect(try Subspec.Record.fetchCount(db) == 0)
            let (stored, written) = try graphs(db)
            #expect(stored == written && stored.count == 2)
        }
    }

    @Test func mappingWritingAndFailingAlike() throws {
        for record in try Test_HandWrittenReference.records(of: Self.first) {
            let generated = try Pod.map(json: record)
            let reference = try HandWrittenPod.map(json: record)
            #expect(Test_HandWrittenReference.json(generated.value) == Test_HandWrittenReference.json(reference.value))
            // The same values dropped and elements skipped, at the same places.
            #expect(generated.issues.map(\.path) == reference.issues.map(\.path))
            #expect(generated.issues.map(\.action) == reference.issues.map(\.action))
            let decoded = try JSONDecoder().decode(HandWrittenPod.self, from: Data(generated.value.jsonBytes()))
            #expect(decoded == reference.value)
        }
        let broken = [
            #"{"name": "", "version": "1"}"#, #"{"name": "A", "version": "1 beta"}"#, #"{"version": "1"}"#,
            #"{"name": "A", "version": "1", "requires_arc": "sometimes"}"#,
            #"{"name": "A", "version": "1", "platforms": []}"#, #"{"name": "A", "version": "1", "license": 7}"#,
            #"{"name": "A", "version": "1", "subspecs": {}}"#, #"{"name": "A", "version": "1", "summary": 3}"#,
            #"[1]"#,
        ]
        Test_HandWrittenReference.expectFailingAlike(Pod.self, HandWrittenPod.self, broken)
    }
}
