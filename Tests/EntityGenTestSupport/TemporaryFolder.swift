import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Temporary folders for tests: each one a fresh folder under one root per test process, and the root
/// removed when the process exits, so a test run leaves nothing in the system's temporary folder
/// (databases held open by a pool until the end of a test included). A process that crashes leaves
/// its one root behind, named with its process identifier.
public enum TemporaryFolder {
    /// The root of this process's folders, created on first use; its removal is registered then.
    private static let root: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "entitygen-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TemporaryFolder.root) }
        return root
    }()

    /// Creates a new, empty folder whose name starts with `prefix` (the test it serves) and returns it.
    public static func make(_ prefix: String) throws -> URL {
        let folder = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A path for a folder that does not exist yet (for commands that must create it themselves),
    /// under the same root.
    public static func path(_ prefix: String) -> URL {
        root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    }
}
