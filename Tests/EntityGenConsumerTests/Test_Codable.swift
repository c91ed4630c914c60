import EntityGenRuntime
import Foundation
import Testing

/// Generated models pass through Foundation's coders as the API's JSON, through the schema's own mapping
/// (issue 13, item 5): keys, transformers and failure policies apply, whatever the model holds.
@Suite struct Test_Codable {
    @Test func jsonEncoderWritesWhatWriteJSONWritesAndJSONDecoderMapsBySchema() throws {
        let json = """
            {"id": 1, "name": "grdb", "full_name": "groue/GRDB.swift", "stargazers_count": 7000, "topics": ["sqlite"],
             "owner": {"id": 10, "login": "groue", "avatar_url": "https://a.example/10"},
             "contributors": [{"id": 11, "login": "ally"}]}
            """
        let repo = try Repo.map(json: Array(json.utf8)).value
        let data = try JSONEncoder().encode(repo)
        let reread = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(reread["full_name"] as? String == "groue/GRDB.swift")
        #expect((reread["owner"] as? [String: Any])?["avatar_url"] as? String == "https://a.example/10")
        #expect(try JSONDecoder().decode(Repo.self, from: data) == repo)
        #expect(try JSONDecoder().decode(Repo.self, from: Data(json.utf8)) == repo)

        // The schema's transformers: a fractional ISO 8601 date, written back as it was read.
        let event =
            #"{"id": "e1", "type": "Push", "created_at": "2015-04-06T14:45:19.500Z", "actor": {"id": 10, "login": "g"}}"#
        let mapped = try Event.map(json: Array(event.utf8)).value
        let encoded = String(decoding: try JSONEncoder().encode(mapped), as: UTF8.self)
        #expect(encoded.contains("2015-04-06T14:45:19.500Z"))
        #expect(try JSONDecoder().decode(Event.self, from: Data(encoded.utf8)) == mapped)
    }

    @Test func customTypesFamiliesAndOtherCoders() throws {
        // Pods hold custom transformer types; widgets are a polymorphic family.
        for podspec in try Fixtures.podspecs().prefix(40) {
            guard let pod = try? Pod.map(json: podspec.bytes).value else { continue }
            #expect(try JSONDecoder().decode(Pod.self, from: try JSONEncoder().encode(pod)) == pod)
            let plist = try PropertyListEncoder().encode(pod)
            #expect(try PropertyListDecoder().decode(Pod.self, from: plist) == pod)
        }
        let widget = #"{"serverId": "5", "serverType": "ImageWidget", "url": "http://x/5.png", "textWidgetId": "6"}"#
        let decoded = try JSONDecoder().decode(Widget.self, from: Data(widget.utf8))
        #expect(decoded == (try Widget.map(json: Array(widget.utf8)).value))
        #expect(try JSONDecoder().decode(Widget.self, from: try JSONEncoder().encode(decoded)) == decoded)

        #expect(
            try JSONDecoder().decode([Platform].self, from: Data(#"["ios", "beos"]"#.utf8)) == [.ios, .other("beos")])
        #expect(String(decoding: try JSONEncoder().encode([Platform.osx]), as: UTF8.self) == #"["osx"]"#)
    }

    @Test func aPayloadTheSchemaRejectsIsADecodingErrorNamingThePath() throws {
        let error = try #require(
            throws: DecodingError.self,
            performing: { try JSONDecoder().decode(Repo.self, from: Data(#"{"id": 1, "name": "x"}"#.utf8)) })
        guard case let .dataCorrupted(context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.debugDescription.contains("full_name"))
        #expect(context.debugDescription.contains("GitHub.yaml"))
    }
}
