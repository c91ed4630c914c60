@testable import _EntityGenCore
import Foundation
import Testing

/// Runs every rule's examples: triggering examples must report the rule exactly at their `↓` markers,
/// non-triggering examples must produce no diagnostic at all.
@Suite struct Test_RuleExamples {
    @Test(arguments: Rules.all)
    func triggeringExamplesReportAtMarkers(rule: RuleDescription) throws {
        if let reason = rule.withoutExamplesBecause {
            #expect(rule.triggeringExamples.isEmpty && rule.nonTriggeringExamples.isEmpty && reason.count > 20)
            return
        }
        #expect(!rule.triggeringExamples.isEmpty, "rule \(rule.id) has no triggering example")
        for example in rule.triggeringExamples {
            let run = ExampleRun(example)
            let reported = Set(run.diagnostics.filter { $0.ruleID == rule.id }.map(\.location))
            #expect(!run.markers.isEmpty, "example of \(rule.id) has no ↓ marker")
            #expect(
                reported == run.markers,
                "rule \(rule.id): expected at \(run.markers.sorted()), reported \(run.diagnostics.map(\.description))")
        }
    }

    @Test(arguments: Rules.all)
    func nonTriggeringExamplesAreClean(rule: RuleDescription) throws {
        guard rule.withoutExamplesBecause == nil else { return }
        #expect(!rule.nonTriggeringExamples.isEmpty, "rule \(rule.id) has no non-triggering example")
        for example in rule.nonTriggeringExamples {
            let run = ExampleRun(example)
            #expect(run.markers.isEmpty)
            #expect(
                run.diagnostics.isEmpty,
                "non-triggering example of \(rule.id) reported \(run.diagnostics.map(\.description))")
        }
    }

    @Test func ruleIDsAreUniqueAndKebabCase() {
        let ids = Rules.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(id) is not kebab-case")
        }
    }
}

/// An example's files with markers removed, their marker locations, and the diagnostics of linting them.
struct ExampleRun {
    var markers: Set<Location> = []
    var diagnostics: [Diagnostic]

    init(_ example: RuleExample) {
        var schemas: [SourceFile] = []
        var config: SourceFile?
        var histories: [StorageBackendKind: SourceFile] = [:]
        var markers: Set<Location> = []
        for file in example.files {
            var text = ""
            var line = 1
            var column = 1
            for scalar in file.text.unicodeScalars {
                if Character(scalar) == RuleExample.marker {
                    markers.insert(Location(file: file.name, line: line, column: column))
                    continue
                }
                text.unicodeScalars.append(scalar)
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
            }
            let source = SourceFile(path: file.name, text: text)
            if SchemaInputs.configFileNames.contains(file.name) {
                config = source
            } else if let backend = StorageBackendKind.allCases.first(where: { $0.historyFileName == file.name }) {
                histories[backend] = source
            } else {
                schemas.append(source)
            }
        }
        self.markers = markers
        diagnostics =
            GeneratorPipeline.validate(schemas: schemas, config: config, migrationHistories: histories).diagnostics
    }
}

/// The Troubleshooting article's rule table lists every rule with its severity, and nothing else.
@Suite struct Test_TroubleshootingRuleTable {
    @Test func listsEveryRule() throws {
        let readme = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent(
                "Sources/EntityGenRuntime/EntityGenRuntime.docc/Troubleshooting.md"), encoding: .utf8)
        let rows = readme.split(separator: "\n").filter {
            $0.hasPrefix("| `") && ($0.contains("| error |") || $0.contains("| warning |"))
        }
        let listed = Dictionary(
            uniqueKeysWithValues: rows.map { row -> (String, String) in
                let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                return (cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")), cells[1])
            })
        #expect(Set(listed.keys) == Set(Rules.all.map(\.id)))
        for rule in Rules.all {
            #expect(
                listed[rule.id] == rule.severity.rawValue,
                "Troubleshooting.md gives \(rule.id) severity \(listed[rule.id] ?? "none")")
        }
    }
}
