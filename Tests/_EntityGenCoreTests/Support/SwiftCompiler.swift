@testable import _EntityGenCore
import EntityGenTestSupport
import Foundation

/// Runs `swiftc -typecheck` on generated files against the package's built `EntityGenRuntime` module,
/// for the tests that prove generated code compiles with zero warnings.
enum SwiftCompiler {
    struct Result {
        var status: Int32
        var output: String
        var warnings: [String] { output.split(separator: "\n").filter { $0.contains("warning:") }.map(String.init) }
        var errors: [String] { output.split(separator: "\n").filter { $0.contains("error:") }.map(String.init) }
    }

    /// The folder holding `EntityGenRuntime.swiftmodule` (SwiftPM's `Modules` beside the test bundle).
    static var modulesFolder: URL? {
        let candidates = [
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("Modules"),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
                "Modules"),
        ]
        return candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("EntityGenRuntime.swiftmodule").path)
        }
    }

    /// Writes generated files into a temporary folder (as `File0.swift`, ...: a schema file's name may be
    /// anything) and type-checks them as one module; the folder is removed after.
    static func typecheck(generated files: [GeneratedFile]) throws -> Result {
        let folder = try TemporaryFolder.make("entitygen-check")
        defer { try? FileManager.default.removeItem(at: folder) }
        let urls = try files.enumerated().map { index, file in
            let url = folder.appendingPathComponent("File\(index).swift")
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
            return url
        }
        return try typecheck(urls)
    }

    /// Type-checks `files` as one module in Swift 6 mode, in one frontend process (`-wmo`): without it
    /// the driver starts a frontend per file, and each loads GRDB's and PostgresNIO's modules again. The
    /// diagnostics are the same; the suites that type-check took 62 CPU seconds instead of 110.
    static func typecheck(_ files: [URL]) throws -> Result {
        guard let modules = modulesFolder else { throw CompilerError.runtimeModuleNotBuilt }
        var arguments = [
            "swiftc", "-typecheck", "-wmo", "-swift-version", "6", "-I", modules.path, "-module-name",
            "GeneratedCheck",
        ]
        for map in cModuleMaps(near: modules) {
            arguments += ["-Xcc", "-fmodule-map-file=" + map.path]  // C modules persistence code reaches
        }
        return try run(arguments + files.map(\.path))
    }

    /// Runs a toolchain command (`swiftc ...`, or `swift file.swift` to interpret a program) and returns
    /// its status and everything it printed.
    static func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        // The driver leaves an empty `TemporaryDirectory.*` behind in TMPDIR on each run: give it ours.
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["TMPDIR": try TemporaryFolder.make("swiftc").path]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// GRDB's `GRDBSQLite` module map in the build folder's package checkouts.
    static func cModuleMaps(near modules: URL) -> [URL] {
        let fileManager = FileManager.default
        // The build folder's generated maps (swift-nio's C targets, for EntityGenPostgres's PostgresNIO).
        let build = modules.deletingLastPathComponent()
        var maps =
            ((try? fileManager.contentsOfDirectory(atPath: build.path)) ?? []).filter { $0.hasSuffix(".build") }
            .map { build.appendingPathComponent($0).appendingPathComponent("module.modulemap") }
            .filter { fileManager.fileExists(atPath: $0.path) }
        // Maps packages ship themselves (GRDB's GRDBSQLite, swift-atomics' _AtomicsShims).
        var folder = modules
        for _ in 0..<5 {
            folder = folder.deletingLastPathComponent()
            let checkouts = folder.appendingPathComponent("checkouts")
            guard fileManager.fileExists(atPath: checkouts.path),
                let paths = fileManager.enumerator(atPath: checkouts.path)
            else { continue }
            for case let path as String in paths
            where path.hasSuffix("/module.modulemap") && path.contains("/Sources/") && !path.contains("/Tests/") {
                maps.append(checkouts.appendingPathComponent(path))
            }
            break
        }
        return maps.sorted { $0.path < $1.path }
    }

    enum CompilerError: Error {
        case runtimeModuleNotBuilt
    }
}
