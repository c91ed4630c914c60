import Foundation

/// Generated lines per entity against the hand-written reference of the same behaviour
/// (`Tests/EntityGenReferenceTests/HandWrittenFlat.swift`, which `Test_HandWrittenReference` shows
/// behaves as the generated `Flat`): the flat entities generated with persistence, the shared database
/// file's lines divided among them, against the reference, whose migration is its own. Prints `info`
/// lines with both counts and `ratio lines_flat_vs_handwritten`, of code lines (neither blank nor
/// only a comment: generated code documents every member, the reference documents its type), and
/// `info` with the ratio of all lines.
enum LinesComparison {
    /// The reference, found from this source file's place in the package.
    static let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/EntityGenReferenceTests/HandWrittenFlat.swift")

    /// All lines and code lines of Swift text.
    static func count(_ text: String) -> (lines: Int, code: Int) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
        let code = lines.filter { line in
            let trimmed = line.drop { $0 == " " }
            return !trimmed.isEmpty && !trimmed.hasPrefix("//")
        }
        return (lines.count, code.count)
    }

    /// Compares the `count` flat entities generated into `folder` with the reference.
    static func run(generated folder: URL, count: Int) throws {
        guard let text = try? String(contentsOf: reference, encoding: .utf8) else {
            throw BenchmarkError("the hand-written reference is not at \(reference.path); run from the package")
        }
        let handWritten = Self.count(text)
        var generated = (lines: 0, code: 0)
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let counted = Self.count(try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
            generated = (generated.lines + counted.lines, generated.code + counted.code)
        }
        let perEntity = (lines: Double(generated.lines) / Double(count), code: Double(generated.code) / Double(count))
        print(
            "info lines per flat entity: generated \(String(format: "%.1f", perEntity.lines)) (code \(String(format: "%.1f", perEntity.code))), hand-written reference \(handWritten.lines) (code \(handWritten.code))"
        )
        print(
            "info ratio lines_flat_all_vs_handwritten \(String(format: "%.2f", perEntity.lines / Double(handWritten.lines)))"
        )
        Measurement.summary("ratio", "lines_flat_vs_handwritten", perEntity.code / Double(handWritten.code))
    }
}
