import EntityGenRuntime
import Foundation
import Testing

/// Fixtures and corpora for the consumer tests.
enum Fixtures {
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"),
            "missing fixture \(name)")
        return Array(try Data(contentsOf: url))
    }

    /// The package root (Tests/EntityGenConsumerTests/ConsumerSupport.swift is three levels down).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every real podspec in `Tests/Corpora/cocoapods-Core-fixtures`, sorted by path.
    static func podspecs() throws -> [(path: String, bytes: [UInt8])] {
        let folder = packageRoot.appendingPathComponent("Tests/Corpora/cocoapods-Core-fixtures/spec/fixtures")
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
        var result: [(String, [UInt8])] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".podspec.json") else { continue }
            result.append((relative, Array(try Data(contentsOf: folder.appendingPathComponent(relative)))))
        }
        try #require(result.count == 114, "Tests/Corpora/cocoapods-Core-fixtures: 114 podspecs, found \(result.count)")
        return result.sorted { $0.0 < $1.0 }
    }
}

/// Maps a value out of a larger document (a page's `result`, a diff action's `payload`).
func mapMember<T: JSONMappable>(_ type: T.Type, in bytes: [UInt8], at path: [String]) throws -> Mapped<T> {
    let document = try JSONDocument(bytes: bytes)
    return try document.withRoot { root throws(MappingError) in
        var context = MappingContext()
        guard let value = root.value(at: path) else {
            throw MappingError(path: "$", schemaLocation: "", message: "no \(path)")
        }
        return Mapped(value: try T.map(from: value, context: &context), issues: context.issues)
    }
}

extension JSONMappable {
    /// Model -> JSON -> model.
    func roundTripped() throws -> Self {
        try Self.map(json: jsonBytes()).value
    }
}
