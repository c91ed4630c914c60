@testable import _EntityGenCore
import Foundation
import Testing

/// Reference (golden) tests: `Fixtures/Cases/<case>/input/*.yaml` -> `expected/*.swift`, byte for byte.
///
/// Re-recording is an explicit, reviewed step: `ENTITYGEN_RECORD=1 swift test --filter Test_ReferenceFiles`,
/// then read the diff. The expected files are also type-checked against the runtime (zero warnings), so
/// a reviewed golden is known to compile.
@Suite struct Test_ReferenceFiles {
    static let casesFolder = TestSupport.packageRoot.appendingPathComponent("Tests/_EntityGenCoreTests/Fixtures/Cases")
    static let cases = ((try? FileManager.default.contentsOfDirectory(atPath: casesFolder.path)) ?? []).sorted()

    static func generate(_ name: String) throws -> [GeneratedFile] {
        let input = casesFolder.appendingPathComponent(name).appendingPathComponent("input")
        let inputs = try SchemaInputs.discover(paths: [input.path])
        let result = GeneratorPipeline.validate(inputs: inputs)
        let schema = try #require(result.schema, "\(name): \(result.diagnostics.map(\.description))")
        let generator = SourceGenerator(schema: schema) { path in
            path.hasPrefix(input.path + "/") ? String(path.dropFirst(input.path.count + 1)) : path
        }
        return generator.machineFiles()
            + generator.humanFiles().map { file in
                var file = file
                file.name = "Human/" + file.name
                return file
            }
    }

    @Test func thereAreCases() {
        #expect(Self.cases.count >= 5)
    }

    @Test(arguments: cases)
    func generatedFilesMatchExpected(name: String) throws {
        let files = try Self.generate(name)
        let expectedFolder = Self.casesFolder.appendingPathComponent(name).appendingPathComponent("expected")
        if ProcessInfo.processInfo.environment["ENTITYGEN_RECORD"] == "1" {
            try? FileManager.default.removeItem(at: expectedFolder)
            for file in files {
                let url = expectedFolder.appendingPathComponent(file.name)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.contents.write(to: url, atomically: true, encoding: .utf8)
            }
            return
        }
        let expectedNames = try Self.expectedFiles(name).map {
            $0.path.replacingOccurrences(of: expectedFolder.path + "/", with: "")
        }
        #expect(expectedNames.sorted() == files.map(\.name).sorted(), "\(name): generated a different set of files")
        for file in files {
            let expected =
                (try? String(contentsOf: expectedFolder.appendingPathComponent(file.name), encoding: .utf8)) ?? ""
            #expect(
                file.contents == expected,
                "\(name)/\(file.name) differs from expected:\n\(TestSupport.lineDiff(expected: expected, actual: file.contents))"
            )
        }
    }

    static func expectedFiles(_ name: String) throws -> [URL] {
        let folder = casesFolder.appendingPathComponent(name).appendingPathComponent("expected")
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "swift" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test(arguments: cases)
    func expectedFilesCompileWithoutWarnings(name: String) throws {
        var files = try Self.expectedFiles(name)
        let support = Self.casesFolder.appendingPathComponent(name).appendingPathComponent("support")
        if let extra = try? FileManager.default.contentsOfDirectory(atPath: support.path) {
            files += extra.sorted().map { support.appendingPathComponent($0) }
        }
        let result = try SwiftCompiler.typecheck(files)
        #expect(result.status == 0, "\(name) does not compile:\n\(result.errors.prefix(20).joined(separator: "\n"))")
        #expect(
            result.warnings.isEmpty,
            "\(name) compiles with warnings:\n\(result.warnings.prefix(20).joined(separator: "\n"))")
    }
}
