import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few file operations generation needs, done directly: Foundation's atomic write adds an fsync and
/// extended-attribute copies per file, which dominated generating 1,000 files. Generated files can always
/// be regenerated, so they are replaced atomically (write a temporary file, rename) but not synced.
enum FileSystem {
    /// The regular file's bytes, or `nil` when it cannot be read (``InputFile`` reads it).
    static func contents(of path: String) -> [UInt8]? {
        try? InputFile.read(path, limit: .max - 1, accepting: .regularFiles, what: "files")
    }

    /// Replaces (or creates) the file with `bytes` atomically: readers see the old or the new contents.
    static func replace(_ path: String, with bytes: [UInt8]) throws {
        let temporary = path + ".entitygen-\(getpid())~"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystemError(path: path, code: errno) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                let code = errno
                close(descriptor)
                unlink(temporary)
                throw FileSystemError(path: path, code: code)
            }
            written += count
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileSystemError(path: path, code: code)
        }
    }

    /// Creates the folder and any missing parents; an existing folder is fine. Errors name the path that
    /// failed: a file where a folder should be, a parent that cannot be written.
    static func createFolder(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw FileSystemError(path: path, code: ENOTDIR) }
            return
        }
        let parent = parentPath(of: path)
        if !parent.isEmpty, parent != path { try createFolder(parent) }
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else { throw FileSystemError(path: path, code: errno) }
    }

    /// The folder a path is in (`a/b` for `a/b/c/`, `/` for `/a`, empty for `a`). Not
    /// `NSString.deletingLastPathComponent`: on Linux its second call on a one-character name (`t`)
    /// crashes the process (swift-corelibs-foundation, Swift 6.3.1).
    static func parentPath(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        var end = slash
        while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        return end == 0 ? "/" : String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// Creates the file only if it does not exist (human files are never overwritten).
    static func createExclusively(_ path: String, with bytes: [UInt8]) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystemError(path: path, code: errno) }
        defer { close(descriptor) }
        let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard count == bytes.count else { throw FileSystemError(path: path, code: errno) }
    }
}

/// A failed file operation, with the system's reason.
struct FileSystemError: Error, LocalizedError {
    var path: String
    var code: Int32

    var errorDescription: String? { "\(path): \(String(cString: strerror(code)))" }
}
