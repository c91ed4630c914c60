import Foundation

/// Timing helpers: every figure is the best of several runs, measured in the same process as its
/// baseline, so machine noise affects both sides alike.
enum Measurement {
    /// Seconds per run of `body`, the minimum over `repetitions` runs after one warm-up.
    static func bestSeconds(repetitions: Int = 7, _ body: () throws -> Void) rethrows -> Double {
        try body()
        var best = Double.infinity
        for _ in 0..<repetitions { best = min(best, try seconds(body)) }
        return best
    }

    /// Seconds one run of `body` takes.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Megabytes (10^6 bytes) per second.
    static func megabytesPerSecond(bytes: Int, seconds: Double) -> Double {
        Double(bytes) / 1e6 / seconds
    }

    /// Prints `info machine <processor>, <n> cores`: ratios against simdjson, SQLite or PostgreSQL move
    /// with the processor (the same code read twitter.json at 0.45 of simdjson on one host of this machine
    /// kind and 0.69 on another), so every run names the one it ran on; then `info storage ...`, where
    /// the databases are written (``BenchStorage``).
    static func printMachine() {
        let model = procValue("model name", in: "/proc/cpuinfo") ?? "unknown processor"
        print("info machine \(model), \(ProcessInfo.processInfo.activeProcessorCount) cores")
        BenchStorage.printStorage()
    }

    /// The value of the first `key: value` line of a `/proc` file (`/proc/cpuinfo`, `/proc/self/status`),
    /// trimmed; `nil` when the file or the line is missing (not Linux).
    static func procValue(_ key: String, in file: String) -> String? {
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key) }),
            let value = line.split(separator: ":", maxSplits: 1).dropFirst().first
        else { return nil }
        return value.trimmingCharacters(in: .whitespaces)
    }

    /// Prints `seconds <name> <best> (<rows/s>; rounds <each round's time>)` for a case that wrote `rows`
    /// rows once per round, and returns the best time.
    static func printRounds(_ name: String, _ rounds: [Double], rows: Int) -> Double {
        let best = rounds.min() ?? .infinity
        let each = rounds.map { String(format: "%.3f", $0) }.joined(separator: " ")
        print("seconds \(name) \(String(format: "%.3f", best)) (\(Int(Double(rows) / best)) rows/s; rounds \(each))")
        return best
    }

    /// Prints a summary line a script can read: `kind name value`.
    static func summary(_ kind: String, _ name: String, _ value: Double) {
        print("\(kind) \(name) \(String(format: kind == "seconds" ? "%.3f" : "%.2f", value))")
    }
}
