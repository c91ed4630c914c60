@testable import _EntityGenCore
import EntityGenRuntime
import Testing

/// `entitygen check --keys` (issue 15, item 9): the payload keys a schema does not read, and the members
/// whose keys never appear, as a newcomer writing a schema against a real payload needs them.
@Suite struct Test_KeyCoverage {
    static let schema = """
        entities:
          Repo:
            identifiedBy: id
            keyConvention: snake_case
            attributes:
              id: Int64
              fullName: String
              licenseName: {type: String?, key: license.name}
              homepage: String?
            relationships:
              owner: User
              contributors: '[User]'
              labels: '[String: Label]'
          User:
            identifiedBy: id
            attributes: {id: Int64, login: String}
          Label:
            attributes: {color: String}
          Shape:
            abstract: true
            discriminator: kind
          Circle:
            extends: Shape
            attributes: {radius: Double}
          Square:
            extends: Shape
            attributes: {side: Double}
          Feature:
            basePath: properties
            attributes: {title: String}
          Tweet:
            attributes:
              tags: {type: '[String]', key: 'entities.hashtags[].text'}
        """

    static func coverage(_ entity: String, _ json: String) throws -> KeyCoverage {
        let schema = try #require(
            GeneratorPipeline.validate(schemas: [SourceFile(path: "S.yaml", text: Self.schema)], config: nil).schema)
        var coverage = KeyCoverage(schema: schema)
        let document = try JSONDocument(bytes: Array(json.utf8))
        document.withRoot { root in
            if root.kind == .array {
                root.forEachElement { _, element in coverage.walk(element, as: entity) }
            } else {
                coverage.walk(root, as: entity)
            }
        }
        return coverage
    }

    @Test func unreadKeysAreFoundThroughNestedPathsAndRelationships() throws {
        let coverage = try Self.coverage(
            "Repo",
            #"""
            [{"id": 1, "full_name": "a/b", "license": {"name": "MIT", "spdx_id": "MIT"}, "forks": 3,
              "owner": {"id": 7, "login": "a", "site_admin": false},
              "contributors": [{"id": 8, "login": "c", "type": "User"}, {"id": 9, "login": "d"}],
              "labels": {"bug": {"color": "red", "default": true}}},
             {"id": 2, "full_name": "a/c", "owner": {"id": 7, "login": "a"}, "contributors": [], "labels": {}}]
            """#)
        let repo = try #require(coverage.entities["Repo"])
        #expect(repo.objects == 2)
        #expect(repo.unread == ["forks": 1, "license.spdx_id": 1])
        #expect(repo.present["licenseName"] == 1 && repo.present["homepage"] == 0)
        #expect(coverage.entities["User"]?.objects == 4)
        #expect(coverage.entities["User"]?.unread == ["site_admin": 1, "type": 1])
        #expect(coverage.entities["Label"]?.unread == ["default": 1])
        #expect(
            coverage.report.contains("Repo.homepage: its key never appears (in none of 2 Repo objects)"))
        #expect(
            coverage.report.contains(
                "Repo: key 'forks' is not read by the schema (in 1 of 2 Repo objects; e.g. payload at $[0].forks)"))
        #expect(coverage.entities["User"]?.examples["site_admin"] == "payload at $[0].owner.site_admin")
    }

    @Test func familiesAreWalkedAsTheMemberTheirDiscriminatorNames() throws {
        let coverage = try Self.coverage(
            "Shape", #"[{"kind": "Circle", "radius": 1, "color": "red"}, {"kind": "Square", "side": 2}]"#)
        #expect(coverage.entities["Circle"]?.unread == ["color": 1])
        #expect(coverage.entities["Square"]?.unread == [:])
        #expect(coverage.entities["Shape"] == nil)
    }

    @Test func basePathKeysAreReadUnderIt() throws {
        let coverage = try Self.coverage(
            "Feature", #"{"type": "Feature", "properties": {"title": "t", "mag": 2}, "geometry": null}"#)
        #expect(coverage.entities["Feature"]?.unread == ["geometry": 1, "properties.mag": 1, "type": 1])
        #expect(coverage.entities["Feature"]?.present == ["title": 1])
    }

    /// A pluck reads one member of each element: the elements' other keys are reported under `[]`.
    @Test func plucksReadOneMemberOfEachElement() throws {
        let coverage = try Self.coverage(
            "Tweet",
            #"{"entities": {"hashtags": [{"text": "a", "indices": [0, 2]}, {"text": "b"}], "urls": []}}"#)
        #expect(coverage.entities["Tweet"]?.unread == ["entities.hashtags[].indices": 1, "entities.urls": 1])
        #expect(
            coverage.entities["Tweet"]?.examples["entities.hashtags[].indices"]
                == "payload at $.entities.hashtags[0].indices")
        #expect(coverage.entities["Tweet"]?.present == ["tags": 1])
    }
}
