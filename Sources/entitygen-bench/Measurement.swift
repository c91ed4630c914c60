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
    /// kind and 0.69 on another), so every run names the one it ran on.
    static func printMachine() {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown processor"
        print("info machine \(model), \(ProcessInfo.processInfo.activeProcessorCount) cores")
    }

    /// Prints a summary line a script can read: `kind name value`.
    static func summary(_ kind: String, _ name: String, _ value: Double) {
        print("\(kind) \(name) \(String(format: kind == "seconds" ? "%.3f" : "%.2f", value))")
    }
}
