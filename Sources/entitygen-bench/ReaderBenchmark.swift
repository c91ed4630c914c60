import EntityGenRuntime
import Foundation

/// The JSON reader alone (parse and validate) against JSONSerialization on the standard files.
enum ReaderBenchmark {
    static func run(corpora: URL) throws {
        for name in ["twitter", "citm_catalog", "canada"] {
            let data = try Data(contentsOf: corpora.appendingPathComponent("\(name).json"))
            let bytes = [UInt8](data)
            var entries = 0
            let reader = Measurement.bestSeconds {
                entries = (try? JSONDocument(bytes: bytes))?.entryCount ?? -1
            }
            precondition(entries > 0, "\(name) did not parse")
            let foundation = try Measurement.bestSeconds {
                _ = try JSONSerialization.jsonObject(with: data)
            }
            let short = name == "citm_catalog" ? "citm" : name
            Measurement.summary(
                "mbps", "reader_\(short)", Measurement.megabytesPerSecond(bytes: bytes.count, seconds: reader))
            Measurement.summary(
                "mbps", "jsonserialization_\(short)",
                Measurement.megabytesPerSecond(bytes: bytes.count, seconds: foundation))
            Measurement.summary("ratio", "reader_\(short)_vs_jsonserialization", foundation / reader)
        }
    }
}
