@testable import _EntityGenCore
import _EntityGenOpenAPI
import EntityGenTestSupport
import Foundation
import Testing

/// Responses whose schemas are written inline rather than as components: a list's records become an
/// entity named after the envelope's key or the path, with a feed (its page parameter when it is not
/// `page`); a record answered alone becomes an entity too. Nothing a response declares is dropped unsaid.
@Suite struct Test_InferOpenAPIResponses {
    static let document = """
        openapi: 3.1.0
        info: {title: Inline, version: "1"}
        paths:
          /users:
            get:
              operationId: listUsers
              parameters:
                - {name: p, in: query, schema: {type: integer}}
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          users:
                            type: array
                            items:
                              type: object
                              required: [id, name]
                              properties:
                                id: {type: integer}
                                name: {type: string}
                          total_pages: {type: integer}
          /users/{id}/profile:
            get:
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: {type: object, properties: {bio: {type: string}}}
          /tags:
            get:
              operationId: listTags
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: array
                        items: {type: object, required: [id], properties: {id: {type: string}, label: {type: string}}}
        """

    @Test func inlineResponseSchemasBecomeEntitiesAndFeeds() throws {
        let folder = try TemporaryFolder.make("entitygen-openapi-responses")
        let file = folder.appendingPathComponent("inline.yaml")
        try Self.document.write(to: file, atomically: true, encoding: .utf8)
        let (schema, warnings) = try OpenAPIInference.infer(documentAt: file.path, name: nil)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(schema.entities.map(\.name) == ["User", "Profile", "Tag"])
        #expect(schema.entities[0].identifiedBy == ["id"])
        let feeds = [schema.feed].compactMap { $0 } + schema.moreFeeds
        let users = try #require(feeds.first { $0.name == "ListUsers" })
        #expect(users.entity == "User" && users.items == ["users"])
        #expect(users.pagination?.kind == "pageCount" && users.pagination?.key == "total_pages")
        #expect(users.pageParameter == "p")
        #expect(feeds.first { $0.name == "ListTags" }?.entity == "Tag")
        let yaml = InferredSchemaPrinter.yaml(schema)
        #expect(yaml.contains("pagination: {pageCount: total_pages, pageParameter: p}"))
        let result = GeneratorPipeline.validate(
            schemas: [SourceFile(path: schema.fileName, text: yaml)], config: InferenceProperty.persistenceConfig)
        #expect(result.diagnostics.filter { $0.ruleID != Rules.unrecordedMigration.id }.isEmpty, "\(yaml)")
        // A page of users maps and is written back as sent.
        let page = folder.appendingPathComponent("users.json")
        try #"{"users": [{"id": 1, "name": "Ada"}, {"id": 2, "name": "Grace"}], "total_pages": 1}"#.write(
            to: page, atomically: true, encoding: .utf8)
        let outcome = try InferenceProperty.check(
            schema: schema, files: [page.path], entity: "User", recordsPath: ["users"])
        #expect(outcome.records == 2 && outcome.failures.isEmpty, "\(outcome.failures)")
    }
}
