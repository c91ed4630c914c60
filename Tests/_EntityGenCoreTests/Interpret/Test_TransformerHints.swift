@testable import _EntityGenCore
import EntityGenRuntime
import Testing

/// The built-in transformers `entitygen check` notes beside a failure: tried on the values an attribute
/// refuses, through the runtime's own transformers, with the values they would break counted.
@Suite struct Test_TransformerHints {
    static let schema = """
        entities:
          Product:
            attributes:
              id: Int
              price: Double
              inStock: Bool
              addedAt: Date
              name: String
              heights: '[Double]'
              flags: '[String: Bool]'
              sizes: {type: '[Int]', key: 'variants[].size'}
              seenAt: {type: Date, transformer: epochMilliseconds}
              code: {type: String, transformer: Code}
        transformers:
          Code: {swiftType: String, json: string}
        """

    static func hints(_ json: String, schema text: String = schema, entity: String = "Product") throws -> [String] {
        let schema = try #require(
            GeneratorPipeline.validate(schemas: [SourceFile(path: "S.yaml", text: text)], config: nil).schema)
        var coverage = KeyCoverage(schema: schema)
        coverage.transformerHints = TransformerHints()
        let document = try JSONDocument(bytes: Array(json.utf8))
        document.withRoot { root in root.forEachElement { _, element in coverage.walk(element, as: entity) } }
        return try #require(coverage.transformerHints).lines(displayPath: { $0 })
    }

    @Test func numbersAndBoolsSentAsTextAreReadByTheFromStringTransformers() throws {
        let lines = try Self.hints(
            #"[{"id": "7", "price": "9.99", "inStock": "yes"}, {"id": 8, "price": 1.5, "inStock": true}, "#
                + #"{"price": "2", "inStock": "0"}]"#)
        #expect(
            lines == [
                "S.yaml:4:7: note: with transformer: numberFromString, 'id' would read 1 value the schema refuses ($[0].id: \"7\" as 7)",
                "S.yaml:5:7: note: with transformer: numberFromString, 'price' would read 2 values the schema refuses ($[0].price: \"9.99\" as 9.99)",
                "S.yaml:6:7: note: with transformer: boolFromString, 'inStock' would read 2 values the schema refuses ($[0].inStock: \"yes\" as true)",
            ])
    }

    @Test func anEpochDateIsReadAsEachUnitAndTheISOValuesItWouldBreakAreCounted() throws {
        let lines = try Self.hints(
            #"[{"addedAt": 1600000000}, {"addedAt": "2020-01-01T00:00:00Z"}, {"addedAt": "2021-01-01T00:00:00Z"}]"#)
        #expect(
            lines == [
                "S.yaml:7:7: note: with transformer: epochSeconds, 'addedAt' would read 1 value the schema refuses ($[0].addedAt: 1600000000 as \"2020-09-13T12:26:40Z\"); and refuse 2 it reads now",
                "S.yaml:7:7: note: with transformer: epochMilliseconds, 'addedAt' would read 1 value the schema refuses ($[0].addedAt: 1600000000 as \"1970-01-19T12:26:40Z\"); and refuse 2 it reads now",
            ])
        // A date already read as epoch milliseconds, sent as ISO-8601 text: the ISO transformers read it.
        let named = try Self.hints(#"[{"seenAt": "2020-01-01T00:00:00.5Z"}]"#)
        #expect(named.count == 2)
        #expect(named.allSatisfy { $0.hasPrefix("S.yaml:12:7: note: with transformer: iso8601") })
        #expect(named.first?.hasSuffix(#"as "2020-01-01T00:00:00.500Z")"#) == true, "\(named)")
    }

    /// A date in another common form is tried with the patterns `entitygen infer` recognises.
    @Test func aDateInACommonPatternIsReadByItsDateFormat() throws {
        let lines = try Self.hints(
            #"[{"addedAt": "2020-01-01"}, {"addedAt": "2020-01-02"}, {"addedAt": "Mon, 24 Sep 2012 03:35:21 +0000"}, "#
                + #"{"addedAt": "2020-01-01T00:00:00Z"}]"#)
        #expect(
            lines == [
                "S.yaml:7:7: note: with dateFormat: 'yyyy-MM-dd', 'addedAt' would read 2 values the schema refuses ($[0].addedAt: \"2020-01-01\" as \"2020-01-01T00:00:00Z\"); and refuse 1 it reads now",
                "S.yaml:7:7: note: with dateFormat: 'EEE, dd MMM yyyy HH:mm:ss Z', 'addedAt' would read 1 value the schema refuses ($[2].addedAt: \"Mon, 24 Sep 2012 03:35:21 +0000\" as \"2012-09-24T03:35:21Z\"); and refuse 1 it reads now",
            ])
    }

    @Test func elementsMapValuesAndPluckedValuesAreTriedOneByOne() throws {
        let lines = try Self.hints(
            #"[{"heights": [1.5, "2.5", null, "3"], "flags": {"a": true, "b": "no"}, "#
                + #""variants": [{"size": 1}, {"size": "2"}, {"other": 3}]}]"#)
        #expect(
            lines == [
                "S.yaml:9:7: note: with transformer: numberFromString, 'heights' would read 2 values the schema refuses ($[0].heights[1]: \"2.5\" as 2.5)",
                "S.yaml:10:7: note: with transformer: boolFromString, 'flags' would read 1 value the schema refuses ($[0].flags.b: \"no\" as false)",
                "S.yaml:11:7: note: with transformer: numberFromString, 'sizes' would read 1 value the schema refuses ($[0].variants[1].size: \"2\" as 2)",
            ])
    }

    /// No transformer is suggested that does not read the value (text that is no number, a fraction for
    /// an integer); where none does, the first other type that reads it is (`Int64`, `Double`, `String`,
    /// `Bool`), with what it would break. A user's transformer (only compiled code can run it) and an
    /// array's elements (the type to name is the array's) get none.
    @Test func whatNoTransformerReadsGetsTheFirstTypeThatDoes() throws {
        let lines = try Self.hints(
            #"[{"id": 1.5, "price": "about ten", "inStock": "perhaps", "name": 42, "code": 7, "addedAt": "yesterday", "#
                + #""heights": [true]}, {"id": "1.5", "price": 3, "inStock": false, "name": "x", "code": "c"}]"#)
        #expect(
            lines == [
                "S.yaml:4:7: note: with type: Double, 'id' would read 1 value the schema refuses ($[0].id: 1.5 as 1.5)",
                "S.yaml:5:7: note: with type: String, 'price' would read 1 value the schema refuses ($[0].price: \"about ten\" as \"about ten\"); and refuse 1 it reads now",
                "S.yaml:6:7: note: with type: String, 'inStock' would read 1 value the schema refuses ($[0].inStock: \"perhaps\" as \"perhaps\"); and refuse 1 it reads now",
                "S.yaml:7:7: note: with type: String, 'addedAt' would read 1 value the schema refuses ($[0].addedAt: \"yesterday\" as \"yesterday\")",
                "S.yaml:8:7: note: with type: Int64, 'name' would read 1 value the schema refuses ($[0].name: 42 as 42); and refuse 1 it reads now",
            ])
        // "1.5" for an Int: numberFromString refuses a fraction, and a type is only named where no
        // transformer reads the value.
        #expect(try Self.hints(#"[{"id": "7"}]"#).allSatisfy { !$0.contains("type:") })
    }

    /// A to-one relationship sent as its target's identifier: `reference: true` when only identifiers
    /// came, with `expandable: true` when whole objects came too; an identifier of the wrong kind, or a
    /// target without a single identity, gets nothing.
    @Test func anIdentifierForAnObjectIsReadAsAReference() throws {
        let schema = """
            entities:
              Ticket:
                attributes: {id: Int64}
                relationships:
                  milestone: Milestone?
                  owner: User
                  board: Board?
              Milestone:
                identifiedBy: id
                attributes: {id: Int64, title: String}
              User:
                identifiedBy: login
                attributes: {login: String}
              Board:
                attributes: {name: String}
            """
        let lines = try Self.hints(
            #"[{"id": 1, "milestone": {"id": 7, "title": "v1"}, "owner": "ann", "board": 3}, "#
                + #"{"id": 2, "milestone": 7, "owner": "bob"}, {"id": 3, "milestone": "seven", "owner": "cy"}]"#,
            schema: schema, entity: "Ticket")
        #expect(
            lines == [
                "S.yaml:5:7: note: with reference: true and expandable: true, 'milestone' would read 1 value the schema refuses ($[1].milestone: 7 as 7)",
                "S.yaml:6:7: note: with reference: true, 'owner' would read 3 values the schema refuses ($[0].owner: \"ann\" as \"ann\")",
            ])
    }

    /// The hint as the user takes it: the schema with the transformers named maps what it refused, to
    /// the values the hints showed, and notes nothing more.
    @Test func takingTheHintsMapsThePayload() throws {
        let schema = """
            entities:
              Offer:
                attributes: {price: Double, inStock: Bool, addedAt: Date}
            """
        let payload = #"[{"price": "9.99", "inStock": "yes", "addedAt": 1600000000}]"#
        #expect(try Self.hints(payload, schema: schema, entity: "Offer").count == 4, "both epoch units read the number")
        let fixed = """
            entities:
              Offer:
                attributes:
                  price: {type: Double, transformer: numberFromString}
                  inStock: {type: Bool, transformer: boolFromString}
                  addedAt: {type: Date, transformer: epochSeconds}
            """
        #expect(try Self.hints(payload, schema: fixed, entity: "Offer") == [])
        let resolved = try #require(
            GeneratorPipeline.validate(schemas: [SourceFile(path: "S.yaml", text: fixed)], config: nil).schema)
        let mapped = try SchemaInterpreter(schema: resolved, displayPath: { $0 }).roundTrip(
            "Offer", #"{"price": "9.99", "inStock": "yes", "addedAt": 1600000000}"#)
        #expect(mapped.json == #"{"price":9.99,"inStock":true,"addedAt":1600000000}"#)
        #expect(mapped.issues.isEmpty)
    }
}
