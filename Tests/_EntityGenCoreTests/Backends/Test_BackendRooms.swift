@testable import _EntityGenCore
import Foundation
import Testing

/// Each storage backend lives in its own room (`Sources/_EntityGenCore/Backends/<Name>/`: its translate
/// and render halves side by side) and is registered in one place (`Backends/StorageBackendKind.swift`).
/// Outside its room no engine code names it, and no room names another backend, so adding a backend
/// touches its room, the registration and its runtime module only. Comments and string literals (a
/// diagnostic may say "SQLite") are not code; interpolations inside strings are.
@Suite struct Test_BackendRooms {
    static let engine = TestSupport.packageRoot.appendingPathComponent("Sources/_EntityGenCore")
    static let registration = "Backends/StorageBackendKind.swift"

    /// The words that name a backend in code: its config name, and the library it stands on.
    static func words(of kind: StorageBackendKind) -> [String] {
        switch kind {
        case .sqlite: return ["sqlite", "grdb"]
        case .postgres: return ["postgres"]
        }
    }

    /// `(path relative to the engine, room it is in)` of every engine source.
    static func sources() throws -> [(path: String, room: String?)] {
        let paths = try #require(FileManager.default.subpaths(atPath: engine.path))
        return paths.filter { $0.hasSuffix(".swift") }.sorted().map { path in
            let parts = path.split(separator: "/")
            return (path, parts.count > 2 && parts[0] == "Backends" ? String(parts[1]) : nil)
        }
    }

    @Test func everyRoomIsARegisteredBackend() throws {
        let rooms = Set(try Self.sources().compactMap(\.room).map { $0.lowercased() })
        #expect(rooms == Set(StorageBackendKind.allCases.map(\.rawValue)))
    }

    @Test func noEngineCodeOutsideARoomNamesABackend() throws {
        var findings: [String] = []
        for (path, room) in try Self.sources() where path != Self.registration {
            let text = try String(contentsOf: Self.engine.appendingPathComponent(path), encoding: .utf8)
            let code = Self.code(of: text).lowercased().split(separator: "\n", omittingEmptySubsequences: false)
            for kind in StorageBackendKind.allCases where room?.lowercased() != kind.rawValue {
                for (index, line) in code.enumerated() {
                    for word in Self.words(of: kind) where line.contains(word) {
                        findings.append("\(path):\(index + 1): names \(kind.rawValue) ('\(word)')")
                    }
                }
            }
        }
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    }

    @Test func theScannerSeesCodeAndSkipsCommentsAndStrings() {
        let text = """
            let a = SQLiteBackend() // postgres
            /* grdb */ let b = "GRDB \\(postgresValue) text"
            let c = #"sqlite "quoted""#
            """
        let code = Self.code(of: text).lowercased()
        #expect(code.contains("sqlitebackend"))
        #expect(code.contains("postgresvalue"))
        #expect(!code.contains("grdb"))
        #expect(!code.contains("// postgres"))
        #expect(!code.contains("quoted"))
    }

    /// `text` with comments and string literal contents blanked (line breaks kept, so that line numbers
    /// hold); interpolated expressions stay.
    static func code(of text: String) -> String {
        let characters = Array(text)
        var result: [Character] = []
        var index = 0
        func blank(until end: Int) {
            for character in characters[index..<min(end, characters.count)] {
                result.append(character == "\n" ? "\n" : " ")
            }
            index = min(end, characters.count)
        }
        func starts(_ prefix: String, at position: Int) -> Bool {
            let prefix = Array(prefix)
            return position + prefix.count <= characters.count
                && Array(characters[position..<position + prefix.count]) == prefix
        }
        func find(_ needle: String, from position: Int) -> Int {
            var position = position
            while position < characters.count, !starts(needle, at: position) { position += 1 }
            return position
        }
        while index < characters.count {
            if starts("//", at: index) {
                blank(until: find("\n", from: index))
            } else if starts("/*", at: index) {
                blank(until: find("*/", from: index + 2) + 2)
            } else if characters[index] == "#" || characters[index] == "\"" {
                var hashes = 0
                while index + hashes < characters.count, characters[index + hashes] == "#" { hashes += 1 }
                guard index + hashes < characters.count, characters[index + hashes] == "\"" else {
                    result.append(characters[index])
                    index += 1
                    continue
                }
                let quote = starts("\"\"\"", at: index + hashes) ? "\"\"\"" : "\""
                let close = quote + String(repeating: "#", count: hashes)
                let interpolation = "\\" + String(repeating: "#", count: hashes) + "("
                blank(until: index + hashes + quote.count)
                while index < characters.count, !starts(close, at: index) {
                    if starts(interpolation, at: index) {
                        blank(until: index + interpolation.count)
                        var depth = 1
                        while index < characters.count, depth > 0 {
                            if characters[index] == "(" { depth += 1 }
                            if characters[index] == ")" { depth -= 1 }
                            result.append(characters[index])
                            index += 1
                        }
                    } else if characters[index] == "\\" {
                        blank(until: index + 2)
                    } else {
                        blank(until: index + 1)
                    }
                }
                blank(until: index + close.count)
            } else {
                result.append(characters[index])
                index += 1
            }
        }
        return String(result)
    }
}
