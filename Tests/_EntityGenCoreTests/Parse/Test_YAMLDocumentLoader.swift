@testable import _EntityGenCore
import EntityGenRuntime
import Foundation
import Testing

@Suite struct Test_YAMLDocumentLoader {
    private func load(_ bytes: [UInt8]) -> [Diagnostic] {
        var diagnostics = DiagnosticCollector()
        _ = YAMLDocumentLoader.load(SourceFile(path: "f.yaml", bytes: bytes), diagnostics: &diagnostics)
        return diagnostics.sorted
    }

    @Test func invalidUTF8IsReportedAtTheBadByte() throws {
        let diagnostics = load(Array("entities:\n  é: ".utf8) + [0xFF, 0x0A])
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.ruleID == "file-encoding")
        #expect(diagnostic.location == Location(file: "f.yaml", line: 2, column: 6))
    }

    @Test(arguments: [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] as [[UInt8]])
    func overlongSurrogateAndTruncatedSequencesAreInvalid(bytes: [UInt8]) {
        #expect((Array("a".utf8) + bytes).withUnsafeBytes(UTF8Validation.firstInvalidOffset) == 1)
    }

    @Test func validMultibyteTextPasses() {
        #expect(Array("Спецификация 🚀 名前".utf8).withUnsafeBytes(UTF8Validation.firstInvalidOffset) == nil)
    }

    @Test func syntaxErrorsCarryLineAndColumn() throws {
        let diagnostic = try #require(load(Array("a:\n  b: [1, 2\nc: 3\n".utf8)).first)
        #expect(diagnostic.ruleID == "yaml-syntax")
        #expect(diagnostic.location.line >= 2)
    }

    @Test func controlCharactersAreRejected() throws {
        let diagnostic = try #require(load(Array("a: \u{7}b\n".utf8)).first)
        #expect(diagnostic.ruleID == "file-encoding")
        #expect(diagnostic.location.line == 1)
    }

    @Test func millionLevelsOfNestingEndInADiagnostic() throws {
        let depth = 1_000_000
        let text = "a: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let diagnostic = try #require(load(Array(text.utf8)).first)
        #expect(diagnostic.ruleID == "yaml-limits")
    }

    @Test func nodeLocationsAreOneBased() throws {
        var diagnostics = DiagnosticCollector()
        let file = try #require(
            SchemaParser.parseSchema(
                SourceFile(path: "f.yaml", text: "entities:\n  Pod:\n    attributes:\n      name: String\n"),
                diagnostics: &diagnostics))
        let attribute = try #require(file.entities.first?.attributes.first)
        #expect(attribute.name.location == Location(file: "f.yaml", line: 4, column: 7))
        #expect(attribute.type?.location == Location(file: "f.yaml", line: 4, column: 13))
        #expect(diagnostics.diagnostics.isEmpty)
    }
}

/// A repeated key no longer hides the rest of the file (issue 43, item 9): it is reported, its later
/// occurrences are left out, and validation goes on.
@Suite struct Test_DuplicateKeyRecovery {
    @Test func theRestOfTheFileIsStillChecked() {
        let text = """
            entities:
              Issue:
                identifiedBy: id
                attributes:
                  id: Int64
                  title: String
                  title:
                    type: String
                    key: name
                  due: Datetime
                relationships:
                  reporter: Usr
            """
        let diagnostics = TestSupport.lint(text)
        #expect(diagnostics.map(\.ruleID) == ["duplicate-key", "unknown-type", "unknown-entity"], "\(diagnostics)")
        #expect(diagnostics.map(\.location.line) == [6, 10, 12])
    }

    @Test func repeatedKeysInSeveralMappingsAreEachReportedOnce() {
        let text =
            "entities:\n  A:\n    attributes: {x: Int}\n    attributes: {y: Int}\n  B:\n    attributes:\n      z: Int\n      z: Int\n"
        let diagnostics = TestSupport.lint(text)
        #expect(diagnostics.filter { $0.ruleID == "duplicate-key" }.map(\.location.line) == [3, 7], "\(diagnostics)")
    }

    @Test func aRepeatedKeyInAFlowMappingStopsAtItsDiagnostic() {
        let diagnostics = TestSupport.lint("entities: {A: {attributes: {x: Int, x: Int}}}\n")
        #expect(diagnostics.map(\.ruleID) == ["duplicate-key"])
    }
}

/// Schema inputs that are not regular files (issue 37, item 11): a `.yaml` link to `/dev/zero` was read
/// until memory ran out (4.6-6.6 GB), a FIFO blocked forever. Both are refused at once, located.
@Suite struct Test_NonRegularInputs {
    @Test func devicesAndFIFOsAreRefusedAtOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("entitygen-nonregular-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("zero.yaml").path, withDestinationPath: "/dev/zero")
        #expect(mkfifo(folder.appendingPathComponent("fifo.yaml").path, 0o600) == 0)
        for name in ["zero.yaml", "fifo.yaml"] {
            #expect(throws: InputError.self) { try SourceFile.read(path: folder.appendingPathComponent(name).path) }
            do {
                _ = try SourceFile.read(path: folder.appendingPathComponent(name).path)
            } catch {
                #expect(error.message.contains("not a regular file"), "\(error)")
            }
        }
    }
}
