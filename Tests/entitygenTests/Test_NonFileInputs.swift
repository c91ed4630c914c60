import Foundation
import Testing

/// Payloads, samples and OpenAPI documents that are not regular files, through the built binary: a
/// link to `/dev/zero` named like a payload (read until memory ran out before), a FIFO nobody writes to
/// (blocked for ever before), a folder, and a pipe on standard input, which is read as a file is.
@Suite struct Test_NonFileInputs {
    static let schema = """
        entities:
          Item:
            identifiedBy: id
            attributes:
              id: Int64
              name: String

        """

    /// A folder with `Items.yaml`, `ok.json` (one item), `zero.json` (a link to `/dev/zero`) and
    /// `fifo.json` (a FIFO), removed after `body`.
    private func withInputs(_ body: (URL) throws -> Void) throws {
        let folder = try Test_CommandPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.schema.utf8).write(to: folder.appendingPathComponent("Items.yaml"))
        let payloads = folder.appendingPathComponent("payloads")
        try FileManager.default.createDirectory(at: payloads, withIntermediateDirectories: true)
        try Data(#"{"id": 1, "name": "one"}"#.utf8).write(to: payloads.appendingPathComponent("ok.json"))
        try FileManager.default.createSymbolicLink(
            atPath: payloads.appendingPathComponent("zero.json").path, withDestinationPath: "/dev/zero")
        #expect(mkfifo(payloads.appendingPathComponent("fifo.json").path, 0o600) == 0)
        try body(folder)
    }

    @Test func checkRefusesADeviceAndAFolderAndReadsAPipe() throws {
        try withInputs { folder in
            let zero = try Test_LintCommand.run(["check", "Items.yaml", "payloads/zero.json"], in: folder)
            #expect(zero.status == 2)
            #expect(
                zero.stderr.contains(
                    "payloads/zero.json: error: not a regular file or a pipe (a device or socket); payloads are files"),
                "\(zero.stderr)")
            let directory = try Test_LintCommand.run(["check", "Items.yaml", "payloads"], in: folder)
            #expect(directory.status == 2)
            #expect(directory.stderr.contains("payloads: error: a folder, not a file"), "\(directory.stderr)")
            // A FIFO nobody writes to reads as empty: an empty document, not a wait.
            let fifo = try Test_LintCommand.run(["check", "Items.yaml", "payloads/fifo.json"], in: folder)
            #expect(fifo.status == 1)
            #expect(fifo.stderr.contains("payloads/fifo.json:1:1: error: document is empty"), "\(fifo.stderr)")
            // `curl ... | entitygen check Items.yaml /dev/stdin`
            let piped = try Test_LintCommand.runWithInput(
                ["check", "Items.yaml", "/dev/stdin", "--print"], in: folder,
                standardInput: Data(#"[{"id": 2, "name": "two"}, {"id": 3, "name": "three"}]"#.utf8))
            #expect(piped.status == 0, "\(piped.stderr)")
            #expect(piped.stdout == #"[{"id":2,"name":"two"},{"id":3,"name":"three"}]"# + "\n")
            #expect(piped.stderr.contains("Item: mapped 2 objects, 0 issues"), "\(piped.stderr)")
        }
    }

    @Test func coverageWalksTheFilesAndNamesWhatItRefused() throws {
        try withInputs { folder in
            let run = try Test_LintCommand.run(
                ["check", "Items.yaml", "--entity", "Item", "--coverage", "payloads"], in: folder)
            #expect(run.status == 1)
            #expect(
                run.stderr.contains("payloads/zero.json: error: not a regular file or a pipe (a device or socket)"),
                "\(run.stderr)")
            #expect(run.stderr.contains("payloads/fifo.json:1:1: error: document is empty"), "\(run.stderr)")
            #expect(run.stderr.contains("coverage: 1 payload walked, 2 failed"), "\(run.stderr)")
        }
    }

    @Test func inferSkipsWhatIsNotASampleAndInfersFromTheRest() throws {
        try withInputs { folder in
            let run = try Test_LintCommand.run(["infer", "payloads", "--name", "Item"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            let output = run.stdout + run.stderr
            #expect(
                output.contains(
                    "payloads/zero.json: not a regular file or a pipe (a device or socket); samples are files; skipped"),
                "\(output)")
            #expect(output.contains("payloads/fifo.json:1:1: skipped, not JSON: document is empty"), "\(output)")
            #expect(run.stdout.contains("name: String"), "\(run.stdout)")
            // An OpenAPI document's name on a device is refused as well.
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent("api.yaml").path, withDestinationPath: "/dev/zero")
            let document = try Test_LintCommand.run(["infer", "api.yaml"], in: folder)
            #expect(document.status != 0)
            #expect(
                document.stderr.contains(
                    "api.yaml: not a regular file or a pipe (a device or socket); OpenAPI documents are files"),
                "\(document.stderr)")
        }
    }
}
