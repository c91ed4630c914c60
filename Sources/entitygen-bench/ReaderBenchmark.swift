import EntityGenRuntime
import Foundation

/// The JSON reader alone (parse and validate) against JSONSerialization and against simdjson's DOM parser
/// (``SimdjsonBaseline``, when installed) on the standard files, in the same run.
///
/// simdjson's harness reuses one parser, so the ratio against it uses one reused ``JSONReader``; the
/// `reader_oneshot_*` line is `JSONDocument(bytes:)`, which allocates per document.
enum ReaderBenchmark {
    static let files = ["twitter", "citm_catalog", "canada"]
    /// Each parse takes about a millisecond: many repetitions keep the best time clear of this machine's noise.
    static let repetitions = 31

    static func run(corpora: URL) throws {
        let urls = files.map { corpora.appendingPathComponent("\($0).json") }
        let simdjson = SimdjsonBaseline.measure(urls, repetitions: repetitions)
        if case let .failure(unavailable) = simdjson {
            FileHandle.standardError.write(Data("entitygen-bench: \(unavailable.reason)\n".utf8))
        }
        for (name, url) in zip(files, urls) {
            let data = try Data(contentsOf: url)
            let bytes = [UInt8](data)
            var entries = 0
            let jsonReader = JSONReader()
            let reader = Measurement.bestSeconds(repetitions: repetitions) {
                entries = (try? jsonReader.read(bytes))?.entryCount ?? -1
            }
            precondition(entries > 0, "\(name) did not parse")
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
            if case let .success(seconds) = simdjson, let simd = seconds[url.path] {
                Measurement.summary(
                    "mbps", "simdjson_\(short)", Measurement.megabytesPerSecond(bytes: bytes.count, seconds: simd))
                // Above 1: the reader is faster; the target is >= 0.5.
                Measurement.summary("ratio", "reader_\(short)_vs_simdjson", simd / reader)
            }
        }
    }
}
