import EntityGenRuntime
import Foundation
import Testing

/// Generated models pass through Foundation's coders: `Codable` where every property type is (issue 13,
/// item 5). Keys are the Swift property names; the API's JSON stays `map`/`writeJSON`'s.
@Suite struct Test_Codable {
    @Test func modelsRoundTripThroughFoundationsCoders() throws {
        let json = """
            {"id": 1, "name": "grdb", "full_name": "groue/GRDB.swift", "stargazers_count": 7000, "topics": ["sqlite"],
             "owner": {"id": 10, "login": "groue", "avatar_url": "https://a.example/10"},
             "contributors": [{"id": 11, "login": "ally"}]}
            """
        let repo = try Repo.map(json: Array(json.utf8)).value
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(repo)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""fullName":"groue\/GRDB.swift""#))
        #expect(text.contains(#""avatarUrl":"https:\/\/a.example\/10""#))
        #expect(!text.contains("homepage"))  // nil is left out
        #expect(try JSONDecoder().decode(Repo.self, from: data) == repo)

        let event = try Event.map(
            json: Array(
                #"{"id": "e1", "type": "Push", "created_at": "2015-04-06T14:45:19.5Z", "actor": {"id": 10, "login": "g"}}"#
                    .utf8)
        ).value
        #expect(try JSONDecoder().decode(Event.self, from: try JSONEncoder().encode(event)) == event)
    }

    @Test func enumsAndReferencesCodeAsTheirRawValues() throws {
        let widget = ImageWidget(serverId: "5", url: URL(string: "http://x/5.png")!, textWidget: EntityReference("6"))
        let data = try JSONEncoder().encode(widget)
        #expect(String(decoding: data, as: UTF8.self).contains(#""textWidget":"6""#))
        #expect(try JSONDecoder().decode(ImageWidget.self, from: data) == widget)

        #expect(
            try JSONDecoder().decode([Platform].self, from: Data(#"["ios", "beos"]"#.utf8)) == [.ios, .other("beos")])
        #expect(String(decoding: try JSONEncoder().encode([Platform.osx]), as: UTF8.self) == #"["osx"]"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Repo.self, from: Data(#"{"id": 1}"#.utf8)) }
    }
}
