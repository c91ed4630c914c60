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

extension Test_Documentation {
    /// The article's reference table lists exactly the keys the parser reads, kind by kind (the loose
    /// check above only finds each key somewhere): a key added to `SchemaKeys` without a row entry, or a
    /// row naming a key the parser does not read, fails here.
    @Test func theKeyTableListsExactlyTheParsedKeys() throws {
        let article = try Self.text("Sources/EntityGenRuntime/EntityGenRuntime.docc/SchemaLanguage.md")
        let rows: [(String, [String])] = [
            ("a schema file", SchemaKeys.file), ("an entity", SchemaKeys.entity),
            ("an attribute", SchemaKeys.attribute),
            ("a relationship", SchemaKeys.relationship), ("an enum", SchemaKeys.enumeration),
            ("a transformer", SchemaKeys.transformer), ("a feed", SchemaKeys.feed),
            ("pagination", SchemaKeys.pagination),
            ("diff actions", SchemaKeys.actions), ("the project config", SchemaKeys.config),
        ]
        for (row, keys) in rows {
            let line = try #require(
                article.split(separator: "\n").first { $0.hasPrefix("| \(row) |") }, "no table row '\(row)'")
            let cell = line.dropFirst("| \(row) |".count)
            // The first word of each backticked token (`add:` and `add: created` are the key `add`).
            var named = Set<String>()
            for (index, part) in cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            where index % 2 == 1 {
                if let word = part.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).first {
                    named.insert(String(word))
                }
            }
            #expect(
                named == Set(keys),
                "\(row): the table names \(named.subtracting(keys).sorted()) the parser does not read, and misses \(Set(keys).subtracting(named).sorted())"
            )
        }
    }
}
