import _EntityGenCore
import ArgumentParser
import EntityGenImport
import EntityGenRuntime
import Foundation

/// `entitygen check --coverage <payloads...>`: key coverage over many payloads (files, or folders of
/// `.json` files), per entity: the keys no member reads, with counts and an example, and the members
/// whose keys never appear. Progress on a terminal; a payload that cannot be read or parsed is reported
/// where it is and the others are still walked.
struct CoverageRun {
    let schema: ResolvedSchema
    let interpreter: SchemaInterpreter
    let target: CheckCommand.Target
    let format: LintCommand.OutputFormat

    func run(_ paths: [String]) throws {
        let files = try Self.payloadFiles(paths)
        var coverage = KeyCoverage(schema: schema)
        coverage.transformerHints = TransformerHints(namesPayloads: true)
        var failures = 0
        let showsProgress = isatty(STDERR_FILENO) == 1 && files.count > 1
        for (index, file) in files.enumerated() {
            if showsProgress {
                FileHandle.standardError.write(Data("\rcoverage: \(index + 1) of \(files.count) payloads".utf8))
            }
            let bytes: [UInt8]
            do throws(InputError) {
                bytes = try InputFile.readJSON(file, what: "payloads")
            } catch {
                printError(InertText.escaped("\(file): error: \(error.message)"))
                failures += 1
                continue
            }
            do {
                let document = try JSONDocument(bytes: bytes)
                if case let .feed(_, _, layout) = target {
                    // A page that is not the feed's shape is an error, as for the importer.
                    _ = try document.withRoot { root throws(ImportError) in try layout.header(root: root, page: file) }
                }
                document.withRoot { root in Self.walk(root, target, file, into: &coverage) }
            } catch let error as JSONError {
                printError(
                    InertText.escaped(
                        "\(file):\(error.line):\(error.column): error: \(error.message) (at \(error.path))"))
                failures += 1
            } catch {
                printError(InertText.escaped("\(file): error: \(error)"))
                failures += 1
            }
        }
        if showsProgress { FileHandle.standardError.write(Data("\n".utf8)) }
        switch format {
        case .text:
            let lines = coverage.report
            for line in lines { Swift.print(InertText.escaped(line)) }
            if lines.isEmpty {
                Swift.print("coverage: the schema reads every key of the payloads, and every member's key appears")
            }
            for note in coverage.transformerHints?.lines(displayPath: { $0 }) ?? [] {
                Swift.print(InertText.escaped(note))
            }
        case .json:
            Swift.print(String(decoding: coverage.jsonReport, as: UTF8.self))
        }
        let walked = files.count - failures
        printError("coverage: \(walked) payload\(walked == 1 ? "" : "s") walked, \(failures) failed")
        if failures > 0 { throw ExitCode(1) }
    }

    /// Walks a payload's objects as the target reads them: the entity's (each element of a top-level
    /// array), or a feed page's records (the payloads of its diff actions).
    static func walk(
        _ root: JSONValue, _ target: CheckCommand.Target, _ source: String, into coverage: inout KeyCoverage
    ) {
        switch target {
        case let .entity(entity):
            if root.kind == .array {
                root.forEachElement { _, element in coverage.walk(element, as: entity, source: source) }
            } else {
                coverage.walk(root, as: entity, source: source)
            }
        case let .feed(_, entity, layout):
            guard let header = try? layout.header(root: root, page: source) else { return }
            try? layout.forEachRecord(in: header.items) { item throws(ImportError) in
                guard layout.actions != nil else {
                    coverage.walk(item, as: entity, source: source)
                    return
                }
                switch try layout.action(item, page: source) {
                case let .save(payload), let .delete(payload): coverage.walk(payload, as: entity, source: source)
                case .ignored: break
                }
            }
        }
    }

    /// The payload files: files as given, folders expanded to their `.json` files (sorted, recursively).
    static func payloadFiles(_ paths: [String]) throws -> [String] {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                printError("\(path): error: no such file or folder")
                throw ExitCode(2)
            }
            guard isFolder.boolValue else {
                files.append(path)
                continue
            }
            guard let enumerator = FileManager.default.enumerator(atPath: path) else {
                printError("\(path): error: cannot read folder")
                throw ExitCode(2)
            }
            let found = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted()
            files += found.map { (path as NSString).appendingPathComponent($0) }
        }
        return files
    }
}
