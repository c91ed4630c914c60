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

    /// Type-checks `files` as one module in Swift 6 mode.
    static func typecheck(_ files: [URL]) throws -> Result {
        guard let modules = modulesFolder else { throw CompilerError.runtimeModuleNotBuilt }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = [
            "swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, "-module-name", "GeneratedCheck",
        ]
        if let map = sqliteModuleMap(near: modules) {
            arguments += ["-Xcc", "-fmodule-map-file=" + map.path]  // GRDB's GRDBSQLite, for persistence code
        }
        process.arguments = arguments + files.map(\.path)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// GRDB's `GRDBSQLite` module map in the build folder's package checkouts.
    static func sqliteModuleMap(near modules: URL) -> URL? {
        var folder = modules
        for _ in 0..<5 {
            folder = folder.deletingLastPathComponent()
            let candidate = folder.appendingPathComponent("checkouts/GRDB.swift/Sources/GRDBSQLite/module.modulemap")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    enum CompilerError: Error {
        case runtimeModuleNotBuilt
    }
}
