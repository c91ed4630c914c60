@testable import _EntityGenCore
import EntityGenTestSupport
import Foundation
import Testing

/// Feeds mutated variants of the example schemas, and hostile inputs, through parse and validate.
/// Nothing may crash, and every diagnostic must point inside the file it is about.
@Suite struct Test_MutationFuzz {
    static let examples: [(String, String)] = {
        let folder = TestSupport.packageRoot.appendingPathComponent("Schemas")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().compactMap { name in
            (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)).map { (name, $0) }
        }
    }()

    @Test func thousandsOfMutationsNeverCrashAndAlwaysLocate() throws {
        #expect(Self.examples.count >= 6)
        var generator = SplitMix64(seed: 0xE171_7E6E)
        var variants = 0
        var withDiagnostics = 0
        for round in 0..<200 {
            for (name, text) in Self.examples {
                let mutated = Mutator.mutate(text, rounds: 1 + round % 4, using: &generator)
                let bytes = Array(mutated.utf8)
                let diagnostics = check(name: name, bytes: bytes)
                variants += 1
                if !diagnostics.isEmpty { withDiagnostics += 1 }
            }
        }
        #expect(variants >= 1_000)
        // Most mutations break something; if almost none did, the mutator is not mutating.
        #expect(withDiagnostics > variants / 2)
    }

    @Test func hostileInputsEachGetADiagnostic() {
        let bomb =
            "a: &a [x, x, x, x, x, x, x, x, x]\n"
            + (1...9).map { level in
                let previous = level == 1 ? "a" : "l\(level - 1)"
                return "l\(level): &l\(level) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ")
                    + "]\n"
            }.joined() + "entities:\n  Pod:\n    attributes:\n      name: {type: String, oneOf: *l9}\n"
        var random = SplitMix64(seed: 42)
        let garbage = (0..<4096).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let inputs: [(String, [UInt8])] = [
            ("empty", []),
            ("only-comments", Array("# nothing\n# here\n".utf8)),
            ("garbage", garbage),
            ("bom-and-nul", [0xEF, 0xBB, 0xBF, 0x00]),
            ("deep-flow", Array(("a: " + String(repeating: "[", count: 50_000)).utf8)),
            ("deep-block", Array((0..<3_000).map { String(repeating: " ", count: $0) + "k\($0):\n" }.joined().utf8)),
            ("billion-laughs", Array(bomb.utf8)),
            (
                "huge",
                Array(
                    ("entities:\n" + (0..<20_000).map { "  E\($0):\n    attributes:\n      a\($0): Strin\n" }.joined())
                        .utf8)
            ),
            ("tabs", Array("entities:\n\tPod:\n\t\tattributes: {}\n".utf8)),
            ("scalar-root", Array("just text\n".utf8)),
            ("sequence-root", Array("- a\n- b\n".utf8)),
            ("multi-document", Array("entities: {}\n---\nentities: {}\n".utf8)),
            ("undefined-alias", Array("entities: *nope\n".utf8)),
            ("complex-key", Array("entities:\n  ? [a, b]\n  : {}\n".utf8)),
        ]
        for (name, bytes) in inputs {
            let diagnostics = check(name: name, bytes: bytes)
            #expect(!diagnostics.isEmpty, "\(name) produced no diagnostic")
        }
    }

    /// Validates one file, checking every diagnostic's location; returns the diagnostics.
    private func check(name: String, bytes: [UInt8]) -> [Diagnostic] {
        let diagnostics = GeneratorPipeline.validate(schemas: [SourceFile(path: name, bytes: bytes)], config: nil)
            .diagnostics
        let lineCount = bytes.count { $0 == UInt8(ascii: "\n") } + 1
        for diagnostic in diagnostics {
            #expect(diagnostic.location.file == name)
            #expect(
                (1...lineCount + 1).contains(diagnostic.location.line),
                "\(diagnostic) is outside \(name)'s \(lineCount) lines")
            #expect(diagnostic.location.column >= 1)
            #expect(!diagnostic.message.isEmpty && Rules.rule(id: diagnostic.ruleID) != nil)
        }
        return diagnostics
    }
}

/// Structure-aware text mutations of YAML: delete, duplicate and swap lines, re-indent, splice in
/// YAML punctuation, aliases, odd scalars and Unicode, truncate.
enum Mutator {
    static let fragments = [
        "[", "]", "{", "}", ": ", "- ", "&a ", "*a", "? ", "|", ">", "\t", "'", "\"", "#", "~", "null", "true", "no",
        "-1", "1e999", "0x7FFFFFFFFFFFFFFFFF", "String?", "[String]", "{String: Int}", "key: a..b", "\\", "é", "🚀",
        "\u{202E}", "\u{0}", "\u{7F}", "type: Strin", "extends: Widget", "inverse: x", "abstract: true", "<<: *a",
    ]

    static func mutate(_ text: String, rounds: Int, using generator: inout SplitMix64) -> String {
        var lines = text.components(separatedBy: "\n")
        for _ in 0..<rounds where !lines.isEmpty {
            let index = Int(generator.next() % UInt64(lines.count))
            switch generator.next() % 8 {
            case 0: lines.remove(at: index)
            case 1: lines.insert(lines[index], at: index)
            case 2:
                let other = Int(generator.next() % UInt64(lines.count))
                lines.swapAt(index, other)
            case 3: lines[index] = "  " + lines[index]
            case 4: lines[index] = String(lines[index].drop(while: { $0 == " " }))
            case 5, 6:
                var line = Array(lines[index])
                let position = line.isEmpty ? 0 : Int(generator.next() % UInt64(line.count + 1))
                line.insert(contentsOf: fragments[Int(generator.next() % UInt64(fragments.count))], at: position)
                lines[index] = String(line)
            default:
                lines = Array(lines.prefix(index))
            }
        }
        return lines.joined(separator: "\n")
    }
}
