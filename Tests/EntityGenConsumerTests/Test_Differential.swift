@testable import _EntityGenCore
import EntityGenRuntime
import EntityGenTestSupport
import Foundation
import Testing

/// The generated mappers (compiled from Schemas/ by the plugin) against the interpreter behind
/// `entitygen check`: for every example schema and fixture, and for seeded mutations of them, both must
/// produce the same values (compared as the JSON each writes back), the same report and the same errors.
@Suite struct Test_Differential {
    typealias Generated = @Sendable (JSONValue, inout MappingContext) throws(MappingError) -> [UInt8]

    static func generated<T: JSONMappable>(_: T.Type) -> Generated {
        { value, context throws(MappingError) in try T.map(from: value, context: &context).jsonBytes() }
    }

    static let mappers: [String: Generated] = [
        "Widget": generated(Widget.self), "TextWidget": generated(TextWidget.self),
        "ImageWidget": generated(ImageWidget.self),
        "MyModel": generated(MyModel.self), "ModelTwo": generated(ModelTwo.self), "Avatar": generated(Avatar.self),
        "Group": generated(Group.self), "Person": generated(Person.self), "Pod": generated(Pod.self),
        "Subspec": generated(Subspec.self), "Product": generated(Product.self), "Store": generated(Store.self),
    ]

    static let interpreter: SchemaInterpreter = {
        let root = Fixtures.packageRoot.path + "/"
        return SchemaInterpreter(schema: interpreterSchema) {
            $0.hasPrefix(root) ? String($0.dropFirst(root.count)) : $0
        }
    }()

    /// What one side produced: canonical JSON of the value (object keys sorted, so the order inside
    /// custom values does not matter) or the error, and the issues.
    struct Outcome: Equatable {
        /// Canonical JSON, custom-transformer values left out (only user code can convert those).
        var json: String?
        var error: String?
        var errorPath: String?
        var issues: [String]
        var issuePaths: [String] = []
    }

    static func canonical(_ bytes: [UInt8]) -> String {
        canonical(bytes, leavingOut: customKeys)
    }

    static func canonical(_ bytes: [UInt8], leavingOut excluded: Set<String>) -> String {
        guard let document = try? JSONDocument(bytes: bytes) else { return "<invalid JSON>" }
        func write(_ value: JSONValue, _ writer: inout JSONWriter) {
            switch value.kind {
            case .object:
                var members: [(String, JSONValue)] = []
                value.forEachMember { members.append(($0, $1)) }
                writer.beginObject()
                for (key, member) in members.sorted(by: { $0.0 < $1.0 }) where !excluded.contains(key) {
                    writer.key(key); write(member, &writer)
                }
                writer.endObject()
            case .array:
                writer.beginArray()
                value.forEachElement { write($1, &writer) }
                writer.endArray()
            default: RawJSON.write(value, to: &writer)
            }
        }
        var writer = JSONWriter()
        document.withRoot { write($0, &writer) }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    static func compare(_ entity: String, _ bytes: [UInt8]) throws -> (generated: Outcome, interpreted: Outcome)? {
        guard let document = try? JSONDocument(bytes: bytes) else { return nil }
        let mapper = try #require(mappers[entity])
        return document.withRoot { root in
            var context = MappingContext()
            var generated = Outcome(issues: [])
            do throws(MappingError) { generated.json = canonical(try mapper(root, &context)) } catch {
                generated.error = error.description
                generated.errorPath = error.path
            }
            generated.issues = context.issues.map(\.description)
            generated.issuePaths = context.issues.map(\.path)
            context = MappingContext()
            var interpreted = Outcome(issues: [])
            do throws(MappingError) {
                let value = try interpreter.map(entity, from: root, context: &context)
                var writer = JSONWriter()
                interpreter.write(value, to: &writer)
                interpreted.json = canonical(writer.bytes)
            } catch {
                interpreted.error = error.description
                interpreted.errorPath = error.path
            }
            interpreted.issues = context.issues.map(\.description)
            interpreted.issuePaths = context.issues.map(\.path)
            return (generated, interpreted)
        }
    }

    static func payloads() throws -> [(entity: String, name: String, bytes: [UInt8])] {
        var result: [(String, String, [UInt8])] = []
        let widgets = try JSONDocument(bytes: Fixtures.bytes("widgets-diff.json"))
        widgets.withRoot { root in
            root["actions"]?.forEachElement { index, action in
                var writer = JSONWriter()
                if let payload = action["payload"] { RawJSON.write(payload, to: &writer) }
                result.append(("Widget", "widgets-diff[\(index)]", writer.bytes))
            }
        }
        result.append(("MyModel", "esmodel", try Fixtures.bytes("esmodel.json")))
        result.append(("Person", "hydrant-person", try Fixtures.bytes("hydrant-person.json")))
        result.append(("Person", "hydrant-not-found", try Fixtures.bytes("hydrant-not-found.json")))
        for (file, entity) in [
            ("remind-avatars.json", "Avatar"), ("remind-groups.json", "Group"), ("catalog-products.json", "Product"),
            ("catalog-stores.json", "Store"),
        ] {
            let document = try JSONDocument(bytes: Fixtures.bytes(file))
            document.withRoot { root in
                root.forEachElement { index, element in
                    var writer = JSONWriter()
                    RawJSON.write(element, to: &writer)
                    result.append((entity, "\(file)[\(index)]", writer.bytes))
                }
            }
        }
        for (path, bytes) in try Fixtures.podspecs() { result.append(("Pod", path, bytes)) }
        return result
    }

    @Test func fixturesMapTheSameBothWays() throws {
        let payloads = try Self.payloads()
        #expect(payloads.count >= 120)
        for (entity, name, bytes) in payloads {
            let (generated, interpreted) = try #require(try Self.compare(entity, bytes))
            #expect(
                generated == interpreted,
                "\(name) as \(entity):\ngenerated:   \(generated)\ninterpreted: \(interpreted)")
        }
    }

    /// JSON keys of attributes converted by custom transformers: only the user's Swift code can read
    /// those, so `check` (and therefore the interpreter) takes them as their declared JSON kind, unconverted.
    static let customKeys: Set<String> = {
        let schemaEntities = Self.interpreterSchema.entities
        return Set(
            schemaEntities.flatMap { entity in
                entity.attributes.compactMap { attribute -> String? in
                    if case .custom = attribute.type.leaf { return attribute.keyPath.components.last }
                    return nil
                }
            })
    }()

    static let interpreterSchema: ResolvedSchema = {
        let folder = Fixtures.packageRoot.appendingPathComponent("Tests/EntityGenConsumerTests/Schemas")
        return GeneratorPipeline.validate(inputs: try! SchemaInputs.discover(paths: [folder.path])).schema!
    }()

    /// Whether the sides differ only because the user's custom transformer rejected a value the
    /// interpreter (which cannot run user code) took as its declared JSON kind: the generated side
    /// failed, or reported a dropped value or skipped element, exactly at a custom value's path, and the
    /// interpreter did not.
    static func customValueRejected(_ generated: Outcome, _ interpreted: Outcome) -> Bool {
        func atCustomValue(_ path: String) -> Bool {
            let last = path.split(separator: ".").last.map { String($0.prefix { $0 != "[" }) } ?? ""
            return customKeys.contains(last)
        }
        let generatedPaths = ([generated.errorPath].compactMap { $0 } + generated.issuePaths).filter(atCustomValue)
        let interpretedPaths = Set([interpreted.errorPath].compactMap { $0 } + interpreted.issuePaths)
        return generatedPaths.contains { !interpretedPaths.contains($0) }
    }

    @Test func mutatedPayloadsMapTheSameBothWays() throws {
        var seed = SplitMix64(seed: 20_261_121)
        let payloads = try Self.payloads()
        var compared = 0
        var failing = 0
        var customDifferences = 0
        for round in 0..<4 {
            for (entity, name, bytes) in payloads {
                let mutated = JSONMutator.mutate(bytes, using: &seed)
                guard let (generated, interpreted) = try Self.compare(entity, mutated) else { continue }
                if generated != interpreted, Self.customValueRejected(generated, interpreted) {
                    customDifferences += 1
                    continue
                }
                compared += 1
                if generated.error != nil { failing += 1 }
                #expect(
                    generated == interpreted,
                    "round \(round), \(name) as \(entity), payload \(String(decoding: mutated, as: UTF8.self).prefix(400)):\ngenerated:   \(generated)\ninterpreted: \(interpreted)"
                )
            }
        }
        #expect(compared >= 400)
        #expect(customDifferences < compared / 10, "\(customDifferences) differences inside custom values")
        #expect(failing > 20, "the mutations should break some payloads, or they test little")
    }
}

/// Seeded JSON mutations at the level a server bug would produce: one value replaced by a value of
/// another kind (null, a number, a string, an empty container, an error envelope), or one top-level
/// member removed.
enum JSONMutator {
    static let replacements: [String] = [
        "null", "true", "0", "-1", "1.5", "\"\"", "\"x\"", "[]", "{}", "[null]", "\"2014-03-07T07:00:00Z\"",
        "18446744073709551616", "\"5.9\"", "{\"message\": \"gone\"}",
    ]

    static func mutate(_ bytes: [UInt8], using seed: inout SplitMix64) -> [UInt8] {
        guard let document = try? JSONDocument(bytes: bytes) else { return bytes }
        let targets = document.entryCount
        let target = Int(seed.next() % UInt64(max(targets, 1)))
        let replacement = replacements[Int(seed.next() % UInt64(replacements.count))]
        let drop = seed.next() % 3 == 0
        var writer = JSONWriter()
        var counter = 0
        func write(_ value: JSONValue) {
            defer { counter += 1 }
            if counter == target, !drop {
                writer.raw(Array(replacement.utf8))
                return
            }
            switch value.kind {
            case .object:
                writer.beginObject()
                value.forEachMember { key, member in
                    writer.key(key)
                    write(member)
                }
                writer.endObject()
            case .array:
                writer.beginArray()
                value.forEachElement { _, element in write(element) }
                writer.endArray()
            default:
                RawJSON.write(value, to: &writer)
            }
        }
        document.withRoot { root in
            if drop, root.kind == .object, root.count > 0 {
                let skip = Int(seed.next() % UInt64(root.count))
                var index = 0
                writer.beginObject()
                root.forEachMember { key, member in
                    defer { index += 1 }
                    if index == skip { return }
                    writer.key(key)
                    write(member)
                }
                writer.endObject()
            } else {
                write(root)
            }
        }
        return writer.bytes
    }
}
