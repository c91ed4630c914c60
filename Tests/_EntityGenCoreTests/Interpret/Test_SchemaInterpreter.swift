@testable import _EntityGenCore
import EntityGenRuntime
import Testing

/// The interpreter and the generator take the same decisions (the differential test in the consumer
/// target covers whole payloads; these pin the cases it does not reach).
@Suite struct Test_SchemaInterpreter {
    private func interpret(
        _ yaml: String, path: String, entity: String, json: String
    ) throws -> (json: String, issues: [MappingIssue], schema: ResolvedSchema) {
        let schema = try #require(
            GeneratorPipeline.validate(schemas: [SourceFile(path: path, text: yaml)], config: nil).schema)
        let result = try SchemaInterpreter(schema: schema) { $0 }.roundTrip(entity, json)
        return (result.json, result.issues, schema)
    }

    @Test func dateDefaultsMeanTheSameInstantToLintGeneratorAndInterpreter() throws {
        let yaml =
            "entities:\n  Event:\n    attributes:\n      day: {type: Date, default: 2014-03-07T07:00:00.5+01:00}\n"
        let result = try interpret(yaml, path: "e.yaml", entity: "Event", json: "{}")
        // Written with its fraction: nothing the reader can read back is lost.
        #expect(result.json == #"{"day":"2014-03-07T06:00:00.500Z"}"#)
        let event = try #require(result.schema.entity(named: "Event"))
        let literal = TypeTranslator(schema: result.schema).literal(
            event.attributes[0].defaultValue!, event.attributes[0].type)
        #expect(literal == .date(secondsSince1970: 1394172000.5))
        #expect(Spelling.value(literal) == "Foundation.Date(timeIntervalSince1970: 1394172000.5)")
    }

    /// `basePath:` (issue 15, item 7): a GeoJSON feature's members all live under `properties`; keys,
    /// fallbacks and derived keys are relative to it, and writing back nests them there again.
    @Test func basePathPrefixesEveryMemberKey() throws {
        let yaml = """
            entities:
              Quake:
                basePath: properties
                identifiedBy: code
                keyConvention: snake_case
                attributes:
                  code: String
                  magnitude: {type: Double, key: mag}
                  place: String?
                  feltReports: {type: Int?, key: stats.felt, fallbackKeys: [felt]}
            """
        let json =
            #"{"type": "Feature", "properties": {"code": "ak1", "mag": 1.5, "place": "Alaska", "felt": 3}, "geometry": null}"#
        let result = try interpret(yaml, path: "q.yaml", entity: "Quake", json: json)
        #expect(result.json == #"{"properties":{"code":"ak1","mag":1.5,"place":"Alaska","stats":{"felt":3}}}"#)
        #expect(result.issues.isEmpty)
        let quake = try #require(result.schema.entity(named: "Quake"))
        #expect(
            quake.attributes.map(\.keyPath.description) == [
                "properties.code", "properties.mag", "properties.place", "properties.stats.felt",
            ])
        #expect(quake.attributes[3].fallbackKeyPaths == [JSONKeyPath(["properties", "felt"])])
    }

    @Test func dateOnlyDefaultsAreRejectedBecauseNoReaderWouldAcceptThem() {
        let diagnostics = TestSupport.lint(
            "entities:\n  Event:\n    attributes:\n      day: {type: Date, default: 2014-03-07}\n")
        #expect(diagnostics.map(\.ruleID) == ["invalid-default"])
        #expect(diagnostics.first?.location == Location(file: "example.yaml", line: 4, column: 34))
    }

    @Test func schemaLocationsWithNonASCIIPathsAreReportedAsWritten() throws {
        let yaml =
            "entities:\n  Pod:\n    attributes:\n      name: String\n      homepage: {type: URL?, onFailure: drop}\n"
        let result = try interpret(
            yaml, path: "Schémas/Pods 🚀.yaml", entity: "Pod", json: #"{"name": "A", "homepage": 3}"#)
        #expect(result.issues.map(\.schemaLocation) == ["Schémas/Pods 🚀.yaml:5:7"])
    }
}

/// `writeNulls` and `AnyJSON`: written back as read.
@Suite struct Test_WriteNullsAndAnyJSON {
    @Test func nilIsWrittenAsNullWhereTheSchemaSaysSo() throws {
        let yaml = """
            entities:
              Tweet:
                writeNulls: true
                attributes:
                  id: Int64
                  reply: {type: Int64?, key: in_reply_to}
                  place: {type: String?, writeNulls: false}
                  license: AnyJSON?
                  extra: {type: '[String: AnyJSON]?'}
                relationships:
                  quoted: Tweet?
            """
        let schema = try #require(
            GeneratorPipeline.validate(schemas: [SourceFile(path: "t.yaml", text: yaml)], config: nil).schema)
        let interpreter = SchemaInterpreter(schema: schema) { $0 }
        for (json, written) in [
            (#"{"id": 1}"#, #"{"id":1,"in_reply_to":null,"license":null,"extra":null,"quoted":null}"#),
            (
                #"{"id": 2, "place": null, "license": {"type": "MIT", "n": 1.50}, "extra": {"a": [null]}, "quoted": {"id": 3, "license": "BSD"}}"#,
                #"{"id":2,"in_reply_to":null,"license":{"type":"MIT","n":1.50},"extra":{"a":[null]},"quoted":{"id":3,"in_reply_to":null,"license":"BSD","extra":null,"quoted":null}}"#
            ),
        ] {
            #expect(try interpreter.roundTrip("Tweet", json).json == written)
        }
    }

    @Test func anyJSONTakesNoDefaultAndCannotIdentify() {
        let yaml = """
            entities:
              Blob:
                identifiedBy: body
                attributes:
                  body: AnyJSON
                  other: {type: AnyJSON?, default: 1}
            """
        let diagnostics = GeneratorPipeline.validate(
            schemas: [SourceFile(path: "b.yaml", text: yaml)], config: nil
        ).diagnostics.map(\.message)
        #expect(diagnostics.contains { $0.contains("AnyJSON attribute takes no default") })
        #expect(diagnostics.contains { $0.contains("cannot identify") })
    }
}
