import EntityGenRuntime
import Foundation

/// `entitygen-bench mapping`: generated mappers (compiled from `Schemas/` by EntityGenPlugin) against
/// JSONDecoder into hand-written Codable types and JSONSerialization plus hand mapping, on a synthetic
/// 100,000-object pod-spec payload, twitter.json and citm_catalog.json. All three results are checked
/// equal before anything is timed. Prints `mbps`, `objects_per_second` and `ratio` lines; a ratio is
/// EntityGen's speed over the named baseline's (above 1: EntityGen is faster).
enum MappingBenchmark {
    struct Contender {
        var name: String
        var run: () throws -> Void
    }

    /// Turns the pods floor and the generated mapper take.
    static let floorRounds = 3

    static func run(corpora: URL) throws {
        let pods = Data(PodsPayload.make(count: 100_000))
        let podsSeconds = try compare(
            payload: "pods", bytes: pods, objects: 100_000,
            generated: { try BenchPod.mapArray(json: pods).value.map(PodsPayload.fromGenerated) },
            decoder: { try JSONDecoder().decode([CodablePod].self, from: pods) },
            serialization: { PodsPayload.fromFoundation(try JSONSerialization.jsonObject(with: pods)) })
        // The floor under mapping these pods: building the same values from Swift values already decoded
        // (strings, pairs), URL parsing and dictionary building included. The floor and the mapper take
        // turns and each keeps its best time: this machine's speed drifts in phases of seconds.
        let mapped = try BenchPod.mapArray(json: pods).value
        var floor = Double.infinity
        var generated = podsSeconds
        for _ in 0..<floorRounds {
            floor = min(floor, PodsPayload.constructionFloor(mapped))
            generated = min(generated, try Measurement.bestSeconds { try mapOnly("pods", pods) })
        }
        Measurement.summary("seconds", "pods_construction_floor", floor)
        Measurement.summary("seconds", "pods_generated", generated)
        // An info line, not a target: the floor is bounded by the allocations the model's own values need.
        print("info pods_vs_construction_floor \(String(format: "%.2f", generated / floor))")

        let twitter = try Data(contentsOf: corpora.appendingPathComponent("twitter.json"))
        let formatter = TwitterMapping.formatter()
        let twitterDecoder = JSONDecoder()
        twitterDecoder.dateDecodingStrategy = .formatted(formatter)
        try compare(
            payload: "twitter", bytes: twitter, objects: 100,
            generated: { TwitterMapping.fromGenerated(try TwitterSearch.map(json: twitter).value) },
            decoder: { try twitterDecoder.decode(CodableSearch.self, from: twitter) },
            serialization: {
                TwitterMapping.fromFoundation(try JSONSerialization.jsonObject(with: twitter), formatter: formatter)
            })

        let citm = try Data(contentsOf: corpora.appendingPathComponent("citm_catalog.json"))
        let citmDecoder = JSONDecoder()
        citmDecoder.dateDecodingStrategy = .millisecondsSince1970
        let citmObjects = try CitmCatalog.map(json: citm).value
        try compare(
            payload: "citm", bytes: citm, objects: citmObjects.performances.count + citmObjects.events.count,
            generated: { CitmMapping.fromGenerated(try CitmCatalog.map(json: citm).value) },
            decoder: { try citmDecoder.decode(CodableCatalog.self, from: citm) },
            serialization: { CitmMapping.fromFoundation(try JSONSerialization.jsonObject(with: citm)) })
    }

    /// Checks the three results are equal, then times each way (mapping only: the conversion used for
    /// the check is not timed) and prints the figures. Returns the generated mapper's seconds.
    @discardableResult
    static func compare<Model: Equatable>(
        payload: String, bytes: Data, objects: Int,
        generated: () throws -> Model, decoder: () throws -> Model, serialization: () throws -> Model
    ) throws -> Double {
        let ours = try generated()
        guard ours == (try decoder()) else {
            throw BenchmarkError("\(payload): the generated mapper and JSONDecoder disagree")
        }
        guard ours == (try serialization()) else {
            throw BenchmarkError("\(payload): the generated mapper and JSONSerialization disagree")
        }
        print("info \(payload): \(bytes.count) bytes, results of all three ways checked equal")

        let timings: [(String, Double)] = try [
            ("generated", Measurement.bestSeconds { try mapOnly(payload, bytes) }),
            ("jsondecoder", Measurement.bestSeconds(repetitions: 3) { _ = try decoder() }),
            ("jsonserialization", Measurement.bestSeconds(repetitions: 3) { _ = try serialization() }),
            ("reader", Measurement.bestSeconds { _ = try JSONDocument(data: bytes) }),
        ]
        for (name, seconds) in timings {
            Measurement.summary(
                "mbps", "\(name == "reader" ? "reader" : payload)_\(name == "reader" ? payload : name)",
                Measurement.megabytesPerSecond(bytes: bytes.count, seconds: seconds))
            if name != "reader" {
                Measurement.summary("objects_per_second", "\(payload)_\(name)", Double(objects) / seconds)
            }
        }
        let generatedSeconds = timings[0].1
        Measurement.summary("ratio", "\(payload)_vs_jsondecoder", timings[1].1 / generatedSeconds)
        Measurement.summary("ratio", "\(payload)_vs_jsonserialization", timings[2].1 / generatedSeconds)
        return generatedSeconds
    }

    /// The generated mapper alone, from bytes to models.
    static func mapOnly(_ payload: String, _ bytes: Data) throws {
        switch payload {
        case "pods": _ = try BenchPod.mapArray(json: bytes)
        case "twitter": _ = try TwitterSearch.map(json: bytes)
        default: _ = try CitmCatalog.map(json: bytes)
        }
    }
}
