import EntityGenRuntime
import Foundation

/// Reads a file a user gave as input (a schema, a payload, a sample, an OpenAPI document), bounded: what
/// is not a file is refused at once with the reason, and a file larger than its limit is refused before
/// it fills memory.
///
/// Read with `FileManager.contents(atPath:)`, a link to `/dev/zero` named `page.json` was read until
/// memory ran out, and a FIFO with no writer blocked for ever (issue 37 found it for schema files). A
/// pipe is still read where a user may give one (`entitygen check Schemas <(curl ...)`, `/dev/stdin`).
public enum InputFile {
    /// Which files are read besides regular ones.
    public enum Accepted: Sendable {
        /// Regular files only: schemas, and files an input names (an OpenAPI document's `$ref`s).
        case regularFiles
        /// Regular files and pipes: payloads, samples and documents named on the command line.
        case regularFilesAndPipes
    }

    /// The bytes of the file at `path`, at most `limit` of them. `what` names such files in the plural
    /// for the messages ("schema files", "payloads").
    /// - Throws: ``InputError`` when the path cannot be opened or read (with the system's reason), is a
    ///   folder, is a device or a socket (or a pipe, when `accepting` is ``Accepted/regularFiles``), or
    ///   holds more than `limit` bytes (a regular file before any is read).
    public static func read(
        _ path: String, limit: Int, accepting: Accepted, what: String
    ) throws(InputError) -> [UInt8] {
        // Opened without blocking, so that a FIFO no process writes to opens at once (and then reads as
        // empty); reads block again below.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw systemError(path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw systemError(path) }
        let limited = "\(what) are limited to \(limit) bytes"
        let type = status.st_mode & S_IFMT
        switch (type, accepting) {
        case (S_IFREG, _):
            guard Int(status.st_size) <= limit else {
                throw InputError(path: path, message: "file is \(status.st_size) bytes; \(limited)")
            }
        case (S_IFDIR, _):
            throw InputError(path: path, message: "a folder, not a file")
        case (S_IFIFO, .regularFilesAndPipes):
            break
        case (_, .regularFiles):
            throw InputError(
                path: path, message: "not a regular file (a device, FIFO or socket); \(what) are regular files")
        case (_, .regularFilesAndPipes):
            throw InputError(
                path: path, message: "not a regular file or a pipe (a device or socket); \(what) are files")
        }
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else { throw systemError(path) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(type == S_IFREG ? Int(status.st_size) : 64 * 1024)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw systemError(path)
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else {
                throw InputError(
                    path: path,
                    message: type == S_IFREG
                        ? "file grew past \(limit) bytes while read; \(limited)"
                        : "more than \(limit) bytes read; \(limited)")
            }
            bytes.append(contentsOf: buffer[0..<count])
        }
    }

    /// A JSON payload or sample named on the command line: a regular file or a pipe, at most as large as
    /// the JSON reader reads (``JSONTape/maximumDocumentSize``).
    public static func readJSON(_ path: String, what: String) throws(InputError) -> [UInt8] {
        try read(path, limit: JSONTape.maximumDocumentSize, accepting: .regularFilesAndPipes, what: what)
    }

    /// "cannot read file" with the reason `errno` gives.
    private static func systemError(_ path: String) -> InputError {
        InputError(path: path, message: "cannot read file: \(String(cString: strerror(errno)))")
    }
}

/// The system's `read(2)` (inside ``InputFile``, `read` names its own method).
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
