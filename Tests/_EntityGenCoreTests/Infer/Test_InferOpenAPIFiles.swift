@testable import _EntityGenCore
import _EntityGenOpenAPI
import EntityGenTestSupport
import Foundation
import Testing

/// OpenAPI documents split over files: `$ref`s to files beside the document (or below it) are loaded by
/// OpenAPIKit's external dereferencing; a reference outside the folder (`../../etc/passwd`, a symbolic
/// link out of it), to the network, or to a missing file is an error that names it, and nothing else is
/// read.
@Suite struct Test_InferOpenAPIFiles {
    static let document = """
        openapi: 3.0.3
        info: {title: Multi, version: "1"}
        paths:
          /pets:
            get:
              operationId: listPets
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: {type: array, items: {$ref: "schemas/Pet.yaml"}}
        components:
          schemas:
            Owner:
              type: object
              required: [id]
              properties:
                id: {type: string}
                pet: {$ref: "schemas/Pet.yaml"}
                error: {$ref: "common.yaml#/components/schemas/Problem"}
        """

    private func folder(_ files: [String: String]) throws -> URL {
        let folder = try TemporaryFolder.make("entitygen-openapi-files")
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func referencesToFilesBesideTheDocumentAreLoaded() throws {
        let root = try folder([
            "api.yaml": Self.document,
            "schemas/Pet.yaml":
                "type: object\nrequired: [id, name]\nproperties:\n  id: {type: integer}\n  name: {type: string}\n",
            // Its own `#/...` references name its own parts, and a cycle between them ends.
            "common.yaml": """
            components:
              schemas:
                Problem:
                  type: object
                  properties:
                    code: {type: integer}
                    detail: {$ref: '#/components/schemas/Detail'}
                Detail:
                  type: object
                  properties:
                    text: {type: string}
                    cause: {$ref: '#/components/schemas/Problem'}
            """,
        ])
        let (schema, warnings) = try OpenAPIInference.infer(
            documentAt: root.appendingPathComponent("api.yaml").path, name: nil)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(schema.entities.map(\.name).sorted() == ["Detail", "Owner", "Pet", "Problem"])
        #expect(schema.entities.first { $0.name == "Problem" }?.relationships.map(\.type) == ["Detail?"])
        #expect(schema.entities.first { $0.name == "Detail" }?.relationships.map(\.type) == ["Problem?"])
        #expect(schema.entities.first { $0.name == "Owner" }?.relationships.map(\.type) == ["Pet?", "Problem?"])
        #expect(schema.feed?.entity == "Pet")
        let yaml = InferredSchemaPrinter.yaml(schema)
        let result = GeneratorPipeline.validate(
            schemas: [SourceFile(path: schema.fileName, text: yaml)], config: InferenceProperty.persistenceConfig)
        #expect(result.diagnostics.filter { $0.ruleID != Rules.unrecordedMigration.id }.isEmpty, "\(yaml)")
    }

    @Test(arguments: [
        ("../../etc/passwd", "is outside the document's folder"),
        ("/etc/hostname", "is outside the document's folder"),
        ("https://example.com/pet.yaml", "is not a local file: references are not fetched over the network"),
        ("missing.yaml", "'missing.yaml': no file at"),
        ("inside/link/hostname", "is outside the document's folder"),
        ("schemas/Pet.yaml#/no/such", "the file has nothing at 'no'"),
    ])
    func referencesItWillNotOrCannotReadAreErrors(reference: String, message: String) throws {
        let root = try folder([
            "api.yaml": Self.document.replacingOccurrences(of: "schemas/Pet.yaml\"}}", with: "\(reference)\"}}"),
            "schemas/Pet.yaml": "type: object\nproperties:\n  id: {type: integer}\n",
            "common.yaml": "components:\n  schemas:\n    Problem: {type: object}\n",
        ])
        // A symbolic link inside the folder that leads out of it.
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("inside"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("inside/link").path, withDestinationPath: "/etc")
        do {
            _ = try OpenAPIInference.infer(documentAt: root.appendingPathComponent("api.yaml").path, name: nil)
            Issue.record("\(reference): read, not refused")
        } catch {
            #expect(error.description.contains("$ref '\(reference)") && error.description.contains(message), "\(error)")
        }
    }
}
