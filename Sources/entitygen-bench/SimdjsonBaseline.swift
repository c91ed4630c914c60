import Foundation

/// simdjson's DOM parser (Debian's libsimdjson-dev), the reader benchmark's anchor: a small C++ harness,
/// compiled by the benchmark with the system compiler, parses each file with one reused parser (as
/// simdjson is meant to be used) and prints its best time of the same number of repetitions the Swift
/// side measures. Without the library or a C++ compiler the benchmark says so and skips the ratio.
enum SimdjsonBaseline {
    /// The harness: `harness REPETITIONS FILE...` prints `<file> <best seconds> <elements>` per file;
    /// `harness implementation` prints the kernel simdjson chose for this processor and its description.
    static let source = #"""
        #include <simdjson.h>
        #include <chrono>
        #include <cstdio>
        #include <cstdlib>
        #include <string>

        int main(int argc, char **argv) {
            if (argc < 2) { std::fprintf(stderr, "usage: harness REPETITIONS FILE... | harness implementation\n"); return 2; }
            if (argc == 2 && std::string(argv[1]) == "implementation") {
                const simdjson::implementation *active = simdjson::get_active_implementation();
                std::printf("%s (%s)\n", active->name().c_str(), active->description().c_str());
                return 0;
            }
            int repetitions = std::atoi(argv[1]);
            simdjson::dom::parser parser;
            for (int file = 2; file < argc; file++) {
                simdjson::padded_string json;
                if (simdjson::padded_string::load(argv[file]).get(json)) { std::fprintf(stderr, "cannot load %s\n", argv[file]); return 2; }
                double best = 1e9;
                size_t elements = 0;
                for (int run = 0; run <= repetitions; run++) {
                    auto start = std::chrono::steady_clock::now();
                    simdjson::dom::element root;
                    auto error = parser.parse(json).get(root);
                    auto elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                    if (error) { std::fprintf(stderr, "%s: %s\n", argv[file], simdjson::error_message(error)); return 1; }
                    elements = root.is_array() ? root.get_array().size() : root.get_object().size();
                    if (run > 0 && elapsed < best) best = elapsed;  // run 0 warms up, as Measurement.bestSeconds does
                }
                std::printf("%s %.9f %zu\n", argv[file], best, elements);
            }
            return 0;
        }
        """#

    /// The compiled harness, or why there is none. Call ``Harness/bestSeconds(_:repetitions:)`` to measure.
    static func compile() -> Result<Harness, BaselineUnavailable> {
        guard FileManager.default.fileExists(atPath: "/usr/include/simdjson.h") else {
            return .failure(
                BaselineUnavailable(
                    reason:
                        "simdjson is not installed (Debian: apt-get install libsimdjson-dev); the simdjson ratios are skipped"
                ))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("entitygen-simdjson-\(getpid())")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let harness = folder.appendingPathComponent("harness.cpp")
            try Data(source.utf8).write(to: harness)
            let binary = folder.appendingPathComponent("harness")
            let compiled = try run(
                "/usr/bin/env",
                ["c++", "-O3", "-std=c++17", "-march=native", harness.path, "-lsimdjson", "-o", binary.path])
            guard compiled.status == 0 else {
                try? FileManager.default.removeItem(at: folder)
                return .failure(BaselineUnavailable(reason: "cannot compile the simdjson harness: \(compiled.output)"))
            }
            return .success(Harness(folder: folder, binary: binary))
        } catch {
            try? FileManager.default.removeItem(at: folder)
            return .failure(BaselineUnavailable(reason: "cannot build the simdjson harness: \(error)"))
        }
    }

    /// The harness binary, in a temporary folder removed by ``remove()``.
    struct Harness {
        let folder: URL
        let binary: URL

        /// simdjson's best seconds for parsing `file` (one reused parser), or why it failed.
        func bestSeconds(_ file: URL, repetitions: Int) -> Result<Double, BaselineUnavailable> {
            do {
                let measured = try SimdjsonBaseline.run(binary.path, [String(repetitions), file.path])
                guard measured.status == 0 else {
                    return .failure(BaselineUnavailable(reason: "the simdjson harness failed: \(measured.output)"))
                }
                let fields = measured.output.split(separator: "\n").first?.split(separator: " ") ?? []
                guard fields.count == 3, let seconds = Double(fields[1]) else {
                    return .failure(BaselineUnavailable(reason: "unexpected harness output: \(measured.output)"))
                }
                return .success(seconds)
            } catch {
                return .failure(BaselineUnavailable(reason: "cannot run the simdjson harness: \(error)"))
            }
        }

        /// The kernel simdjson runs on this processor (`haswell (Intel/AMD AVX2)`, `icelake (...)`):
        /// simdjson picks one at run time, and its speed, unlike the reader's, depends on which.
        func implementation() -> String {
            guard let measured = try? SimdjsonBaseline.run(binary.path, ["implementation"]), measured.status == 0 else {
                return "unknown (the harness did not say)"
            }
            return measured.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Deletes the harness.
        func remove() {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// Why the simdjson line is skipped.
    struct BaselineUnavailable: Error {
        var reason: String
    }

    fileprivate static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
