@testable import EntityGenRuntime
import Foundation
import Testing

/// ``JSONReader`` reuses its memory only when no document holds it.
@Suite struct Test_JSONReaderReuse {
    private static func names(_ document: JSONDocument) -> [String] {
        document.withRoot { root in
            var names: [String] = []
            root.forEachElement { _, element in names.append(element["name"]?.string() ?? "?") }
            return names
        }
    }

    @Test func aDocumentStillHeldKeepsItsValuesWhileTheReaderReadsOn() throws {
        let reader = JSONReader()
        let first = try reader.read(Array(#"[{"name": "first"}, {"name": "one"}]"#.utf8))
        let second = try reader.read(Array(#"[{"name": "second"}]"#.utf8))
        var third: JSONDocument? = try reader.read(Array(#"[{"name": "third, and longer than the others"}]"#.utf8))
        #expect(Self.names(first) == ["first", "one"])
        #expect(Self.names(second) == ["second"])
        #expect(third.map(Self.names) == ["third, and longer than the others"])
        #expect(first.storage !== second.storage && second.storage !== third?.storage)
        third = nil
        // Nothing holds the last memory now: the next document reuses it.
        let fourth = try reader.read(Array(#"[{"name": "fourth"}]"#.utf8))
        #expect(Self.names(fourth) == ["fourth"])
        #expect(Self.names(first) == ["first", "one"])
    }

    @Test func aReleasedDocumentsMemoryIsReused() throws {
        let reader = JSONReader()
        var identities: Set<ObjectIdentifier> = []
        for index in 0..<50 {
            // Growing and shrinking documents into the same memory.
            let count = [1_000, 1_500, 3][index % 3]
            let text = "[" + (0..<count).map { #"{"name": "n\#($0)"}"# }.joined(separator: ",") + "]"
            let document = try reader.read(Array(text.utf8))
            identities.insert(ObjectIdentifier(document.storage))
            #expect(Self.names(document) == (0..<count).map { "n\($0)" })
            // The lazily built index of a large array's elements (paths) belongs to one document: the
            // previous document's index must not answer for this one.
            let lastPath = document.withRoot { root in
                var path = ""
                root.forEachElement { _, element in path = element.path }
                return path
            }
            #expect(lastPath == "$[\(count - 1)]")
        }
        #expect(identities.count == 1)
    }

    @Test func aFailedReadLeavesTheReaderUsable() throws {
        let reader = JSONReader()
        for _ in 0..<3 {
            #expect(throws: JSONError.self) { _ = try reader.read(Array(#"{"name": tru}"#.utf8)) }
            #expect(try reader.read(Array("[1, 2]".utf8)).withRoot { $0.count } == 2)
        }
    }

    @Test func documentsSentToOtherTasksAreNotOverwritten() async throws {
        let reader = JSONReader()
        var tasks: [Task<[String], Never>] = []
        for index in 0..<20 {
            let document = try reader.read(Array(#"[{"name": "page \#(index)"}]"#.utf8))
            tasks.append(
                Task.detached {
                    try? await Task.sleep(nanoseconds: 1_000_000)
                    return Self.names(document)
                })
        }
        for (index, task) in tasks.enumerated() {
            #expect(await task.value == ["page \(index)"])
        }
    }
}
