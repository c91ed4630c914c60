@testable import _EntityGenCore
import Foundation
import Testing

/// Lints `Fixtures/BrokenSchemas` and compares the report with the checked-in
/// `Fixtures/BrokenSchemas.expected` byte for byte.
///
/// To re-record after an intended change, run `ENTITYGEN_RECORD=1 swift test --filter Test_BrokenSchemas`
/// and review the diff of the expected file like any other code change.
@Suite struct Test_BrokenSchemas {
    static let folder = TestSupport.packageRoot.appendingPathComponent(
        "Tests/_EntityGenCoreTests/Fixtures/BrokenSchemas")
    static let expectedFile = TestSupport.packageRoot.appendingPathComponent(
        "Tests/_EntityGenCoreTests/Fixtures/BrokenSchemas.expected")

    @Test func reportMatchesExpectedOutput() throws {
        let inputs = try SchemaInputs.discover(paths: [Self.folder.path])
        let result = GeneratorPipeline.validate(inputs: inputs)
        let report = DiagnosticReporter.text.render(result.diagnostics)
            .replacingOccurrences(of: Self.folder.path + "/", with: "")
        if ProcessInfo.processInfo.environment["ENTITYGEN_RECORD"] == "1" {
            try report.write(to: Self.expectedFile, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: Self.expectedFile, encoding: .utf8)
        #expect(report == expected, "\(TestSupport.lineDiff(expected: expected, actual: report))")
    }

    @Test func everyDiagnosticHasALocationInsideItsFile() throws {
        let inputs = try SchemaInputs.discover(paths: [Self.folder.path])
        for diagnostic in GeneratorPipeline.validate(inputs: inputs).diagnostics {
            #expect(
                inputs.schemaPaths.contains(diagnostic.location.file) || inputs.configPath == diagnostic.location.file)
            #expect(diagnostic.location.line >= 1 && diagnostic.location.column >= 1)
        }
    }
}

@Suite struct Test_ExampleSchemas {
    @Test func schemasFolderIsLintClean() throws {
        let inputs = try SchemaInputs.discover(paths: [TestSupport.packageRoot.appendingPathComponent("Schemas").path])
        #expect(inputs.schemaPaths.count >= 5)
        #expect(inputs.configPath != nil)
        let result = GeneratorPipeline.validate(inputs: inputs)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        let schema = try #require(result.schema)
        let names = Set(schema.entities.map(\.name))
        for expected in [
            "Widget", "TextWidget", "ImageWidget", "MyModel", "ModelTwo", "Avatar", "Group", "Person", "Pod", "Subspec",
        ] {
            #expect(names.contains(expected))
        }
    }

    @Test func resolvedSchemaDecidesKeysTypesAndFamilies() throws {
        let inputs = try SchemaInputs.discover(paths: [TestSupport.packageRoot.appendingPathComponent("Schemas").path])
        let schema = try #require(GeneratorPipeline.validate(inputs: inputs).schema)
        let pod = try #require(schema.entity(named: "Pod"))
        #expect(pod.identifiedBy == ["name", "version"])
        let socialMediaURL = try #require(pod.attributes.first { $0.name == "socialMediaUrl" })
        #expect(socialMediaURL.keyPath == JSONKeyPath(["social_media_url"]))  // file-wide snake_case
        #expect(socialMediaURL.transformer == .builtin(.url))  // URL's default transformer
        let license = try #require(pod.attributes.first { $0.name == "licenseType" })
        #expect(license.keyPath == JSONKeyPath(["license", "type"]))
        #expect(license.fallbackKeyPaths == [JSONKeyPath(["license"])])
        let image = try #require(schema.entity(named: "ImageWidget"))
        #expect(image.attributes.map(\.name) == ["serverId", "url", "caption"])  // inherited first
        #expect(image.discriminatorValue == "ImageWidget")
        #expect(image.discriminatorKey == JSONKeyPath(["serverType"]))
        #expect(image.identifiedBy == ["serverId"])
        #expect(image.relationships.first?.isReference == true)
        #expect(schema.entity(named: "Widget")?.children == ["ImageWidget", "TextWidget"])
        #expect(schema.config.outputs == [.models, .mappers, .persistence])
    }
}
