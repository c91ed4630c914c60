@testable import _EntityGenCore
import Foundation
import EntityGenTestSupport
import Testing

/// The mapper's key tree grows linearly with an entity's keys: 4n keys cost about 4x n, not 16x (issue
/// 37, item 13: `generate` of an entity with 32,000 attributes took 16.6 s in a debug build, most of it
/// in a linear search of the tree's children for every key; 1.2 s since).
@Suite struct Test_KeyTreeComplexity {
    /// Best of three, in seconds: `count` keys inserted, every seventh under a shared parent object.
    static func seconds(keys count: Int) -> Double {
        let paths = (0..<count).map { index in index % 7 == 0 ? ["group", "a\(index)"] : ["a\(index)"] }
        var best = Double.infinity
        for _ in 0..<3 {
            var tree = KeyTree<Int>()
            let seconds = ThreadCPUTime.seconds {
                for (index, path) in paths.enumerated() { tree.insert(path[...], leaf: index) }
            }
            best = min(best, seconds)
            #expect(tree.leaves.count == count)
        }
        return best
    }

    @Test func keysCostLinearTime() {
        let small = Self.seconds(keys: 4_000)
        let large = Self.seconds(keys: 16_000)
        #expect(large / small < 8, "4,000 keys: \(small) s, 16,000: \(large) s")
    }

    @Test func keysKeepFirstInsertionOrderAndShareParents() {
        var tree = KeyTree<String>()
        for path in [["b"], ["license", "type"], ["a"], ["license", "file"]] {
            tree.insert(path[...], leaf: path.joined(separator: "."))
        }
        #expect(tree.children.map(\.0) == ["b", "license", "a"])
        #expect(tree.leaves == ["b", "license.type", "license.file", "a"])
    }
}
