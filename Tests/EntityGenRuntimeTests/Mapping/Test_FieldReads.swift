import EntityGenRuntime
import Foundation
import Testing

/// `FieldReads`, through which generated mappers read their fields without a `try` each: every read
/// gives what the `MappingContext` entry point of the same name gives (value, issues, or, from
/// `finish`, the error), the first failure stops every read after it, and `absent:` bits are recorded as
/// the generated `if case .none = …, context.isAbsent(…)` checks recorded them.
@Suite struct Test_FieldReads {
    typealias Read<T> = Test_DirectEntryPoints.Read<T>
    typealias Tag = Test_DirectEntryPoints.Tag

    /// A read through `FieldReads` on the object, then `finish`, as a generated mapper ends.
    static func throughFieldReads<T>(
        _ read: @escaping (inout FieldReads, inout MappingContext) throws(MappingError) -> T
    ) -> Read<T> {
        { json, context throws(MappingError) in
            var reads = FieldReads(json)
            let value = try read(&reads, &context)
            try reads.finish(in: &context)
            return value
        }
    }

    /// Expects the `FieldReads` read and the context's entry point to agree on every test object.
    static func expectSame<T>(
        _ read: @escaping (inout FieldReads, inout MappingContext) throws(MappingError) -> T, _ direct: Read<T>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        Test_DirectEntryPoints.expectSame(throughFieldReads(read), direct, sourceLocation: sourceLocation)
    }

    @Test func everyReadAgreesWithTheContextsEntryPoint() {
        let s = "s.yaml:3:5"
        Self.expectSame(
            { r, c in r.string("v", schema: s, in: &c) },
            { j, c throws(MappingError) in
                try c.string(j, "v", schema: s)
            })
        Self.expectSame(
            { r, c in r.string("v", schema: s, default: "d", absent: 0, in: &c) },
            {
                j, c throws(MappingError) in try c.string(j, "v", schema: s, default: "d")
            })
        Self.expectSame(
            { r, c in r.optionalString("v", schema: s, absent: 0, in: &c) },
            {
                j, c throws(MappingError) in try c.optionalString(j, "v", schema: s)
            })
        Self.expectSame(
            { r, c in r.bool("v", schema: s, in: &c) },
            { j, c throws(MappingError) in
                try c.bool(j, "v", schema: s)
            })
        Self.expectSame(
            { r, c in r.optionalBool("v", schema: s, default: false, in: &c) },
            {
                j, c throws(MappingError) in try c.optionalBool(j, "v", schema: s, default: false)
            })
        Self.expectSame(
            { r, c in r.integer("v", schema: s, as: UInt8.self, in: &c) },
            {
                j, c throws(MappingError) in try c.integer(j, "v", schema: s, as: UInt8.self)
            })
        Self.expectSame(
            { r, c in r.optionalInteger("v", schema: s, as: Int64.self, in: &c) },
            {
                j, c throws(MappingError) in try c.optionalInteger(j, "v", schema: s, as: Int64.self)
            })
        Self.expectSame(
            { r, c in r.double("v", schema: s, in: &c) },
            { j, c throws(MappingError) in
                try c.double(j, "v", schema: s)
            })
        Self.expectSame(
            { r, c in r.optionalDouble("v", schema: s, in: &c) },
            { j, c throws(MappingError) in
                try c.optionalDouble(j, "v", schema: s)
            })
        Self.expectSame(
            { r, c in r.float("v", schema: s, in: &c) },
            { j, c throws(MappingError) in
                try c.float(j, "v", schema: s)
            })
        Self.expectSame(
            { r, c in r.optionalFloat("v", schema: s, in: &c) },
            { j, c throws(MappingError) in
                try c.optionalFloat(j, "v", schema: s)
            })
        Self.expectSame(
            { r, c in r.decimal("v", schema: s, in: &c) },
            { j, c throws(MappingError) in
                try c.decimal(j, "v", schema: s)
            })
        Self.expectSame(
            { r, c in r.optionalDecimal("v", schema: s, in: &c) },
            { j, c throws(MappingError) in
                try c.optionalDecimal(j, "v", schema: s)
            })
        Self.expectSame(
            { r, c in r.iso8601Date("v", schema: s, in: &c) },
            { j, c throws(MappingError) in
                try c.iso8601Date(j, "v", schema: s)
            })
        Self.expectSame(
            { r, c in r.optionalISO8601Date("v", schema: s, in: &c) },
            {
                j, c throws(MappingError) in try c.optionalISO8601Date(j, "v", schema: s)
            })
        Self.expectSame(
            { r, c in r.url("v", schema: s, in: &c) },
            { j, c throws(MappingError) in
                try c.url(j, "v", schema: s)
            })
        Self.expectSame(
            { r, c in r.optionalURL("v", schema: s, in: &c) },
            { j, c throws(MappingError) in
                try c.optionalURL(j, "v", schema: s)
            })
        Self.expectSame(
            { r, c in r.uuid("v", schema: s, in: &c) },
            { j, c throws(MappingError) in
                try c.uuid(j, "v", schema: s)
            })
        Self.expectSame(
            { r, c in r.optionalUUID("v", schema: s, in: &c) },
            { j, c throws(MappingError) in
                try c.optionalUUID(j, "v", schema: s)
            })
        Self.expectSame(
            { r, c in r.base64Data("v", schema: s, in: &c) },
            { j, c throws(MappingError) in
                try c.base64Data(j, "v", schema: s)
            })
        Self.expectSame(
            { r, c in r.optionalBase64Data("v", schema: s, in: &c) },
            {
                j, c throws(MappingError) in try c.optionalBase64Data(j, "v", schema: s)
            })
        Self.expectSame(
            { r, c in r.anyJSON("v", schema: s, in: &c) },
            { j, c throws(MappingError) in
                try c.anyJSON(j, "v", schema: s)
            })
        Self.expectSame(
            { r, c in r.optionalAnyJSON("v", schema: s, in: &c) },
            { j, c throws(MappingError) in
                try c.optionalAnyJSON(j, "v", schema: s)
            })
        Self.expectSame(
            { r, c throws(MappingError) in try r.entity("v", schema: s, as: Tag.self, in: &c) },
            {
                j, c throws(MappingError) in try c.entity(j, "v", schema: s, as: Tag.self)
            })
        Self.expectSame(
            { r, c in r.optionalEntity("v", schema: s, as: Tag.self, absent: 0, in: &c) },
            {
                j, c throws(MappingError) in try c.optionalEntity(j, "v", schema: s, as: Tag.self)
            })
        Self.expectSame(
            { r, c in r.entities("v", schema: s, as: Tag.self, absent: 0, in: &c) },
            {
                j, c throws(MappingError) in try c.entities(j, "v", schema: s, as: Tag.self)
            })
        let lossy = MappingField("v", schema: s, onFailure: .drop)
        Self.expectSame(
            { r, c in r.optional(lossy, IntegerTransformer<Int>(), in: &c) },
            {
                j, c throws(MappingError) in try c.optional(j, lossy, IntegerTransformer<Int>())
            })
        let plain = MappingField("v", schema: s)
        Self.expectSame(
            { r, c in r.requiredArray(plain, ArrayTransformer(IntegerTransformer<Int>()), in: &c) },
            {
                j, c throws(MappingError) in try c.required(j, plain, ArrayTransformer(IntegerTransformer<Int>()))
            })
        Self.expectSame(
            { r, c in r.requiredArray(plain, ArrayTransformer(EntityTransformer<Tag>()), default: [], in: &c) },
            { j, c throws(MappingError) in
                try c.required(j, plain, ArrayTransformer(EntityTransformer<Tag>()), default: [])
            })
        Self.expectSame(
            { r, c in r.requiredMap(plain, MapTransformer(StringTransformer()), in: &c) },
            {
                j, c throws(MappingError) in try c.required(j, plain, MapTransformer(StringTransformer()))
            })
        let field = MappingField("v", schema: s, onFailure: .useDefault)
        Self.expectSame(
            { r, c throws(MappingError) in try r.required(field, StringTransformer(), default: "d", in: &c) },
            { j, c throws(MappingError) in try c.required(j, field, StringTransformer(), default: "d") })
    }

    /// Three fields after one that fails: a direct read that would fail differently, a lossy read that
    /// would record an issue, an embedded entity whose own lossy field would record one. None runs.
    static func firstFailureStopsTheRest(_ json: JSONValue, context: inout MappingContext) throws(MappingError) -> Int {
        var reads = FieldReads(json)
        let count = reads.integer("count", schema: "p.yaml:2:3", as: Int.self, in: &context)
        _ = reads.string("name", schema: "p.yaml:3:3", in: &context)
        _ = reads.optional(
            MappingField("size", schema: "p.yaml:4:3", onFailure: .drop), IntegerTransformer<Int>(), in: &context)
        _ = reads.optionalEntity("child", schema: "p.yaml:5:3", as: Lossy.self, in: &context)
        try reads.finish(in: &context)
        return count
    }

    /// An entity whose one field is dropped, with an issue, when it does not map.
    struct Lossy: JSONMappable {
        var size: Int?
        static func map(from json: JSONValue, context: inout MappingContext) throws(MappingError) -> Lossy {
            Lossy(
                size: try context.optional(
                    json, MappingField("size", schema: "l.yaml:2:3", onFailure: .drop), IntegerTransformer<Int>()))
        }
        func writeJSON(to writer: inout JSONWriter) { writer.null() }
    }

    @Test func theFirstFailureIsThrownAndNothingAfterItRuns() throws {
        let failing = #"{"count": "many", "name": 1, "size": "big", "child": {"size": "big"}}"#
        let document = try JSONDocument(bytes: Array(failing.utf8))
        let outcome: (MappingError?, [MappingIssue]) = document.withRoot { root in
            var context = MappingContext()
            do throws(MappingError) {
                _ = try Self.firstFailureStopsTheRest(root, context: &context)
                return (nil, context.issues)
            } catch {
                return (error, context.issues)
            }
        }
        #expect(outcome.0?.path == "$.count")
        #expect(outcome.0?.schemaLocation == "p.yaml:2:3")
        #expect(outcome.1.isEmpty)

        // The same object with a valid count: every read runs, the lossy ones record their issues, and
        // the name fails in its turn.
        let second = try JSONDocument(bytes: Array(failing.replacingOccurrences(of: "\"many\"", with: "3").utf8))
        let issues: (MappingError?, [MappingIssue]) = second.withRoot { root in
            var context = MappingContext()
            do throws(MappingError) {
                _ = try Self.firstFailureStopsTheRest(root, context: &context)
                return (nil, context.issues)
            } catch {
                return (error, context.issues)
            }
        }
        #expect(issues.0?.path == "$.name")
        #expect(issues.1.isEmpty)  // `size` and `child` come after `name`
    }

    /// Reads with `absent:` bits as a generated mapper of a persistent entity prints them.
    struct Probe: JSONMappable {
        static func map(from json: JSONValue, context: inout MappingContext) throws(MappingError) -> Probe {
            var reads = FieldReads(json)
            _ = reads.optionalString("a", schema: "p:1:1", absent: 0, in: &context)
            _ = reads.string("b", schema: "p:2:1", default: "x", absent: 1, in: &context)
            _ = reads.optionalInteger("c", schema: "p:3:1", as: Int.self, default: 5, absent: 2, in: &context)
            _ = reads.entities("d", schema: "p:4:1", as: Tag.self, absent: 3, in: &context)
            _ = reads.optionalEntity("e", schema: "p:5:1", as: Tag.self, absent: 4, in: &context)
            let f = MappingField("f", schema: "p:6:1")
            if case .none = reads.optional(f, StringTransformer(), in: &context) { reads.noteAbsence(5, of: f) }
            try reads.finish(in: &context)
            return Probe()
        }
        func writeJSON(to writer: inout JSONWriter) { writer.null() }
    }

    /// The bits below `count` that mapping `json` as `probe` recorded as absent.
    static func absentBits<P: JSONMappable>(
        _ json: String, as probe: P.Type = Probe.self, count: Int = 6
    ) throws -> [Int] {
        let document = try JSONDocument(bytes: Array(json.utf8))
        let tree = try document.withRoot { root throws(MappingError) in
            var context = MappingContext()
            return try context.mapRecordingAbsentKeys(root, as: probe).1
        }
        return (0..<count).filter { tree.fields.contains($0) }
    }

    @Test func absentBitsAreTheKeysTheObjectLacks() throws {
        #expect(try Self.absentBits("{}") == [0, 1, 2, 3, 4, 5])
        #expect(try Self.absentBits(#"{"a": null, "b": null, "c": null, "d": null, "e": null, "f": null}"#) == [])
        #expect(
            try Self.absentBits(#"{"a": "1", "b": "2", "c": 3, "d": [], "e": {"name": "n"}, "f": "6"}"#) == [])
        #expect(try Self.absentBits(#"{"a": "1", "c": 3, "e": {"name": "n"}}"#) == [1, 3, 5])
    }

    /// Reads whose defaults stand in for missing keys, as a generated mapper prints them: the key is
    /// looked up again only when the value may be the default, so each value below is checked both ways.
    struct DefaultsProbe: JSONMappable {
        static func map(from json: JSONValue, context: inout MappingContext) throws(MappingError) -> DefaultsProbe {
            var reads = FieldReads(json)
            _ = reads.bool("flag", schema: "p:1:1", default: true, absent: 0, in: &context)
            _ = reads.double("ratio", schema: "p:2:1", default: 0, absent: 1, in: &context)
            _ = reads.integer("count", schema: "p:3:1", as: Int.self, default: 7, absent: 2, in: &context)
            _ = reads.entities("tags", schema: "p:4:1", as: Tag.self, absent: 3, in: &context)
            let names = MappingField("names", schema: "p:5:1")
            let read = reads.requiredArray(names, ArrayTransformer(StringTransformer()), default: [], in: &context)
            if read.isEmpty { reads.noteAbsence(4, of: names) }
            try reads.finish(in: &context)
            return DefaultsProbe()
        }
        func writeJSON(to writer: inout JSONWriter) { writer.null() }
    }

    static func defaultedAbsentBits(_ json: String) throws -> [Int] {
        try absentBits(json, as: DefaultsProbe.self, count: 5)
    }

    @Test func aDefaultedKeyIsAbsentOnlyWhenMissingWhateverItsValue() throws {
        #expect(try Self.defaultedAbsentBits("{}") == [0, 1, 2, 3, 4])
        // Present with the default's own value: looked up, and present.
        #expect(
            try Self.defaultedAbsentBits(#"{"flag": true, "ratio": 0, "count": 7, "tags": [], "names": []}"#) == [])
        // Present with other values: not looked up, and present.
        #expect(
            try Self.defaultedAbsentBits(
                #"{"flag": false, "ratio": -0.0, "count": 8, "tags": [{"name": "t"}], "names": ["n"]}"#) == [])
        // `null` is present (it clears), for a default as for an optional.
        #expect(
            try Self.defaultedAbsentBits(#"{"flag": null, "ratio": null, "count": null, "tags": null, "names": null}"#)
                == [])
        #expect(try Self.defaultedAbsentBits(#"{"ratio": 2.5, "tags": [{"name": "t"}]}"#) == [0, 2, 4])
    }
}
