import Foundation

/// Where the benchmarks keep what they write: SQLite databases, the streamed files and the PostgreSQL
/// cluster they start.
///
/// On Linux that is `/dev/shm`, memory-backed (tmpfs), when it is a writable folder. Both sides of every
/// ratio write the same pages through the same system calls either way; what a disk adds is its
/// write-back and the checkpoint's `fdatasync`, whose length is the disk's, not the code's. On a 2-core
/// KVM host with the databases on its virtio disk, the same raw SQLite loop over 100,000 rows took 1.04
/// to 1.54 s in two runs a minute apart, and the kernel's write-back competed with the mapping thread
/// for the second core; in `/dev/shm`, alternated with those runs, 1.06 to 1.24 s.
/// `ENTITYGEN_BENCH_STORAGE=<folder>` measures on another file system (a disk, as an app writes to
/// one); without `/dev/shm` (macOS) the temporary folder is used.
enum BenchStorage {
    /// The environment variable that names the folder.
    static let variable = "ENTITYGEN_BENCH_STORAGE"

    /// The folder everything is written under, and why this one (checked once: a named folder that is
    /// not a writable directory stops the benchmark with status 2, before anything is measured).
    static let choice: (directory: URL, reason: String) = {
        let fileManager = FileManager.default
        func isWritableFolder(_ path: String) -> Bool {
            var isDirectory: ObjCBool = false
            return fileManager.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
                && fileManager.isWritableFile(atPath: path)
        }
        if let given = ProcessInfo.processInfo.environment[variable], !given.isEmpty {
            guard isWritableFolder(given) else {
                FileHandle.standardError.write(Data("error: \(variable)=\(given) is not a writable folder\n".utf8))
                exit(2)
            }
            return (URL(fileURLWithPath: given, isDirectory: true), "from \(variable)")
        }
        if isWritableFolder("/dev/shm") {
            return (
                URL(fileURLWithPath: "/dev/shm", isDirectory: true),
                "memory-backed; \(variable)=<folder> measures on another file system"
            )
        }
        return (fileManager.temporaryDirectory, "the temporary folder: no /dev/shm here")
    }()

    /// The folder everything is written under.
    static var directory: URL { choice.directory }

    /// A new name under ``directory``, `<prefix>-<8 random hex digits>` (not created).
    static func folder(_ prefix: String) -> URL {
        directory.appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))", isDirectory: true)
    }

    /// Prints `info storage <folder> (<why this one>)`.
    static func printStorage() {
        print("info storage \(choice.directory.path) (\(choice.reason))")
    }
}
