import Foundation

/// Puts generated files on disk the way mogenerator users expect, minus its faults: machine files are
/// written only when their bytes change (an identical rewrite would still force a recompile), human files
/// only when missing, machine files whose schema is gone are removed (found through a manifest, never by
/// guessing from names), and human files whose entity is gone are reported, never deleted.
public struct OutputWriter {
    /// The manifest's file name, in the machine output folder.
    public static let manifestName = ".entitygen-manifest"

    /// What a run did or, with `dryRun`/`check`, would do.
    public struct Plan: Equatable, Sendable {
        /// Machine files created (paths).
        public var created: [String] = []
        /// Machine files whose contents change.
        public var updated: [String] = []
        /// Machine files left as they were.
        public var unchanged: [String] = []
        /// Stale machine files removed.
        public var removed: [String] = []
        /// Human files created.
        public var humanCreated: [String] = []
        /// Human files whose entity no longer exists (kept).
        public var orphanedHuman: [String] = []

        /// Whether anything on disk changes.
        public var changesFiles: Bool {
            !(created.isEmpty && updated.isEmpty && removed.isEmpty && humanCreated.isEmpty)
        }
    }

    /// Folder for machine files.
    public var machineFolder: URL
    /// Folder for human files, or `nil` to write none.
    public var humanFolder: URL?

    /// Creates a writer.
    public init(machineFolder: URL, humanFolder: URL?) {
        self.machineFolder = machineFolder
        self.humanFolder = humanFolder
    }

    /// Compares the files with the disk and, unless `apply` is false, makes the disk match.
    public func write(machine: [GeneratedFile], human: [GeneratedFile], apply: Bool) throws -> Plan {
        let fileManager = FileManager.default
        var plan = Plan()
        if apply {
            // Both folders before any file: a folder that cannot be created fails the run before
            // anything is written.
            try FileSystem.createFolder(machineFolder.path)
            if let humanFolder, !human.isEmpty { try FileSystem.createFolder(humanFolder.path) }
        }
        for file in machine {
            let url = machineFolder.appendingPathComponent(file.name)
            let bytes = Array(file.contents.utf8)
            if let existing = FileSystem.contents(of: url.path) {
                if existing == bytes { plan.unchanged.append(url.path); continue }
                plan.updated.append(url.path)
                if apply { try FileSystem.replace(url.path, with: bytes) }
            } else {
                plan.created.append(url.path)
                // Nothing can be reading a file that does not exist yet: write it in place.
                if apply { try FileSystem.createExclusively(url.path, with: bytes) }
            }
        }
        let previous = readManifest()
        let current = Set(machine.map(\.name))
        for name in previous.machine.subtracting(current).sorted() {
            let url = machineFolder.appendingPathComponent(name)
            guard fileManager.fileExists(atPath: url.path) else { continue }
            plan.removed.append(url.path)
            if apply { try fileManager.removeItem(at: url) }
        }
        if let humanFolder {
            for file in human {
                let url = humanFolder.appendingPathComponent(file.name)
                guard !fileManager.fileExists(atPath: url.path) else { continue }
                plan.humanCreated.append(url.path)
                if apply { try FileSystem.createExclusively(url.path, with: Array(file.contents.utf8)) }
            }
            let currentHuman = Set(human.map(\.name))
            for name in previous.human.subtracting(currentHuman).sorted()
            where fileManager.fileExists(atPath: humanFolder.appendingPathComponent(name).path) {
                plan.orphanedHuman.append(humanFolder.appendingPathComponent(name).path)
            }
        }
        if apply {
            let manifest = Manifest(
                machine: current, human: humanFolder == nil ? previous.human : Set(human.map(\.name)))
            let url = machineFolder.appendingPathComponent(Self.manifestName)
            let bytes = Array(manifest.text.utf8)
            if FileSystem.contents(of: url.path) != bytes { try FileSystem.replace(url.path, with: bytes) }
        }
        return plan
    }

    private func readManifest() -> Manifest {
        let url = machineFolder.appendingPathComponent(Self.manifestName)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return Manifest(machine: [], human: []) }
        return Manifest(text: text)
    }

    /// The list of files a previous run generated: `machine NAME` and `human NAME` lines, sorted.
    struct Manifest {
        var machine: Set<String>
        var human: Set<String>

        init(machine: Set<String>, human: Set<String>) {
            self.machine = machine
            self.human = human
        }

        init(text: String) {
            machine = []
            human = []
            for line in text.split(separator: "\n") {
                if line.hasPrefix("machine ") { machine.insert(String(line.dropFirst(8))) }
                if line.hasPrefix("human ") { human.insert(String(line.dropFirst(6))) }
            }
        }

        var text: String {
            "# Files generated by entitygen; used to remove machine files whose schema was deleted.\n"
                + machine.sorted().map { "machine \($0)\n" }.joined() + human.sorted().map { "human \($0)\n" }.joined()
        }
    }
}
