import EntityGenPersistence
import EntityGenRuntime
import Foundation

/// `swift run -c release entitygen-bench <mode>`: benchmarks that print `ratio|mbps ... value` lines.
let arguments = CommandLine.arguments.dropFirst()
/// The package's folder (which holds `.ci/postgres`).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let corpora = packageRoot.appendingPathComponent("Tests/Corpora/benchmarks-nativejson/data")

/// This executable, wherever it was started from (`CommandLine.arguments[0]` is only the name when it
/// runs from `PATH`): `import` starts it again for its streaming children, and `generate` finds the build
/// folder beside it.
let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])

/// The modes that measure against a baseline (the rest profile one thing alone); the usage line lists them.
let benchmarkModes = ["mapping", "reader", "generate", "lines", "import", "sync", "read", "postgres", "infer", "push"]

/// The whole number at `position` after the mode (or `fallback` when there is none), at least `minimum`;
/// anything else prints `usage` and exits with status 2, so a typo never runs a default or crashes.
func countArgument(_ position: Int, default fallback: Int, minimum: Int, usage: String) -> Int {
    let given = arguments.dropFirst(position).first
    guard let count = given.map({ Int($0) }) ?? fallback, count >= minimum else {
        FileHandle.standardError.write(Data("usage: entitygen-bench \(usage)\n".utf8))
        exit(2)
    }
    return count
}

/// Runs the mode named on the command line.
func runBenchmark() async throws {
    if let mode = arguments.first, benchmarkModes.contains(mode) { Measurement.printMachine() }
    switch arguments.first {
    case "reader":
        try ReaderBenchmark.run(corpora: corpora)
    case "mapping":
        try MappingBenchmark.run(corpora: corpora)
    case "profile-pods":
        // Only the generated pods mapper, for profilers (perf, valgrind --tool=callgrind): `profile-pods
        // [pods] [runs]`, each run's time printed.
        let usage = "profile-pods [pods > 0] [runs > 0]"
        let count = countArgument(1, default: 100_000, minimum: 1, usage: usage)
        let runs = countArgument(2, default: 3, minimum: 1, usage: usage)
        let pods = Data(PodsPayload.make(count: count))
        for _ in 0..<runs {
            Measurement.summary(
                "seconds", "pods_generated", try Measurement.seconds { _ = try BenchPod.mapArray(json: pods) })
        }
    case "profile-twitter":
        let twitter = try Data(contentsOf: corpora.appendingPathComponent("twitter.json"))
        for _ in 0..<2_000 { _ = try TwitterSearch.map(json: twitter) }
    case "profile-citm":
        let citm = try Data(contentsOf: corpora.appendingPathComponent("citm_catalog.json"))
        for _ in 0..<1_000 { _ = try CitmCatalog.map(json: citm) }
    case "profile-reader":
        // Only the reader (reused, as the benchmark measures it) on one corpus file (default twitter), for profilers.
        let name = arguments.dropFirst().first ?? "twitter"
        let bytes = [UInt8](try Data(contentsOf: corpora.appendingPathComponent("\(name).json")))
        let reader = JSONReader()
        for _ in 0..<5_000 { _ = try reader.read(bytes) }
    case "profile-import":
        // Only the generated importer, for profilers: `profile-import [insert|update|e2e|e2e-update] [rounds]`.
        let cases = ImportBenchmark.ProfiledCase.allCases.map(\.rawValue).joined(separator: "|")
        let usage = "profile-import [\(cases)] [rounds > 0]"
        guard let kind = ImportBenchmark.ProfiledCase(rawValue: arguments.dropFirst().first ?? "insert") else {
            FileHandle.standardError.write(Data("usage: entitygen-bench \(usage)\n".utf8)); exit(2)
        }
        try ImportBenchmark.profile(kind, rounds: countArgument(2, default: 3, minimum: 1, usage: usage))
    case "read":
        try ReadBenchmark.run()
    case "profile-read":
        // Only the generated reads (`all`, `filtered` or `graph`, default all three), ten times each, for profilers.
        try ReadBenchmark.profile(arguments.dropFirst().first)
    case "sync":
        try await SyncBenchmark.run()
    case "import":
        try ImportBenchmark.run(executable: executable)
    case "import-stream":
        let rest = Array(arguments.dropFirst())
        guard rest.count == 2 else {
            FileHandle.standardError.write(Data("usage: entitygen-bench import-stream FILE DATABASE\n".utf8)); exit(2)
        }
        try ImportBenchmark.stream(file: rest[0], database: rest[1])
    case "postgres":
        try await PostgresBenchmark.run()
    case "profile-postgres":
        // Only the end-to-end imports and their SQL floor (no COPY or per-row baselines): about a minute.
        try await PostgresBenchmark.run(floorOnly: true)
    case "profile-postgres-stage":
        // Staging alone, no server: the generated store against hand-written COPY encoding, in turns.
        let usage = "profile-postgres-stage [rounds > 0]"
        try PostgresBenchmark.profileStaging(rounds: countArgument(1, default: 5, minimum: 1, usage: usage))
    case "push":
        try await PushBenchmark.run(count: countArgument(1, default: 10_000, minimum: 1, usage: "push [edits > 0]"))
    case "infer":
        let megabytes = countArgument(1, default: 100, minimum: 4, usage: "infer [megabytes >= 4]")
        try InferBenchmark.run(buildFolder: executable.deletingLastPathComponent(), megabytes: megabytes)
    case "generate":
        let count = countArgument(1, default: 1_000, minimum: 2, usage: "generate [count > 1]")
        try ScaleBenchmark.run(buildFolder: executable.deletingLastPathComponent(), count: count)
    case "lines":
        // Generated lines against the hand-written references, without the compiles of `generate`.
        let count = countArgument(1, default: 200, minimum: 1, usage: "lines [count > 0]")
        let buildFolder = executable.deletingLastPathComponent()
        try LinesComparison.runAlone(tool: try ScaleBenchmark.tool(in: buildFolder), work: buildFolder, count: count)
    default:
        FileHandle.standardError.write(Data("usage: entitygen-bench \(benchmarkModes.joined(separator: "|"))\n".utf8))
        exit(2)
    }
}

// A user mistake (the release tool not built, a corpus missing) ends with a message and status 2, not
// a crash's backtrace.
do {
    try await runBenchmark()
} catch {
    FileHandle.standardError.write(Data("entitygen-bench: error: \(error)\n".utf8))
    exit(2)
}
