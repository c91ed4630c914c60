import Foundation
import Testing

@testable import _EntityGenCore

/// Generated code's plumbing (members and types whose names start with `_`) is never `public`: under
/// `accessLevel: public`, the API a library ships is the user's data, the records and the associations.
@Suite struct Test_GeneratedAccess {
    /// A `public` declaration whose name starts with `_`, whatever modifiers stand between.
    static let publicUnderscored = try! NSRegularExpression(
        pattern:
            #"\bpublic\s+(?:(?:static|final|mutating|nonisolated|override|indirect|convenience|required)\s+)*(?:var|let|func|enum|struct|class|actor|typealias|protocol)\s+_"#
    )

    /// The lines of `text` with a public underscored declaration.
    static func offending(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { line in
            let line = String(line)
            return publicUnderscored.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
        }
    }

    @Test func theCheckFindsAPublicUnderscoredDeclaration() {
        #expect(Self.offending("    public enum _SparesLink: GRDB.TableRecord {").count == 1)
        #expect(Self.offending("        public static let _x = 1").count == 1)
        #expect(Self.offending("    internal enum _SparesLink {\n    public static let spares = 1").isEmpty)
    }

    @Test func noGoldenDeclaresAPublicUnderscoredName() throws {
        var publicCases = 0
        for name in Test_ReferenceFiles.cases {
            let expected = Test_ReferenceFiles.casesFolder.appendingPathComponent(name + "/expected")
            let files = FileManager.default.enumerator(atPath: expected.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".generated.swift") {
                let text = try String(contentsOf: expected.appendingPathComponent(file), encoding: .utf8)
                if text.contains("public struct") { publicCases += 1 }
                let lines = Self.offending(text)
                #expect(lines.isEmpty, "\(name)/\(file): \(lines.joined(separator: "\n"))")
            }
        }
        // The goldens generated with `accessLevel: public` (public-access, postgres) are among those read.
        #expect(publicCases >= 2)
    }
}
