@testable import _EntityGenCore
import Foundation
import Testing

/// Registering a rule cannot be forgotten: every rule declared in `Sources/_EntityGenCore/Rules/` or in a
/// backend's room (`Backends/<Name>/Rules+<Name>.swift`) is in
/// the catalogue (`Rules.all`, which `--list-rules`, the README table and the example tests read), and
/// the README's rule count is the catalogue's.
@Suite struct Test_RuleCatalogue {
    /// The ids of every `RuleDescription(id: ...)` written in the engine's `Rules*.swift` sources.
    static func declaredIDs() throws -> [String] {
        let folder = TestSupport.packageRoot.appendingPathComponent("Sources/_EntityGenCore")
        var ids: [String] = []
        let paths = try #require(FileManager.default.subpaths(atPath: folder.path)).sorted()
        for name in paths where name.hasSuffix(".swift") && (name as NSString).lastPathComponent.hasPrefix("Rules") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for declaration in text.components(separatedBy: "RuleDescription(").dropFirst() {
                let afterID = try #require(
                    declaration.components(separatedBy: "id: \"").dropFirst().first,
                    "\(name): a RuleDescription without an id")
                ids.append(String(afterID.prefix { $0 != "\"" }))
            }
        }
        return ids
    }

    @Test func everyDeclaredRuleIsInTheCatalogue() throws {
        let declared = try Self.declaredIDs()
        #expect(declared.count == Set(declared).count, "a rule id is declared twice")
        #expect(
            Set(declared) == Set(Rules.all.map(\.id)),
            "declared but not in Rules.all: \(Set(declared).subtracting(Rules.all.map(\.id)).sorted())")
        #expect(declared.count == Rules.all.count)
    }

    @Test func readmeRuleCountIsTheCatalogues() throws {
        let readme = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let counts = readme.components(separatedBy: " rules)").dropLast().compactMap { before in
            Int(before.split(separator: "(").last ?? "")
        }
        #expect(!counts.isEmpty, "the README states no rule count")
        for count in counts {
            #expect(count == Rules.all.count, "README says \(count) rules; the catalogue has \(Rules.all.count)")
        }
    }
}
