import EntityGenRuntime
import Foundation
import Testing

/// The runtime's `Codable` pieces generated conformances rely on: boxes code as their value, references
/// as their target's identifier.
@Suite struct Test_CodableRuntime {
    struct Target: Identifiable, Hashable, Sendable { var id: String }

    @Test func boxesCodeAsTheirValues() throws {
        let box = Indirect([1, 2, 3])
        let data = try JSONEncoder().encode(box)
        #expect(String(decoding: data, as: UTF8.self) == "[1,2,3]")
        #expect(try JSONDecoder().decode(Indirect<[Int]>.self, from: data).value == [1, 2, 3])

        let collection = IndirectCollection(["a": 1.5])
        let decoded = try JSONDecoder().decode(
            IndirectCollection<[String: Double]>.self, from: try JSONEncoder().encode(collection))
        #expect(decoded.value == ["a": 1.5])
    }

    @Test func referencesCodeAsIdentifiers() throws {
        let data = try JSONEncoder().encode([EntityReference<Target>("x")])
        #expect(String(decoding: data, as: UTF8.self) == #"["x"]"#)
        #expect(try JSONDecoder().decode([EntityReference<Target>].self, from: data) == [EntityReference("x")])
    }
}
