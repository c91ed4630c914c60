import EntityGenRuntime
import Foundation
import Testing

@testable import _EntityGenCore

/// Defaults are typed once, by validation: translate (the model's initializer, a column's SQL default)
/// and the interpreter read the same ``ResolvedValue`` and never the schema's text.
@Suite struct Test_ResolvedValue {
    static let yaml = """
        enums:
          Level: {rawType: Int, cases: {low: 1, high: 0x10}}
          Mood: {cases: [happy, sad]}
        entities:
          Sample:
            attributes:
              count: {type: Int, default: 0x1F}
              price: {type: Decimal, default: 0o17}
              ratio: {type: Double, default: 2}
              share: {type: Float, default: 0.25}
              name: {type: String, default: n}
              site: {type: URL, default: 'https://example.com/a'}
              token: {type: UUID, default: 3f2504e0-4f89-11d3-9a0c-0305e82c3301}
              blob: {type: Data, default: aGk=}
              day: {type: Date, default: '2014-03-07T07:00:00Z'}
              level: {type: Level, default: high}
              mood: {type: Mood, default: sad}
              tags: {type: '[String]', default: [a, b]}
              limits: {type: '[String: Int]', default: {a: 0x2}}
              note: {type: String?, default: null}
              flag: {type: Bool, default: true}
        """

    private func attributes() throws -> [String: ResolvedAttribute] {
        let result = GeneratorPipeline.validate(schemas: [SourceFile(path: "s.yaml", text: Self.yaml)], config: nil)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        let entity = try #require(result.schema?.entity(named: "Sample"))
        return Dictionary(uniqueKeysWithValues: entity.attributes.map { ($0.name, $0) })
    }

    @Test func everyKindOfDefaultIsTypedOnce() throws {
        let attributes = try attributes()
        let day = try #require(ISO8601DateFormatter().date(from: "2014-03-07T07:00:00Z"))
        let expected: [String: ResolvedValue] = [
            "count": .integer("31"),
            "price": .number(text: "15", value: 15),
            "ratio": .number(text: "2", value: 2),
            "share": .number(text: "0.25", value: 0.25),
            "name": .text("n"),
            "site": .text("https://example.com/a"),
            "token": .uuid("3f2504e0-4f89-11d3-9a0c-0305e82c3301"),
            "blob": .data(base64: "aGk=", bytes: Array("hi".utf8)),
            "day": .date(text: "2014-03-07T07:00:00Z", date: day),
            "level": .enumCase(name: "high", rawValue: "16", rawIsInteger: true),
            "mood": .enumCase(name: "sad", rawValue: "sad", rawIsInteger: false),
            "tags": .array([.text("a"), .text("b")]),
            "limits": .map([.init(key: "a", value: .integer("2"))]),
            "note": .null,
            "flag": .bool(true),
        ]
        #expect(attributes.count == expected.count)
        for (name, value) in expected {
            #expect(attributes[name]?.defaultValue == value, "\(name)")
        }
    }

    /// A `Decimal` default written as a YAML hexadecimal or octal integer is its value: the generated
    /// initializer once spelled `Decimal(string: "0o17")`, which is not 15.
    @Test func translateAndPersistenceReadTheTypedValue() throws {
        let attributes = try attributes()
        let schema = try #require(
            GeneratorPipeline.validate(schemas: [SourceFile(path: "s.yaml", text: Self.yaml)], config: nil).schema)
        let types = TypeTranslator(schema: schema)
        let price = try #require(attributes["price"])
        #expect(types.literal(try #require(price.defaultValue), price.type) == .decimal("15"))
        let level = try #require(attributes["level"])
        #expect(
            types.literal(try #require(level.defaultValue), level.type) == .enumCase(type: "Level", name: "high"))
        let persistence = PersistenceTranslator(schema: schema)
        #expect(persistence.columnDefault(try #require(price.defaultValue), price.type) == .decimal("15"))
        #expect(persistence.columnDefault(try #require(level.defaultValue), level.type) == .number("16"))
        #expect(persistence.columnDefault(.null, price.type) == nil)
    }

    /// The interpreter behind `check` takes every default from the same typed values: an object with none
    /// of the keys maps to the defaults, written back as JSON (an `Int` enum's hexadecimal raw value as its
    /// number).
    @Test func theInterpreterMapsEveryDefault() throws {
        let schema = try #require(
            GeneratorPipeline.validate(schemas: [SourceFile(path: "s.yaml", text: Self.yaml)], config: nil).schema)
        let json = try SchemaInterpreter(schema: schema) { $0 }.roundTrip("Sample", "{}").json
        #expect(json.contains(#""count":31"#))
        #expect(json.contains(#""price":15"#))
        #expect(json.contains(#""level":16"#))
        #expect(json.contains(#""mood":"sad""#))
        #expect(json.contains(#""limits":{"a":2}"#))
        #expect(json.contains(#""day":"2014-03-07T07:00:00"#))
        #expect(json.contains(#""blob":"aGk=""#))
        #expect(!json.contains("note"))
    }

    /// Constraints are read once too, their bounds typed. A length bound past `Int.max` (YAML integers reach
    /// 128 bits, and lint accepts any whole number) is clamped: generation trapped converting it before.
    @Test func constraintsAreReadOnceAndHugeLengthsGenerate() throws {
        let yaml = """
            entities:
              Pod:
                attributes:
                  name: {type: String, minLength: 0x2, maxLength: 100000000000000000000000, pattern: '[a-z]+'}
                  level: {type: Int, minimum: -3, maximum: 0x10, oneOf: [1, 2, 0x3]}
            """
        let result = GeneratorPipeline.validate(schemas: [SourceFile(path: "p.yaml", text: yaml)], config: nil)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        let pod = try #require(result.schema?.entity(named: "Pod"))
        #expect(pod.attributes[0].constraints == [.minLength(2), .maxLength(Int.max), .pattern("[a-z]+")])
        #expect(pod.attributes[1].constraints == [.minimum(-3), .maximum(16), .oneOf(["1", "2", "0x3"])])
        let shown: @Sendable (String) -> String = { $0 }
        let generator = try #require(result.sourceGenerator(displayPath: shown))
        let files = generator.machineFiles()
        #expect(files.contains { $0.contents.contains(".maxLength(9223372036854775807)") })
    }
}
