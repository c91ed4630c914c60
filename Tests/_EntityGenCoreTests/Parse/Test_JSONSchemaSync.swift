@testable import _EntityGenCore
import Foundation
import Testing

/// Keeps `Schemas/entitygen.schema.json` and `Schemas/entitygen-config.schema.json` (what editors with
/// yaml-language-server check against) in step with what the loader accepts.
@Suite struct Test_JSONSchemaSync {
    static func load(_ name: String) throws -> JSONValue {
        try JSONValue.fromYAML(
            String(contentsOf: TestSupport.packageRoot.appendingPathComponent("Schemas/\(name)"), encoding: .utf8))
    }

    static let schema = try! load("entitygen.schema.json")
    static let config = try! load("entitygen-config.schema.json")

    /// The mapping (object) branch of a definition that may also have a short form.
    private func objectBranch(_ definition: JSONValue?) -> JSONValue? {
        if definition?["properties"] != nil { return definition }
        guard case let .array(options)? = definition?["anyOf"] ?? definition?["oneOf"] else { return nil }
        // The declaration form: the branch with the most properties (short forms have at most one).
        return options.filter { $0["properties"] != nil }.max {
            ($0["properties"]?.keys.count ?? 0) < ($1["properties"]?.keys.count ?? 0)
        }
    }

    @Test func declaresExactlyTheKeysTheLoaderAccepts() throws {
        let definitions = Self.schema["definitions"]
        let pairs: [(String, JSONValue?, [String])] = [
            ("file", Self.schema, SchemaKeys.file),
            ("entity", definitions?["entity"], SchemaKeys.entity),
            ("attribute", objectBranch(definitions?["attribute"]), SchemaKeys.attribute),
            ("relationship", objectBranch(definitions?["relationship"]), SchemaKeys.relationship),
            ("errorEnvelope", definitions?["errorEnvelope"], SchemaKeys.errorEnvelope),
            ("push", definitions?["push"], SchemaKeys.push),
            ("enum", definitions?["enum"], SchemaKeys.enumeration),
            ("transformer", definitions?["transformer"], SchemaKeys.transformer),
            ("feed", definitions?["feed"], SchemaKeys.feed),
            ("pagination", definitions?["pagination"], SchemaKeys.pagination),
            ("actions", definitions?["actions"], SchemaKeys.actions),
            ("config", Self.config, SchemaKeys.config),
        ]
        for (name, definition, keys) in pairs {
            let declared = try #require(definition?["properties"], "no properties for \(name)").keys
            #expect(
                Set(declared) == Set(keys),
                "\(name): JSON Schema has \(declared.sorted()), loader accepts \(keys.sorted())")
        }
    }

    @Test func listsTheSameWords() throws {
        let definitions = Self.schema["definitions"]
        func words(_ value: JSONValue?) -> Set<String> { Set(value?["enum"]?.strings ?? []) }
        #expect(words(definitions?["keyConvention"]) == Set(KeyConvention.allCases.map(\.rawValue)))
        #expect(words(definitions?["failurePolicy"]) == Set(FailurePolicy.allCases.map(\.rawValue)))
        #expect(words(definitions?["elementFailurePolicy"]) == Set(ElementFailurePolicy.allCases.map(\.rawValue)))
        #expect(words(definitions?["deleteRule"]) == Set(DeleteRule.allCases.map(\.rawValue)))
        #expect(
            words(definitions?["push"]?["properties"]?["conflicts"]) == Set(ConflictPolicy.allCases.map(\.rawValue)))
        #expect(words(definitions?["jsonValueKind"]) == Set(JSONValueKind.allCases.map(\.rawValue)))
        #expect(words(definitions?["builtinTransformer"]) == Set(BuiltinTransformer.allCases.map(\.rawValue)))
        #expect(words(definitions?["builtinType"]) == Set(BuiltinType.allCases.map(\.rawValue)))
        #expect(
            words(definitions?["enum"]?["properties"]?["rawType"])
                == Set(EnumDeclaration.RawType.allCases.map(\.rawValue)))
        #expect(words(Self.config["properties"]?["accessLevel"]) == Set(AccessLevel.allCases.map(\.rawValue)))
        #expect(words(Self.config["properties"]?["keyConvention"]) == Set(KeyConvention.allCases.map(\.rawValue)))
        // `backends` and `outputs` take one word or a list of them: both branches list every word.
        func branches(_ value: JSONValue?) -> [Set<String>] {
            guard case let .array(options)? = value?["oneOf"] else { return [] }
            return options.map { Set(($0["enum"] ?? $0["items"]?["enum"])?.strings ?? []) }
        }
        #expect(
            branches(Self.config["properties"]?["backends"]) == [
                Set(StorageBackendKind.allCases.map(\.rawValue)), Set(StorageBackendKind.allCases.map(\.rawValue)),
            ])
        #expect(
            branches(Self.config["properties"]?["outputs"]) == [
                Set(OutputKind.allCases.map(\.rawValue)), Set(OutputKind.allCases.map(\.rawValue)),
            ])
    }

    @Test func acceptsEveryExampleTheLoaderAccepts() throws {
        var documents: [(String, String)] = []
        let folder = TestSupport.packageRoot.appendingPathComponent("Schemas")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        where name.hasSuffix(".yaml") {
            documents.append((name, try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)))
        }
        for rule in Rules.all {
            for example in rule.nonTriggeringExamples {
                // Migration histories are JSON the generator writes, not schemas the user writes.
                let histories = Set(StorageBackendKind.allCases.map(\.historyFileName))
                documents += example.files.filter { !histories.contains($0.name) }.map { ($0.name, $0.text) }
            }
        }
        for (name, text) in documents {
            let checker = JSONSchemaChecker(
                root: SchemaInputs.configFileNames.contains(name) ? Self.config : Self.schema)
            let problems = checker.problems(try JSONValue.fromYAML(text))
            #expect(
                problems.isEmpty, "\(name) is accepted by the loader but not by the JSON Schema: \(problems)\n\(text)")
        }
    }

    @Test func rejectsUnknownKeysAndWordsLikeTheLoader() throws {
        for rule in [Rules.unknownKey, Rules.invalidValue, Rules.missingKey] {
            for example in rule.triggeringExamples {
                for file in example.files {
                    let text = file.text.replacingOccurrences(of: String(RuleExample.marker), with: "")
                    let checker = JSONSchemaChecker(
                        root: SchemaInputs.configFileNames.contains(file.name) ? Self.config : Self.schema)
                    #expect(
                        !checker.problems(try JSONValue.fromYAML(text)).isEmpty,
                        "JSON Schema accepts what \(rule.id) rejects:\n\(text)")
                }
            }
        }
    }
}
