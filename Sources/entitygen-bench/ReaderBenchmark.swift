import EntityGenRuntime
import Foundation

/// The JSON reader alone (parse and validate) against JSONSerialization and against simdjson's DOM parser
/// (``SimdjsonBaseline``, when installed) on the standard files, in the same run.
///
/// simdjson's harness reuses one parser, so the ratio against it uses one reused ``JSONReader``; the
/// `reader_oneshot_*` line is `JSONDocument(bytes:)`, which allocates per document. simdjson and the
/// reader take turns on each file (``rounds``) and each keeps its best time.
enum ReaderBenchmark {
    static let files = ["twitter", "citm_catalog", "canada"]
    /// Each parse takes about a millisecond: many repetitions keep the best time clear of this machine's noise.
    static let repetitions = 31
    /// Turns simdjson and the reader take on each file.
    static let rounds = 5

    static func run(corpora: URL) throws {
        let harness = SimdjsonBaseline.compile()
        if case let .failure(unavailable) = harness {
            FileHandle.standardError.write(Data("entitygen-bench: \(unavailable.reason)\n".utf8))
        }
        defer { if case let .success(harness) = harness { harness.remove() } }
        if case let .success(harness) = harness { print("info simdjson implementation \(harness.implementation())") }
        for name in files {
            let url = corpora.appendingPathComponent("\(name).json")
            let data = try Data(contentsOf: url)
            let bytes = [UInt8](data)
            // This machine's speed drifts in phases (one core or both slow for seconds): simdjson and the
            // reader take turns for a few rounds and each keeps its best time, so both are compared at
            // the machine's full speed rather than one in a fast phase and the other in a slow one.
            var entries = 0
            let jsonReader = JSONReader()
            var reader = Double.infinity
            var simd: Result<Double, SimdjsonBaseline.BaselineUnavailable> = harness.map { _ in .infinity }
            for _ in 0..<rounds {
                if case let .success(best) = simd, case let .success(harness) = harness {
                    simd = harness.bestSeconds(url, repetitions: repetitions).map { min($0, best) }
                }
                reader = min(
                    reader,
                    Measurement.bestSeconds(repetitions: repetitions) {
                        entries = (try? jsonReader.read(bytes))?.entryCount ?? -1
                    })
            }
            precondition(entries > 0, "\(name) did not parse")
            if case let .failure(failed) = simd, case .success = harness {
                FileHandle.standardError.write(Data("entitygen-bench: \(failed.reason)\n".utf8))
            }
            let oneShot = Measurement.bestSeconds(repetitions: repetitions) {
                entries = (try? JSONDocument(bytes: bytes))?.entryCount ?? -1
            }
            precondition(entries > 0, "\(name) did not parse")
            let foundation = try Measurement.bestSeconds(repetitions: repetitions) {
                _ = try JSONSerialization.jsonObject(with: data)
            }
            let short = name == "citm_catalog" ? "citm" : name
            Measurement.summary(
                "mbps", "reader_\(short)", Measurement.megabytesPerSecond(bytes: bytes.count, seconds: reader))
            Measurement.summary(
                "mbps", "reader_oneshot_\(short)", Measurement.megabytesPerSecond(bytes: bytes.count, seconds: oneShot))
            Measurement.summary(
                "mbps", "jsonserialization_\(short)",
                Measurement.megabytesPerSecond(bytes: bytes.count, seconds: foundation))
            Measurement.summary("ratio", "reader_\(short)_vs_jsonserialization", foundation / reader)
            if case let .success(simd) = simd {
                Measurement.summary(
                    "mbps", "simdjson_\(short)", Measurement.megabytesPerSecond(bytes: bytes.count, seconds: simd))
                // Above 1: the reader is faster than simdjson; the target is >= 0.6.
                Measurement.summary("ratio", "reader_\(short)_vs_simdjson", simd / reader)
            }
        }
    }
}
