import EntityGenRuntime
import Foundation

/// `entitygen-bench infer [megabytes]`: `entitygen infer` (the release tool, as a user runs it) over
/// generated samples of twitter.json's statuses as JSON Lines, a quarter of the size and the full size
/// (100 MB by default), each status with an id of its own. Prints the time and peak memory of each, the
/// growth from a quarter to the full size (linear: about 4), and the ratio to reading the same bytes with
/// EntityGen's JSON reader alone in this process (the floor: infer reads every value once).
enum InferBenchmark {
    static func run(buildFolder: URL, megabytes: Int) throws {
        let tool = buildFolder.appendingPathComponent("entitygen")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else {
            throw BenchmarkError(
                "\(tool.path) does not exist; build the tool first: swift build -c release --product entitygen")
        }
        let work = buildFolder.deletingLastPathComponent().appendingPathComponent("entitygen-infer-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        Measurement.printMachine()
        var results: [(megabytes: Int, seconds: Double, peak: Double, parse: Double)] = []
        for size in [max(1, megabytes / 4), megabytes] {
            let file = work.appendingPathComponent("statuses-\(size)mb.jsonl")
            let bytes = try writeSamples(to: file, megabytes: size)
            let output = work.appendingPathComponent("schema-\(size)")
            let timing = try Process.timed(tool, ["infer", file.path, "--output", output.path, "--name", "Status"])
            guard timing.status == 0 else { throw BenchmarkError("entitygen infer failed:\n\(timing.output)") }
            let parse = try Measurement.seconds { try parseLines(file) }
            print(
                "info infer \(size) MB (\(bytes) bytes): \(String(format: "%.2f", timing.seconds)) s, peak \(String(format: "%.1f", timing.peakMegabytes)) MB; reader alone \(String(format: "%.2f", parse)) s"
            )
            results.append((size, timing.seconds, timing.peakMegabytes, parse))
        }
        let (small, large) = (results[0], results[1])
        Measurement.summary("seconds", "infer_\(large.megabytes)mb", large.seconds)
        Measurement.summary("megabytes", "infer_peak_\(large.megabytes)mb", large.peak)
        Measurement.summary(
            "ratio", "infer_growth_\(large.megabytes / max(small.megabytes, 1))x_input", large.seconds / small.seconds)
        Measurement.summary("ratio", "infer_vs_reader_alone", large.seconds / large.parse)
        print("info targets: growth about \(large.megabytes / max(small.megabytes, 1)) (linear), peak < 64 MB")
    }

    /// Writes twitter.json's statuses as JSON Lines until `megabytes` are written, each copy's statuses
    /// with ids of their own; returns the bytes written.
    static func writeSamples(to file: URL, megabytes: Int) throws -> Int {
        let source = try Array(Data(contentsOf: corpora.appendingPathComponent("twitter.json")))
        let statuses: [AnyJSON] = try JSONDocument(bytes: source).withRoot { root in
            var list: [AnyJSON] = []
            root["statuses"]?.forEachElement { _, status in list.append(AnyJSON(status)) }
            return list
        }
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw BenchmarkError("cannot create \(file.path)")
        }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        var written = 0
        var copy = 0
        while written < megabytes * 1_000_000 {
            var chunk = ""
            for (index, status) in statuses.enumerated() {
                chunk += renumbered(status, id: 1_000_000_000 + copy * 1_000 + index).description + "\n"
            }
            written += chunk.utf8.count
            handle.write(Data(chunk.utf8))
            copy += 1
        }
        return written
    }

    /// The status with `id` and `id_str` set to `id`.
    private static func renumbered(_ status: AnyJSON, id: Int) -> AnyJSON {
        guard case let .object(members) = status else { return status }
        return .object(
            members.map { member in
                switch member.key {
                case "id": return AnyJSON.Member(key: "id", value: .number(String(id)))
                case "id_str": return AnyJSON.Member(key: "id_str", value: .string(String(id)))
                default: return member
                }
            })
    }

    /// Reads every line with the JSON reader (the floor infer's own reading cannot beat).
    private static func parseLines(_ file: URL) throws {
        let data = try Data(contentsOf: file)
        let reader = JSONReader()
        var start = data.startIndex
        while let newline = data[start...].firstIndex(of: 0x0A) {
            _ = try reader.read(data[start..<newline])
            start = newline + 1
        }
    }
}
