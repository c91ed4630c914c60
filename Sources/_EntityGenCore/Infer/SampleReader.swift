import EntityGenImport
import EntityGenRuntime
import Foundation

/// Reads sample payloads for `entitygen infer`: JSON files and folders of them, JSON Lines, and feed
/// pages, and hands every record to a ``ShapeNode``. Memory stays bounded: a large top-level array is
/// split into batches as it is read, JSON Lines are read a chunk at a time, and only statistics are
/// kept.
public struct SampleReader {
    /// Where records are in each document: `nil` to detect (a top-level array, one object, or the one
    /// array of objects in an envelope such as `{"results": [...], "next": ...}`).
    public var recordsPath: [String]?
    /// Called after each file with the files read so far, the total and the bytes read.
    public var progress: ((Int, Int, Int) -> Void)?
    /// Called with every record and where it was read (`file` or `file:line`), after it is observed:
    /// what a caller checks the inferred schema against reads exactly the records inference read.
    public var visitRecord: ((JSONValue, String) -> Void)?

    /// What was read.
    public private(set) var summary = SampleSummary()
    /// The node every record was given to.
    let records: ShapeNode = {
        let node = ShapeNode(key: nil, path: "$")
        node.tracksVariants = true
        return node
    }()
    let budget = IdentityBudget()

    /// Files larger than this (in bytes) are streamed: a top-level array in batches of elements.
    public var streamingThreshold = 16 << 20
    static let chunkSize = 1 << 20

    /// A reader of records at `recordsPath` in each document (`nil`: detected).
    public init(recordsPath: [String]? = nil) {
        self.recordsPath = recordsPath
    }

    /// The JSON and JSON Lines files the paths name (folders searched recursively), sorted; a path that
    /// does not exist, or a folder with no such file, is an error.
    public static func files(_ paths: [String]) throws(SampleError) -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw SampleError("\(path): no such file or folder")
            }
            guard isFolder.boolValue else {
                files.append(path)
                continue
            }
            let found = (manager.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                .filter { Self.isSampleFile($0) }.sorted().map { (path as NSString).appendingPathComponent($0) }
            guard !found.isEmpty else { throw SampleError("\(path): no .json, .jsonl or .ndjson files in this folder") }
            files += found
        }
        return files
    }

    static func isSampleFile(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".json") || isJSONLines(lower)
    }

    static func isJSONLines(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson")
    }

    /// Reads every file; a file that cannot be read or is not JSON is a warning and is skipped.
    public mutating func read(_ files: [String]) {
        var bytes = 0
        for (index, file) in files.enumerated() {
            bytes += read(file: file)
            progress?(index + 1, files.count, bytes)
        }
    }

    /// Reads one JSON document already in memory (`name` is where warnings say it was).
    public mutating func read(document bytes: [UInt8], name: String) {
        summary.files += 1
        document(bytes, file: name, line: nil)
    }

    /// Reads one file; returns its size.
    private mutating func read(file: String) -> Int {
        var status = stat()
        if stat(file, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            // Not a regular file: a pipe (`<(curl ...)`) is read whole, bounded; a device, a FIFO no
            // process writes to (read as empty) and a folder are said and skipped, never read for ever.
            do throws(InputError) {
                let bytes = try InputFile.readJSON(file, what: "samples")
                summary.files += 1
                document(bytes, file: file, line: nil)
                return bytes.count
            } catch {
                summary.warn("\(file): \(error.message); skipped")
                return 0
            }
        }
        guard let handle = FileHandle(forReadingAtPath: file) else {
            summary.warn("\(file): cannot be read")
            return 0
        }
        defer { try? handle.close() }
        let size = Int((try? handle.seekToEnd()) ?? 0)
        try? handle.seek(toOffset: 0)
        summary.files += 1
        if Self.isJSONLines(file) {
            readLines(handle, file: file)
        } else if size > streamingThreshold {
            readLargeArray(handle, file: file)
        } else {
            let data = (try? handle.readToEnd()) ?? Data()
            document(Array(data), file: file, line: nil)
        }
        return size
    }

    /// One JSON text: its records go to the shape.
    private mutating func document(_ bytes: [UInt8], file: String, line: Int?) {
        let place = line.map { "\(file):\($0)" } ?? file
        do {
            let document = try JSONDocument(bytes: bytes)
            document.withRoot { root in records(in: root, place: place) }
        } catch {
            let position = line.map { "\(file):\($0):\(error.column)" } ?? "\(file):\(error.line):\(error.column)"
            summary.warn("\(position): skipped, not JSON: \(error.message)")
        }
    }

    /// Finds the records of a document and observes each.
    private mutating func records(in root: JSONValue, place: String) {
        summary.documents += 1
        if let recordsPath {
            guard let found = root.value(at: recordsPath) else {
                summary.warn("\(place): no '\(recordsPath.joined(separator: "."))': no records read from it")
                return
            }
            observe(list: found, place: place)
            summary.forms.insert(found.kind == .array ? .array : .single)
            return
        }
        if root.kind == .object, let envelope = Envelope.detect(root) {
            summary.forms.insert(.envelope(envelope.itemsKey))
            summary.envelopeKeys.formUnion(envelope.otherKeys)
            if let pagination = envelope.pagination { summary.pagination.insert(pagination) }
            observe(list: root[envelope.itemsKey]!, place: place)
            return
        }
        summary.forms.insert(root.kind == .array ? .array : .single)
        observe(list: root, place: place)
    }

    /// An array's elements, or one value, as records.
    private mutating func observe(list: JSONValue, place: String) {
        if list.kind == .array {
            list.forEachElement { _, element in observe(record: element, place: place) }
        } else {
            observe(record: list, place: place)
        }
    }

    /// Observes one record given by a caller (the objects of one entity, for `infer --update`).
    mutating func observeRecord(_ record: JSONValue) {
        summary.files = max(summary.files, 1)
        summary.documents += 1
        summary.forms.insert(.single)
        observe(record: record, place: "")
    }

    private mutating func observe(record: JSONValue, place: String) {
        guard record.kind == .object else {
            summary.nonObjectRecords += 1
            if summary.nonObjectRecords == 1 { summary.warn("\(place): a record that is not an object was left out") }
            return
        }
        summary.records += 1
        self.records.observe(record, budget: budget)
        visitRecord?(record, place)
    }

    /// JSON Lines, a chunk at a time.
    private mutating func readLines(_ handle: FileHandle, file: String) {
        var pending: [UInt8] = []
        var line = 0
        func flush(_ bytes: ArraySlice<UInt8>) {
            line += 1
            guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
            document(Array(bytes), file: file, line: line)
        }
        while let chunk = try? handle.read(upToCount: Self.chunkSize), !chunk.isEmpty {
            pending += chunk
            var start = pending.startIndex
            while let newline = pending[start...].firstIndex(of: 0x0A) {
                flush(pending[start..<newline])
                start = newline + 1
            }
            pending.removeSubrange(..<start)
        }
        if !pending.isEmpty { flush(pending[...]) }
    }

    /// A large file: a top-level array split into batches as it is read; anything else is read whole.
    private mutating func readLargeArray(_ handle: FileHandle, file: String) {
        var splitter = JSONArraySplitter()
        do {
            while let chunk = try handle.read(upToCount: Self.chunkSize), !chunk.isEmpty {
                try chunk.withUnsafeBytes { raw in
                    try splitter.consume(raw.bindMemory(to: UInt8.self), batchSize: 1_000) { batch, _ in
                        self.batch(batch, file: file)
                    }
                }
            }
            try splitter.finish { batch, _ in self.batch(batch, file: file) }
            summary.documents += 1
            summary.forms.insert(.array)
        } catch let failure as JSONArraySplitter.Failure {
            if failure.message == "expected a top-level array", splitter.count == 0 {
                // Not an array: read whole (an object, or an envelope).
                try? handle.seek(toOffset: 0)
                document(Array((try? handle.readToEnd()) ?? Data()), file: file, line: nil)
                return
            }
            summary.documents += 1
            // The complete elements since the last batch are read too.
            if let complete = splitter.completeElements { batch(complete, file: file) }
            summary.warn("\(file): byte \(failure.offset): \(failure.message); the records before it were read")
        } catch {
            summary.warn("\(file): \(error); the records before it were read")
        }
    }

    private mutating func batch(_ bytes: [UInt8], file: String) {
        do {
            let document = try JSONDocument(bytes: bytes)
            document.withRoot { root in observe(list: root, place: file) }
        } catch {
            summary.warn("\(file): a batch of records is not JSON (\(error.message)); it was skipped")
        }
    }
}

/// A sample input that cannot be used at all (a missing path, an empty folder).
public struct SampleError: Error, CustomStringConvertible {
    /// What is wrong with the input.
    public var description: String
    init(_ description: String) { self.description = description }
}
