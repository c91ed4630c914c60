@testable import _EntityGenCore
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
