@testable import _EntityGenCore
import Testing

/// The path arithmetic behind creating output folders, done without `NSString` (whose
/// `deletingLastPathComponent` crashes on Linux on its second call with a one-letter name).
@Suite struct Test_FileSystem {
    @Test(arguments: [
        ("t", ""), ("t/", ""), ("a/b", "a"), ("a/b/", "a"), ("a//b", "a"), ("/t", "/"), ("/", "/"),
        ("/a/b/c", "/a/b"), ("./t", "."), ("", ""),
    ])
    func parentPath(path: String, parent: String) {
        #expect(FileSystem.parentPath(of: path) == parent)
        // Called again on the same text: the same answer (the Foundation call crashed here).
        #expect(FileSystem.parentPath(of: path) == parent)
    }
}
