import Foundation
import Testing

@testable import _EntityGenCore

/// Input files that are not what they seem (a device behind a `.json` name, a FIFO nobody writes to, a
/// folder, a pipe), and files over their limit: each refused at once with the reason, or read, bounded.
@Suite struct Test_InputFile {
    /// A folder of its own, removed after `body`.
    private func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("entitygen-inputfile-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    /// The message `read` throws, or `nil` when it reads.
    private func refusal(
        _ path: String, limit: Int = 1 << 20, _ accepting: InputFile.Accepted
    ) -> String? {
        do {
            _ = try InputFile.read(path, limit: limit, accepting: accepting, what: "payloads")
            return nil
        } catch {
            return error.message
        }
    }

    @Test func aDeviceBehindAJSONNameIsRefusedWithoutReadingIt() throws {
        try withFolder { folder in
            let zero = folder.appendingPathComponent("page.json").path
            try FileManager.default.createSymbolicLink(atPath: zero, withDestinationPath: "/dev/zero")
            #expect(
                refusal(zero, .regularFilesAndPipes)
                    == "not a regular file or a pipe (a device or socket); payloads are files")
            #expect(
                refusal(zero, .regularFiles)
                    == "not a regular file (a device, FIFO or socket); payloads are regular files")
        }
    }

    @Test func aFIFONobodyWritesToReadsAsEmptyOrIsRefusedNeverBlocking() throws {
        try withFolder { folder in
            let fifo = folder.appendingPathComponent("page.json").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let bytes = try InputFile.read(fifo, limit: 100, accepting: .regularFilesAndPipes, what: "payloads")
            #expect(bytes == [])
            #expect(refusal(fifo, .regularFiles)?.hasPrefix("not a regular file (a device, FIFO or socket)") == true)
        }
    }

    @Test func aPipeIsReadToItsEndWithinTheLimit() throws {
        for (size, limit) in [(10_000, 10_000), (10_001, 10_000)] {
            let pipe = Pipe()
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0) }
            pipe.fileHandleForWriting.write(Data(bytes))
            try pipe.fileHandleForWriting.close()
            let path = "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)"
            if size <= limit {
                let read = try InputFile.read(path, limit: limit, accepting: .regularFilesAndPipes, what: "payloads")
                #expect(read == bytes)
            } else {
                #expect(
                    refusal(path, limit: limit, .regularFilesAndPipes)
                        == "more than 10000 bytes read; payloads are limited to 10000 bytes")
            }
            #expect(refusal(path, limit: limit, .regularFiles)?.hasPrefix("not a regular file") == true)
            try pipe.fileHandleForReading.close()
        }
    }

    @Test func aRegularFileOverItsLimitIsRefusedBeforeItIsRead() throws {
        try withFolder { folder in
            let file = folder.appendingPathComponent("page.json")
            try Data(repeating: 0x20, count: 1_000).write(to: file)
            #expect(
                refusal(file.path, limit: 999, .regularFiles) == "file is 1000 bytes; payloads are limited to 999 bytes"
            )
            let read = try InputFile.read(file.path, limit: 1_000, accepting: .regularFiles, what: "payloads")
            #expect(read.count == 1_000)
        }
    }

    @Test func foldersAndMissingFilesSayWhat() throws {
        try withFolder { folder in
            #expect(refusal(folder.path, .regularFilesAndPipes) == "a folder, not a file")
            #expect(
                refusal(folder.appendingPathComponent("none.json").path, .regularFiles)
                    == "cannot read file: No such file or directory")
        }
    }
}
