@testable import _EntityGenCore
import EntityGenTestSupport
import Foundation
import Testing

@Suite struct Test_OutputWriter {
    private func folder() throws -> URL {
        let url = try TemporaryFolder.make("entitygen-writer")
        return url
    }

    private func modificationDate(_ url: URL) throws -> Date {
        try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as! Date
    }

    @Test func machineFilesAreWrittenOnlyWhenTheirBytesChange() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = OutputWriter(machineFolder: root.appendingPathComponent("Machine"), humanFolder: nil)
        let first = try writer.write(
            machine: [GeneratedFile(name: "A.generated.swift", contents: "a\n", kind: .machine)], human: [], apply: true
        )
        #expect(first.created.count == 1)
        let url = root.appendingPathComponent("Machine/A.generated.swift")
        let written = try modificationDate(url)
        Thread.sleep(forTimeInterval: 0.02)
        let again = try writer.write(
            machine: [GeneratedFile(name: "A.generated.swift", contents: "a\n", kind: .machine)], human: [], apply: true
        )
        #expect(again.unchanged.count == 1 && !again.changesFiles)
        #expect(try modificationDate(url) == written)  // identical bytes: the file is not touched
        let changed = try writer.write(
            machine: [GeneratedFile(name: "A.generated.swift", contents: "b\n", kind: .machine)], human: [], apply: true
        )
        #expect(changed.updated.count == 1)
        #expect(try String(contentsOf: url, encoding: .utf8) == "b\n")
    }

    @Test func staleMachineFilesAreRemovedButHumanFilesAreKeptAndReported() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = OutputWriter(
            machineFolder: root.appendingPathComponent("Machine"), humanFolder: root.appendingPathComponent("Human"))
        _ = try writer.write(
            machine: [
                GeneratedFile(name: "A.generated.swift", contents: "a\n", kind: .machine),
                GeneratedFile(name: "B.generated.swift", contents: "b\n", kind: .machine),
            ],
            human: [
                GeneratedFile(name: "A.swift", contents: "// a\n", kind: .human),
                GeneratedFile(name: "B.swift", contents: "// b\n", kind: .human),
            ],
            apply: true)
        let human = root.appendingPathComponent("Human/B.swift")
        try "// my own code\n".write(to: human, atomically: true, encoding: .utf8)
        // An unrelated file in the machine folder is never touched: only manifest entries are removed.
        try "keep\n".write(
            to: root.appendingPathComponent("Machine/Unrelated.swift"), atomically: true, encoding: .utf8)
        let plan = try writer.write(
            machine: [GeneratedFile(name: "A.generated.swift", contents: "a\n", kind: .machine)],
            human: [GeneratedFile(name: "A.swift", contents: "// a changed template\n", kind: .human)],
            apply: true)
        #expect(plan.removed.map { ($0 as NSString).lastPathComponent } == ["B.generated.swift"])
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Machine/B.generated.swift").path))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Machine/Unrelated.swift").path))
        #expect(plan.orphanedHuman.map { ($0 as NSString).lastPathComponent } == ["B.swift"])
        #expect(try String(contentsOf: human, encoding: .utf8) == "// my own code\n")
        // Never overwritten.
        #expect(try String(contentsOf: root.appendingPathComponent("Human/A.swift"), encoding: .utf8) == "// a\n")
    }

    /// A human folder that cannot be created (its path is a file) fails the run before any machine file
    /// is written: `generate` exits 2 with nothing half done.
    @Test func aFolderThatCannotBeCreatedFailsBeforeAnythingIsWritten() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let blocker = root.appendingPathComponent("Human")
        try Data("a file".utf8).write(to: blocker)
        let writer = OutputWriter(machineFolder: root.appendingPathComponent("Machine"), humanFolder: blocker)
        #expect(throws: (any Error).self) {
            try writer.write(
                machine: [GeneratedFile(name: "A.generated.swift", contents: "a\n", kind: .machine)],
                human: [GeneratedFile(name: "A.swift", contents: "extension A {}\n", kind: .human)], apply: true)
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Machine").path)
        #expect(written.isEmpty)
    }

    @Test func dryRunWritesNothing() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = OutputWriter(
            machineFolder: root.appendingPathComponent("Machine"), humanFolder: root.appendingPathComponent("Human"))
        let plan = try writer.write(
            machine: [GeneratedFile(name: "A.generated.swift", contents: "a\n", kind: .machine)],
            human: [GeneratedFile(name: "A.swift", contents: "// a\n", kind: .human)], apply: false)
        #expect(plan.created.count == 1 && plan.humanCreated.count == 1)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Machine").path))
    }

    @Test func machineFileNamesDeriveFromInputNamesAlone() {
        #expect(GeneratedFile.machineFileName(forSchema: "Schemas/Pods.yaml") == "Pods.generated.swift")
        #expect(GeneratedFile.machineFileName(forSchema: "/a/b/My.Models.yml") == "My.Models.generated.swift")
    }
}
