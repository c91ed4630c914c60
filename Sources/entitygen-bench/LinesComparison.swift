import Foundation

/// Generated lines per entity against hand-written references of the same behaviour, which
/// `Test_HandWrittenReference` and `Test_HandWrittenPodReference` show behave as the generated code does
/// (`Tests/EntityGenReferenceTests`):
///
/// - the flat entities generated with persistence, the shared database file's lines divided among them,
///   against `HandWrittenFlat.swift`, whose migration is its own: `ratio lines_flat_vs_handwritten`;
/// - the seed's `Pod` (15 attributes, a composite identity, owned nested subspecs), counted as the lines it
///   adds to the whole output (its own file, its tables in the database file, the inverse association in
///   `Subspec`'s), against `HandWrittenPod.swift`: `ratio lines_pod_vs_handwritten`.
///
/// Ratios are of code lines (neither blank nor only a comment: generated code documents every member,
/// the references document their types); `info` lines give both counts and the ratio of all lines.
enum LinesComparison {
    /// The reference test target, found from this source file's place in the package.
    static let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/EntityGenReferenceTests")

    /// Lines of Swift text: all, and code lines.
    struct Count {
        var lines = 0
        var code = 0

        /// Counts `text`.
        init(_ text: String) {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(
                text.hasSuffix("\n") ? 1 : 0)
            self.lines = lines.count
            code =
                lines.filter { line in
                    let trimmed = line.drop { $0 == " " }
                    return !trimmed.isEmpty && !trimmed.hasPrefix("//")
                }.count
        }

        /// The counts of every Swift file in `folder`.
        init(folder: URL) throws {
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift")
            {
                let counted = Count(try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
                lines += counted.lines
                code += counted.code
            }
        }

        /// The counts of a reference file in the reference target.
        init(reference name: String) throws {
            guard let text = try? String(contentsOf: references.appendingPathComponent(name), encoding: .utf8) else {
                throw BenchmarkError(
                    "the hand-written reference \(name) is not in \(references.path); run from the package")
            }
            self.init(text)
        }

        private init(lines: Int, code: Int) {
            self.lines = lines
            self.code = code
        }

        /// What `self` has beyond `other`.
        func minus(_ other: Count) -> Count { Count(lines: lines - other.lines, code: code - other.code) }
    }

    /// Compares the `count` flat entities generated into `folder` with the reference.
    static func run(generated folder: URL, count: Int) throws {
        let generated = try Count(folder: folder)
        report(
            "flat", generated: (Double(generated.lines) / Double(count), Double(generated.code) / Double(count)),
            reference: try Count(reference: "HandWrittenFlat.swift"))
    }

    /// `entitygen-bench lines [count]`: generates `count` flat entities with persistence (no compile)
    /// and the seed's `Pod` with `tool`, in a folder of `work` removed afterwards, and prints both
    /// comparisons.
    static func runAlone(tool: URL, work: URL, count: Int) throws {
        let folder = work.appendingPathComponent("entitygen-lines-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        let flat = folder.appendingPathComponent("Flat")
        try FileManager.default.createDirectory(at: flat, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<count {
            try ScaleBenchmark.flatSchema(index).write(
                to: flat.appendingPathComponent("Entity\(index).yaml"), atomically: true, encoding: .utf8)
        }
        let output = folder.appendingPathComponent("Generated-flat")
        _ = try generateWithPersistence(tool: tool, schemas: flat, output: output, relativeTo: folder)
        try run(generated: output, count: count)
        try runPod(tool: tool, work: folder)
    }

    /// Generates the reference target's `Subspec.yaml` with and without `Pod.yaml` into `work` with
    /// `tool`, and compares the lines `Pod` adds with its reference.
    static func runPod(tool: URL, work: URL) throws {
        var outputs: [Count] = []
        for schemas in [["Subspec.yaml"], ["Subspec.yaml", "Pod.yaml"]] {
            let folder = work.appendingPathComponent("Pod-\(schemas.count)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for schema in schemas {
                try FileManager.default.copyItem(
                    at: references.appendingPathComponent("Schemas/\(schema)"),
                    to: folder.appendingPathComponent(schema))
            }
            outputs.append(
                try generateWithPersistence(
                    tool: tool, schemas: folder, output: folder.appendingPathComponent("Generated"),
                    relativeTo: folder))
        }
        let pod = outputs[1].minus(outputs[0])
        report(
            "pod", generated: (Double(pod.lines), Double(pod.code)),
            reference: try Count(reference: "HandWrittenPod.swift"))
    }

    /// Generates the schemas in `schemas` with persistence (a config written beside them, no migration
    /// recorded) into `output` with `tool`, and counts what it wrote.
    private static func generateWithPersistence(
        tool: URL, schemas: URL, output: URL, relativeTo root: URL
    ) throws
        -> Count
    {
        try "outputs: [models, mappers, persistence]\n".write(
            to: schemas.appendingPathComponent("entitygen-config.yaml"), atomically: true, encoding: .utf8)
        let generate = try Process.timed(
            tool,
            ["generate", schemas.path, "--output", output.path, "--relative-to", root.path, "--no-record-migrations"])
        guard generate.status == 0 else { throw BenchmarkError("generate failed: \(generate.output.prefix(2000))") }
        return try Count(folder: output)
    }

    /// Prints the counts and ratios of one comparison.
    private static func report(_ name: String, generated: (lines: Double, code: Double), reference: Count) {
        print(
            "info lines per \(name) entity: generated \(String(format: "%.1f", generated.lines)) (code \(String(format: "%.1f", generated.code))), hand-written reference \(reference.lines) (code \(reference.code))"
        )
        print(
            "info ratio lines_\(name)_all_vs_handwritten \(String(format: "%.2f", generated.lines / Double(reference.lines)))"
        )
        Measurement.summary("ratio", "lines_\(name)_vs_handwritten", generated.code / Double(reference.code))
    }
}
