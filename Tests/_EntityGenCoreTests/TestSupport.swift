@testable import _EntityGenCore
import EntityGenRuntime
import Foundation
import Testing

/// Swift Testing also declares a `SourceLocation`; tests use this name for the engine's.
typealias Location = _EntityGenCore.SourceLocation

/// Helpers shared by the engine's tests.
enum TestSupport {
    /// The package root (three levels above this file: Tests/_EntityGenCoreTests/TestSupport.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Validates in-memory YAML files named `name -> text`.
    static func lint(_ files: [(String, String)], config: String? = nil) -> [Diagnostic] {
        let sources = files.map { SourceFile(path: $0.0, text: $0.1) }
        let configSource = config.map { SourceFile(path: "entitygen-config.yaml", text: $0) }
        return GeneratorPipeline.validate(schemas: sources, config: configSource).diagnostics
    }

    /// Validates one in-memory YAML file named `example.yaml`.
    static func lint(_ text: String) -> [Diagnostic] {
        lint([("example.yaml", text)])
    }

    /// The files generated from one schema file with persistence on (the schema must have no errors).
    static func generated(_ schema: String) throws -> [GeneratedFile] {
        let result = GeneratorPipeline.validate(
            schemas: [SourceFile(path: "S.yaml", text: schema)],
            config: SourceFile(path: "entitygen-config.yaml", text: "outputs: [models, mappers, persistence]\n"))
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics)")
        let shown: @Sendable (String) -> String = { $0 }
        let generator = try #require(result.sourceGenerator(displayPath: shown))
        return generator.machineFiles() + generator.humanFiles()
    }

    /// Expects generated files to type-check without errors or warnings.
    static func expectCompiles(_ files: [GeneratedFile]) throws {
        let compiled = try SwiftCompiler.typecheck(generated: files)
        #expect(compiled.status == 0, "\(compiled.errors.prefix(5))")
        #expect(compiled.warnings.isEmpty, "\(compiled.warnings.prefix(5))")
    }
}

extension RuleDescription: CustomTestStringConvertible {
    /// Test output names the rule by id instead of dumping its examples.
    public var testDescription: String { id }
}

extension TestSupport {
    /// A readable line diff for failure messages: `-` expected, `+` actual.
    static func lineDiff(expected: String, actual: String) -> String {
        let old = expected.components(separatedBy: "\n")
        let new = actual.components(separatedBy: "\n")
        let difference = new.difference(from: old)
        var lines: [String] = []
        for change in difference {
            switch change {
            case let .remove(offset, line, _): lines.append("-\(offset + 1): \(line)")
            case let .insert(offset, line, _): lines.append("+\(offset + 1): \(line)")
            }
        }
        return lines.isEmpty ? "(no line differences)" : lines.joined(separator: "\n")
    }
}

extension SchemaInterpreter {
    /// Maps `json` as `entity` and writes the value back, as `check` reads and writes a payload; with the
    /// issues tolerated on the way.
    func roundTrip(_ entity: String, _ json: String) throws -> (json: String, issues: [MappingIssue]) {
        let document = try JSONDocument(bytes: Array(json.utf8))
        return try document.withRoot { root throws(MappingError) in
            var context = MappingContext()
            let value = try map(entity, from: root, context: &context)
            var writer = JSONWriter()
            write(value, to: &writer)
            return (String(decoding: writer.bytes, as: UTF8.self), context.issues)
        }
    }
}
