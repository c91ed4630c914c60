import Foundation

/// Renders diagnostics for people (the swiftc format) or for machines (JSON). One reporter per format,
/// as SwiftLint does.
public enum DiagnosticReporter: String, CaseIterable, Sendable {
    /// `path:line:column: error: message [rule-id]`, one per line: what SwiftPM and Xcode show inline.
    case text
    /// A JSON array of `{file, line, column, severity, message, rule}` objects, for CI tools.
    case json

    /// The report for sorted diagnostics. Text output ends with a newline when non-empty.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        switch self {
        case .text:
            return diagnostics.map { $0.description + "\n" }.joined()
        case .json:
            let objects = diagnostics.map { diagnostic -> [String: Any] in
                [
                    "file": diagnostic.location.file,
                    "line": diagnostic.location.line,
                    "column": diagnostic.location.column,
                    "severity": diagnostic.severity.rawValue,
                    "message": diagnostic.message,
                    "rule": diagnostic.ruleID,
                ]
            }
            let data =
                (try? JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys]))
                ?? Data("[]".utf8)
            return String(decoding: data, as: UTF8.self) + "\n"
        }
    }
}
