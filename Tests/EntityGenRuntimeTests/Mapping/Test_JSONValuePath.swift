import EntityGenRuntime
import Foundation
import Testing

/// Paths of values deep in large arrays are right, and finding many of them is not quadratic (issue 16,
/// item 1: each skipped item's path walked its array from the start, so 200,000 skipped items took 65 s).
@Suite struct Test_JSONValuePath {
    /// `[{"a": [0, 1, ...]}, ...]`: `outer` objects, each with an array of `inner` numbers.
    static func document(outer: Int, inner: Int) throws -> JSONDocument {
        let element = "{\"a\": [" + (0..<inner).map(String.init).joined(separator: ",") + "]}"
        return try JSONDocument(
            bytes: Array(("[" + Array(repeating: element, count: outer).joined(separator: ",") + "]").utf8))
    }

    /// The path of every number in the document, in order.
    static func paths(_ document: JSONDocument) -> [String] {
        document.withRoot { root in
            var paths: [String] = []
            root.forEachElement { _, element in
                element["a"]?.forEachElement { _, number in paths.append(number.path) }
            }
            return paths
        }
    }

    @Test(arguments: [(3, 5), (40, 3), (3, 40), (100, 100), (33, 33), (32, 32)])
    func pathsNameEveryElementOfSmallAndLargeArrays(outer: Int, inner: Int) throws {
        let expected = (0..<outer).flatMap { i in (0..<inner).map { j in "$[\(i)].a[\(j)]" } }
        #expect(Self.paths(try Self.document(outer: outer, inner: inner)) == expected)
    }

    @Test func pathsOfEveryElementCostLinearTime() throws {
        // Best of three, for n and 4n elements: a walk from the array's start per element would cost 16x.
        func seconds(_ count: Int) throws -> Double {
            let document = try Self.document(outer: count, inner: 1)
            var best = Double.infinity
            for _ in 0..<3 {
                let start = DispatchTime.now().uptimeNanoseconds
                _ = Self.paths(document)
                best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            return best
        }
        let small = try seconds(25_000)
        let large = try seconds(100_000)
        #expect(large / small < 8, "25,000 elements: \(small) s, 100,000: \(large) s")
    }
}
