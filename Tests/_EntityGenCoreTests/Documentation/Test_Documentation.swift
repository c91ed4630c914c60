@testable import _EntityGenCore
import Foundation
import Testing

/// The README is a front door that stays one, its links resolve, and the schema-language article
/// describes every key the loader accepts (so it cannot drift from `SchemaKeys` and the JSON Schema).
@Suite struct Test_Documentation {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: TestSupport.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theReadmeIsAFrontDoorUnder300Lines() throws {
        let lines = try Self.text("README.md").split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines < 300, "README.md has \(lines) lines; move detail into the DocC articles")
    }

    /// Every relative link of the README names a file of the repository.
    @Test func readmeLinksResolve() throws {
        let readme = try Self.text("README.md")
        let pattern = try NSRegularExpression(pattern: #"\]\(([^)#\s]+)(#[^)]*)?\)"#)
        let range = NSRange(readme.startIndex..., in: readme)
        var checked = 0
        for match in pattern.matches(in: readme, range: range) {
            guard let target = Range(match.range(at: 1), in: readme).map({ String(readme[$0]) }),
                !target.contains("://")
            else { continue }
            checked += 1
            #expect(
                FileManager.default.fileExists(atPath: TestSupport.packageRoot.appendingPathComponent(target).path),
                "README links to \(target), which does not exist")
        }
        #expect(checked >= 8, "the README should link into every catalog and article")
    }

    /// Each key of every kind of mapping appears in the article, as `key` or `key:`.
    @Test func theSchemaLanguageArticleNamesEveryKey() throws {
        let article = try Self.text("Sources/EntityGenRuntime/EntityGenRuntime.docc/SchemaLanguage.md")
        let kinds: [(String, [String])] = [
            ("file", SchemaKeys.file), ("entity", SchemaKeys.entity), ("attribute", SchemaKeys.attribute),
            ("relationship", SchemaKeys.relationship), ("error envelope", SchemaKeys.errorEnvelope),
            ("enum", SchemaKeys.enumeration), ("transformer", SchemaKeys.transformer), ("feed", SchemaKeys.feed),
            ("pagination", SchemaKeys.pagination), ("actions", SchemaKeys.actions), ("config", SchemaKeys.config),
        ]
        for (kind, keys) in kinds {
            for key in keys {
                #expect(
                    article.contains("`\(key)") || article.contains("\(key):"),
                    "SchemaLanguage.md does not describe the \(kind) key '\(key)'")
            }
        }
    }
}
