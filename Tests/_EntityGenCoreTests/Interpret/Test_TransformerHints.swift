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

    /// The notes for `json`'s elements as `entity`; the `optional: true` ones only with `absence` (the
    /// payloads of the transformer tests leave out members they are not about).
    static func hints(
        _ json: String, schema text: String = schema, entity: String = "Product", absence: Bool = false
    ) throws -> [String] {
        let schema = try #require(
            GeneratorPipeline.validate(schemas: [SourceFile(path: "S.yaml", text: text)], config: nil).schema)
        var coverage = KeyCoverage(schema: schema)
        coverage.transformerHints = TransformerHints()
        let document = try JSONDocument(bytes: Array(json.utf8))
        document.withRoot { root in root.forEachElement { _, element in coverage.walk(element, as: entity) } }
        return try #require(coverage.transformerHints).lines(displayPath: { $0 }).filter {
            absence || !$0.contains("note: with optional: true")
        }
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
    /// `Bool`), with what it would break; for an array's elements or a map's values, named as the
    /// attribute's arrays and maps around it (`'[Bool]'`). A user's transformer (only compiled code can
    /// run it) gets none.
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
                "S.yaml:9:7: note: with type: '[Bool]', 'heights' would read 1 value the schema refuses ($[0].heights[0]: true as true)",
            ])
        // "1.5" for an Int: numberFromString refuses a fraction, and a type is only named where no
        // transformer reads the value.
        #expect(try Self.hints(#"[{"id": "7"}]"#).allSatisfy { !$0.contains("type:") })
        // Nested arrays and maps keep their shape and the attribute's optionality.
        let nested = """
            entities:
              Grid:
                attributes: {cells: '[[Int]]', weights: '[String: [Int64]]?'}
            """
        let nestedLines = try Self.hints(
            #"[{"cells": [[1, 2.5]], "weights": {"a": [1, "x"]}}]"#, schema: nested, entity: "Grid")
        #expect(
            nestedLines == [
                "S.yaml:3:18: note: with type: '[[Double]]', 'cells' would read 1 value the schema refuses ($[0].cells[0][1]: 2.5 as 2.5)",
                "S.yaml:3:36: note: with type: '[String: [String]]?', 'weights' would read 1 value the schema refuses ($[0].weights.a[1]: \"x\" as \"x\"); and refuse 1 it reads now",
            ])
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

    /// A required member sent as `null` or left out: every object the mapping refuses for it is counted
    /// (the error names only the first), the first example says which; a member no object sends a value
    /// for says so (its key may be wrong). Members with a value, optional ones, ones with a default and
    /// to-many relationships get nothing.
    @Test func aRequiredMemberWithoutAValueIsNotedAsOptional() throws {
        let schema = """
            entities:
              Ticket:
                attributes:
                  id: Int64
                  title: {type: String, fallbackKeys: [subject]}
                  body: String?
                  state: {type: String, default: open}
                  labels: '[String]'
                  due: Date
                relationships:
                  owner: User
                  watchers: '[User]'
              User:
                attributes: {login: String}
            """
        let payload =
            #"[{"id": 1, "title": null, "subject": "A", "labels": [], "owner": {"login": "ann"}}, "#
            + #"{"id": 2, "title": null, "labels": null, "owner": null}, {"id": null, "title": "C", "labels": []}]"#
        let lines = try Self.hints(payload, schema: schema, entity: "Ticket", absence: true)
        #expect(
            lines == [
                "S.yaml:4:7: note: with optional: true, 'id' would read 1 object the schema refuses ($[2].id: null)",
                "S.yaml:5:7: note: with optional: true, 'title' would read 1 object the schema refuses ($[1].title: null)",
                "S.yaml:8:7: note: with optional: true, 'labels' would read 1 object the schema refuses ($[1].labels: null)",
                "S.yaml:9:7: note: with optional: true, 'due' would read 3 objects the schema refuses ($[0].due: absent); no object sends a value at its key 'due'",
                "S.yaml:11:7: note: with optional: true, 'owner' would read 2 objects the schema refuses ($[1].owner: null)",
            ])
        // The mapping error names the first, and says null where the key was sent.
        let resolved = try #require(
            GeneratorPipeline.validate(schemas: [SourceFile(path: "S.yaml", text: schema)], config: nil).schema)
        let interpreter = SchemaInterpreter(schema: resolved, displayPath: { $0 })
        for (json, message) in [
            (#"{"id": null}"#, "$.id: required value is null"),
            (#"{"id": 1}"#, "$.title: required value is missing (no fallback key present either)"),
            (
                #"{"id": 1, "title": null, "subject": null}"#,
                "$.title: required value is null (no fallback key present either)"
            ),
        ] {
            let error = #expect(throws: MappingError.self) { try interpreter.roundTrip("Ticket", json) }
            #expect(error.map { "\($0.path): \($0.message)" } == message)
        }
        // Taken, the notes leave nothing refused, and every object maps.
        let taken = schema.replacingOccurrences(of: "id: Int64", with: "id: Int64?")
            .replacingOccurrences(of: "fallbackKeys: [subject]", with: "fallbackKeys: [subject], optional: true")
            .replacingOccurrences(of: "labels: '[String]'", with: "labels: '[String]?'")
            .replacingOccurrences(of: "due: Date", with: "due: Date?")
            .replacingOccurrences(of: "owner: User", with: "owner: User?")
        #expect(try Self.hints(payload, schema: taken, entity: "Ticket", absence: true) == [])
        let fixed = SchemaInterpreter(
            schema: try #require(
                GeneratorPipeline.validate(schemas: [SourceFile(path: "S.yaml", text: taken)], config: nil).schema),
            displayPath: { $0 })
        let document = try JSONDocument(bytes: Array(payload.utf8))
        let mapped = try document.withRoot { root throws(MappingError) in
            var context = MappingContext()
            var count = 0
            try root.forEachElement { _, element throws(MappingError) in
                _ = try fixed.map("Ticket", from: element, context: &context)
                count += 1
            }
            return count
        }
        #expect(mapped == 3)
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
