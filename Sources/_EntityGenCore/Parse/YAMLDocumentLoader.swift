import EntityGenRuntime
import Foundation
import Yams

/// Turns a ``SourceFile`` into a Yams node tree, or into a located diagnostic when the bytes are not a
/// single well-formed YAML document.
///
/// Checks happen before libyaml sees the text: the bytes must be UTF-8 (Yams would otherwise replace bad
/// bytes silently) and free of NUL. libyaml itself limits nesting to 1,000 levels, so deeply nested input
/// ends in an error, never a stack overflow. Alias bombs compose cheaply (Yams shares aliased nodes); the
/// ``NodeReader`` bounds how much of the expanded tree is ever walked.
public enum YAMLDocumentLoader {
    /// Parses the file. Returns `nil` for a document with no content (empty or only comments) and emits
    /// a diagnostic for every failure.
    public static func load(_ file: SourceFile, diagnostics: inout DiagnosticCollector) -> Node? {
        if let offset = file.bytes.withUnsafeBytes(UTF8Validation.firstInvalidOffset) {
            diagnostics.emit(
                Rules.fileEncoding, "file is not valid UTF-8 (bad byte at offset \(offset))",
                at: file.location(ofByteOffset: offset))
            return nil
        }
        if let offset = file.bytes.firstIndex(of: 0) {
            diagnostics.emit(
                Rules.fileEncoding, "file contains a NUL byte; schema files are text",
                at: file.location(ofByteOffset: offset))
            return nil
        }
        var text = String(decoding: file.bytes, as: UTF8.self)
        // A repeated key is reported, its later occurrences blanked, and the file parsed again (a bounded
        // number of times), so that the rest of the file is still checked.
        for _ in 0..<64 {
            do {
                let parser = try Parser(yaml: text, resolver: .basic, constructor: .default, encoding: .utf8)
                return try parser.singleRoot()
            } catch let error as YamlError {
                diagnostics.emit(diagnostic(for: error, in: file))
                guard case let .duplicatedKeysInMapping(keys, context) = error,
                    let repaired = DuplicateKeyRecovery.removingLaterOccurrences(
                        of: keys, line: context.mark.line, column: context.mark.column, in: text)
                else { return nil }
                text = repaired
            } catch {
                diagnostics.emit(Rules.yamlSyntax, "cannot parse YAML: \(error)", at: .startOf(file.path))
                return nil
            }
        }
        return nil
    }

    private static func diagnostic(for error: YamlError, in file: SourceFile) -> Diagnostic {
        func at(_ mark: Mark) -> SourceLocation {
            SourceLocation(file: file.path, line: mark.line, column: mark.column)
        }
        func text(_ context: YamlError.Context?, _ problem: String) -> String {
            guard let context, !context.text.isEmpty else { return problem }
            return "\(problem) (\(context.text) at line \(context.mark.line), column \(context.mark.column))"
        }
        switch error {
        case let .scanner(_, problem, mark, _) where problem.contains("nesting level"),
            let .parser(_, problem, mark, _) where problem.contains("nesting level"):
            return Diagnostic(Rules.yamlLimits, "YAML nests deeper than 1,000 levels", at: at(mark))
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _):
            return Diagnostic(Rules.yamlSyntax, "YAML syntax error: \(text(context, problem))", at: at(mark))
        case let .composer(context, problem, mark, _):
            return Diagnostic(Rules.yamlSyntax, "YAML structure error: \(text(context, problem))", at: at(mark))
        case let .reader(problem, offset, _, _):
            let location = offset.map(file.location(ofByteOffset:)) ?? .startOf(file.path)
            return Diagnostic(Rules.fileEncoding, "cannot read YAML text: \(problem)", at: location)
        case let .duplicatedKeysInMapping(duplicates, context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return Diagnostic(
                Rules.duplicateKey, "mapping repeats the key \(keys); YAML keys must be unique",
                at: at(context.mark))
        case .memory:
            return Diagnostic(Rules.yamlLimits, "YAML parser ran out of memory", at: .startOf(file.path))
        default:
            return Diagnostic(Rules.yamlSyntax, "cannot parse YAML: \(error)", at: .startOf(file.path))
        }
    }
}
