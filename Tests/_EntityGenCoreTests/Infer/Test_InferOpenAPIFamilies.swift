@testable import _EntityGenCore
import _EntityGenOpenAPI
import EntityGenTestSupport
import Foundation
import Testing

/// Polymorphic OpenAPI components as families: the specification's `allOf` pattern (`Pet` with a
/// discriminator, `Cat` and `Dog` extending it) and a `oneOf` component with a discriminator and a
/// mapping. Lint clean with persistence on, compiled, and each kind's payload maps and is written back.
@Suite struct Test_InferOpenAPIFamilies {
    static let document = """
        openapi: 3.0.3
        info: {title: Pets, version: "1.0"}
        paths:
          /pets:
            get:
              operationId: listPets
              responses:
                "200":
                  description: pets
                  content:
                    application/json:
                      schema: {type: array, items: {$ref: "#/components/schemas/Pet"}}
          /notifications:
            get:
              operationId: listNotifications
              responses:
                "200":
                  description: notifications
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          data: {type: array, items: {$ref: "#/components/schemas/Notification"}}
                          next: {type: string, nullable: true}
        components:
          schemas:
            Pet:
              type: object
              required: [id, name, petType]
              discriminator: {propertyName: petType}
              properties:
                id: {type: integer, format: int64}
                name: {type: string}
                petType: {type: string}
            Cat:
              allOf:
                - $ref: "#/components/schemas/Pet"
                - type: object
                  required: [huntingSkill]
                  properties:
                    huntingSkill: {type: string, enum: [clueless, lazy, adventurous, aggressive]}
            Dog:
              allOf:
                - $ref: "#/components/schemas/Pet"
                - type: object
                  required: [packSize]
                  properties:
                    packSize: {type: integer, format: int32}
            Owner:
              type: object
              required: [id]
              properties:
                id: {type: integer}
                favourite: {$ref: "#/components/schemas/Pet"}
                cat: {$ref: "#/components/schemas/Cat"}
            Notification:
              oneOf:
                - $ref: "#/components/schemas/MentionNotification"
                - $ref: "#/components/schemas/FollowNotification"
              discriminator:
                propertyName: kind
                mapping:
                  mention: "#/components/schemas/MentionNotification"
                  follow: "#/components/schemas/FollowNotification"
            MentionNotification:
              type: object
              required: [id, kind, created_at, text]
              properties:
                id: {type: string}
                kind: {type: string}
                created_at: {type: string, format: date-time}
                text: {type: string}
            FollowNotification:
              type: object
              required: [id, kind, created_at, follower]
              properties:
                id: {type: string}
                kind: {type: string}
                created_at: {type: string, format: date-time}
                follower: {type: string}
        """

    private func write(_ text: String, _ name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func allOfAndOneOfWithADiscriminatorAreFamilies() throws {
        let folder = try TemporaryFolder.make("entitygen-openapi-families")
        let (schema, warnings) = try OpenAPIInference.infer(
            documentAt: write(Self.document, "pets.yaml", in: folder), name: nil)
        let entity = { (name: String) in schema.entities.first { $0.name == name } }
        let pet = try #require(entity("Pet"))
        #expect(pet.isAbstract && pet.discriminator == "petType" && pet.identifiedBy == ["id"])
        #expect(pet.attributes.map(\.name) == ["id", "name"])
        #expect(entity("Cat")?.extends == "Pet" && entity("Cat")?.attributes.map(\.name) == ["huntingSkill"])
        #expect(entity("Dog")?.extends == "Pet" && entity("Dog")?.identifiedBy == [])
        let notification = try #require(entity("Notification"))
        #expect(notification.isAbstract && notification.discriminator == "kind")
        #expect(notification.attributes.map(\.name) == ["id", "createdAt"])
        #expect(entity("MentionNotification")?.discriminatorValue == "mention")
        #expect(entity("FollowNotification")?.attributes.map(\.name) == ["follower"])
        // A property whose schema is the family: no table can hold it, so AnyJSON, said where.
        #expect(entity("Owner")?.attributes.first { $0.name == "favourite" }?.type == "AnyJSON?")
        #expect(warnings.contains { $0.contains("#/components/schemas/Owner/properties/favourite: 'Pet' is a family") })
        // A relationship to one kind is stored as any other.
        #expect(entity("Owner")?.relationships.first { $0.name == "cat" }?.type == "Cat?")
        #expect(schema.feed?.entity == "Pet" && schema.moreFeeds.first?.entity == "Notification")

        // Each kind's payload maps with no issue and is written back as sent; the code compiles.
        let pets = try write(
            #"[{"id": 1, "name": "Tom", "petType": "Cat", "huntingSkill": "lazy"}, {"id": 2, "name": "Rex", "petType": "Dog", "packSize": 3}]"#,
            "pets.json", in: folder)
        let petsOutcome = try InferenceProperty.check(schema: schema, files: [pets], entity: "Pet")
        #expect(petsOutcome.records == 2 && petsOutcome.failures.isEmpty, "\(petsOutcome.failures)")
        let notifications = try write(
            #"{"data": [{"id": "n1", "kind": "mention", "created_at": "2026-01-01T00:00:00Z", "text": "hi"}, {"id": "n2", "kind": "follow", "created_at": "2026-01-02T00:00:00Z", "follower": "bob"}], "next": null}"#,
            "notifications.json", in: folder)
        let outcome = try InferenceProperty.check(
            schema: schema, files: [notifications], entity: "Notification", recordsPath: ["data"])
        #expect(outcome.records == 2 && outcome.failures.isEmpty, "\(outcome.failures)")
        let shown: @Sendable (String) -> String = { $0 }
        let generator = try #require(outcome.result.sourceGenerator(displayPath: shown))
        try TestSupport.expectCompiles(generator.machineFiles())
    }

    @Test func aKindClaimedByTwoFamiliesOrAChoiceThatIsNotAComponentIsNoFamily() throws {
        let document = """
            openapi: 3.1.0
            info: {title: Two, version: "1"}
            paths: {}
            components:
              schemas:
                A: {oneOf: [{$ref: "#/components/schemas/X"}], discriminator: {propertyName: t}}
                B: {oneOf: [{$ref: "#/components/schemas/X"}], discriminator: {propertyName: t}}
                C: {oneOf: [{type: object, properties: {t: {type: string}}}], discriminator: {propertyName: t}}
                X: {type: object, required: [id, t], properties: {id: {type: string}, t: {type: string}}}
            """
        let folder = try TemporaryFolder.make("entitygen-openapi-families")
        let (schema, warnings) = try OpenAPIInference.infer(
            documentAt: write(document, "two.yaml", in: folder), name: nil)
        #expect(schema.entities.filter(\.isAbstract).count == 1)
        #expect(warnings.contains { $0.contains("'X' is already a kind of another family") })
        #expect(warnings.contains { $0.contains("#/components/schemas/C: a choice is not a $ref") })
        let yaml = InferredSchemaPrinter.yaml(schema)
        let result = GeneratorPipeline.validate(
            schemas: [SourceFile(path: schema.fileName, text: yaml)], config: InferenceProperty.persistenceConfig)
        #expect(result.diagnostics.filter { $0.ruleID != Rules.unrecordedMigration.id }.isEmpty, "\(yaml)")
    }
}
