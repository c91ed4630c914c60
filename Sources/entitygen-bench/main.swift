import EntityGenRuntime
import Foundation

/// `swift run -c release entitygen-bench <mode>`: benchmarks that print `ratio|mbps ... value` lines.
let arguments = CommandLine.arguments.dropFirst()
let corpora = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpora/benchmarks-nativejson/data")

switch arguments.first {
case "reader":
    try ReaderBenchmark.run(corpora: corpora)
default:
    FileHandle.standardError.write(Data("usage: entitygen-bench reader\n".utf8))
    exit(2)
}
