import EntityGenRuntime
import Foundation
import Testing

/// The direct entry points generated code calls (`context.string(json, "key", schema:)`,
/// `writer.string(value, forKey:)`) against the general form they stand for: same values, same errors,
/// same tolerated issues, same bytes, on every kind of JSON value.
@Suite struct Test_DirectEntryPoints {
    /// A small entity for the entity entry points.
    struct Tag: JSONMappable, Hashable {
        var name: String

        static func map(from value: JSONValue, context: inout MappingContext) throws(MappingError) -> Tag {
            try context.expectObject(value, entity: "Tag", schema: "tag:1:1")
            return Tag(name: try context.string(value, "name", schema: "tag:2:3"))
        }

        func writeJSON(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.string(name, forKey: "name")
            writer.endObject()
        }
    }

    /// One member `v` of every kind, plus missing and null.
    static let objects = [
        #"{}"#, #"{"v": null}"#, #"{"v": "text"}"#, #"{"v": ""}"#, #"{"v": 42}"#, #"{"v": -7}"#, #"{"v": 300}"#,
        #"{"v": 1.5}"#, #"{"v": 1e400}"#, #"{"v": 123456789012345678901234567890}"#, #"{"v": true}"#,
        #"{"v": "2014-03-07T07:00:00Z"}"#, #"{"v": "2014-03-07T07:00:00.250+01:00"}"#,
        #"{"v": "https://example.com/a?b=1"}"#,
        #"{"v": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#, #"{"v": "aGVsbG8="}"#, #"{"v": [1, 2]}"#,
        #"{"v": {"name": "swift"}}"#, #"{"v": {"name": 1}}"#, #"{"v": [{"name": "a"}, {"name": "b"}]}"#,
        #"{"v": [{"name": "a"}, {"title": "b"}]}"#, #"{"v": []}"#,
    ]

    typealias Read<T> = (JSONValue, inout MappingContext) throws(MappingError) -> T

    /// What a read gives on `json`: the value and the issues, or the error.
    static func outcome<T>(_ json: String, _ read: Read<T>) -> String {
        guard let document = try? JSONDocument(bytes: Array(json.utf8)) else { return "invalid test JSON" }
        return document.withRoot { root in
            var context = MappingContext()
            do throws(MappingError) {
                let value = try read(root, &context)
                return "value \(value); issues \(context.issues)"
            } catch {
                return "error \(error)"
            }
        }
    }

    /// Expects the direct and the general read to agree on every test object.
    static func expectSame<T>(_ direct: Read<T>, _ general: Read<T>, sourceLocation: SourceLocation = #_sourceLocation)
    {
        for json in objects {
            let expected = outcome(json, general)
            #expect(outcome(json, direct) == expected, "\(json)", sourceLocation: sourceLocation)
        }
    }

    static let field = MappingField("v", schema: "s.yaml:3:5")

    @Test func readsAgreeWithTheGeneralForm() {
        let field = Self.field
        Self.expectSame(
            { json, context throws(MappingError) in try context.string(json, "v", schema: "s.yaml:3:5") },
            { json, context throws(MappingError) in try context.required(json, field, StringTransformer()) })
        Self.expectSame(
            { json, context throws(MappingError) in try context.string(json, "v", schema: "s.yaml:3:5", default: "d") },
            { json, context throws(MappingError) in try context.required(json, field, StringTransformer(), default: "d")
            })
        Self.expectSame(
            { json, context throws(MappingError) in try context.optionalString(json, "v", schema: "s.yaml:3:5") },
            { json, context throws(MappingError) in try context.optional(json, field, StringTransformer()) })
        Self.expectSame(
            { json, context throws(MappingError) in
                try context.optionalString(json, "v", schema: "s.yaml:3:5", default: "d")
            },
            { json, context throws(MappingError) in try context.optional(json, field, StringTransformer(), default: "d")
            })
        Self.expectSame(
            { json, context throws(MappingError) in try context.bool(json, "v", schema: "s.yaml:3:5", default: true) },
            { json, context throws(MappingError) in try context.required(json, field, BoolTransformer(), default: true)
            })
        Self.expectSame(
            { json, context throws(MappingError) in try context.optionalBool(json, "v", schema: "s.yaml:3:5") },
            { json, context throws(MappingError) in try context.optional(json, field, BoolTransformer()) })
        Self.expectSame(
            { json, context throws(MappingError) in try context.integer(json, "v", schema: "s.yaml:3:5", as: Int64.self)
            },
            { json, context throws(MappingError) in try context.required(json, field, IntegerTransformer<Int64>()) })
        Self.expectSame(
            { json, context throws(MappingError) in
                try context.integer(json, "v", schema: "s.yaml:3:5", as: UInt8.self, default: 9)
            },
            { json, context throws(MappingError) in
                try context.required(json, field, IntegerTransformer<UInt8>(), default: 9)
            })
        Self.expectSame(
            { json, context throws(MappingError) in
                try context.optionalInteger(json, "v", schema: "s.yaml:3:5", as: Int16.self)
            },
            { json, context throws(MappingError) in try context.optional(json, field, IntegerTransformer<Int16>()) })
        Self.expectSame(
            { json, context throws(MappingError) in try context.double(json, "v", schema: "s.yaml:3:5") },
            { json, context throws(MappingError) in try context.required(json, field, DoubleTransformer()) })
        Self.expectSame(
            { json, context throws(MappingError) in
                try context.optionalDouble(json, "v", schema: "s.yaml:3:5", default: 0.5)
            },
            { json, context throws(MappingError) in try context.optional(json, field, DoubleTransformer(), default: 0.5)
            })
        Self.expectSame(
            { json, context throws(MappingError) in try context.float(json, "v", schema: "s.yaml:3:5") },
            { json, context throws(MappingError) in try context.required(json, field, FloatTransformer()) })
        Self.expectSame(
            { json, context throws(MappingError) in try context.optionalFloat(json, "v", schema: "s.yaml:3:5") },
            { json, context throws(MappingError) in try context.optional(json, field, FloatTransformer()) })
        Self.expectSame(
            { json, context throws(MappingError) in try context.decimal(json, "v", schema: "s.yaml:3:5") },
            { json, context throws(MappingError) in try context.required(json, field, DecimalTransformer()) })
        Self.expectSame(
            { json, context throws(MappingError) in try context.optionalDecimal(json, "v", schema: "s.yaml:3:5") },
            { json, context throws(MappingError) in try context.optional(json, field, DecimalTransformer()) })
        Self.expectSame(
            { json, context throws(MappingError) in try context.iso8601Date(json, "v", schema: "s.yaml:3:5") },
            { json, context throws(MappingError) in try context.required(json, field, ISO8601DateTransformer()) })
        Self.expectSame(
            { json, context throws(MappingError) in try context.optionalISO8601Date(json, "v", schema: "s.yaml:3:5") },
            { json, context throws(MappingError) in try context.optional(json, field, ISO8601DateTransformer()) })
        Self.expectSame(
            { json, context throws(MappingError) in try context.url(json, "v", schema: "s.yaml:3:5") },
            { json, context throws(MappingError) in try context.required(json, field, URLTransformer()) })
        Self.expectSame(
            { json, context throws(MappingError) in try context.optionalURL(json, "v", schema: "s.yaml:3:5") },
            { json, context throws(MappingError) in try context.optional(json, field, URLTransformer()) })
        Self.expectSame(
            { json, context throws(MappingError) in try context.uuid(json, "v", schema: "s.yaml:3:5") },
            { json, context throws(MappingError) in try context.required(json, field, UUIDTransformer()) })
        Self.expectSame(
            { json, context throws(MappingError) in try context.optionalUUID(json, "v", schema: "s.yaml:3:5") },
            { json, context throws(MappingError) in try context.optional(json, field, UUIDTransformer()) })
        Self.expectSame(
            { json, context throws(MappingError) in try context.base64Data(json, "v", schema: "s.yaml:3:5") },
            { json, context throws(MappingError) in try context.required(json, field, Base64Transformer()) })
        Self.expectSame(
            { json, context throws(MappingError) in try context.optionalBase64Data(json, "v", schema: "s.yaml:3:5") },
            { json, context throws(MappingError) in try context.optional(json, field, Base64Transformer()) })
        Self.expectSame(
            { json, context throws(MappingError) in try context.entity(json, "v", schema: "s.yaml:3:5", as: Tag.self) },
            { json, context throws(MappingError) in try context.required(json, field, EntityTransformer<Tag>()) })
        Self.expectSame(
            { json, context throws(MappingError) in
                try context.optionalEntity(json, "v", schema: "s.yaml:3:5", as: Tag.self)
            },
            { json, context throws(MappingError) in try context.optional(json, field, EntityTransformer<Tag>()) })
        Self.expectSame(
            { json, context throws(MappingError) in try context.entities(json, "v", schema: "s.yaml:3:5", as: Tag.self)
            },
            { json, context throws(MappingError) in
                try context.optional(json, field, ArrayTransformer(EntityTransformer<Tag>())) ?? []
            })
    }

    @Test func theObjectsCoverValuesAndEveryKindOfFailure() {
        // The comparison above only means something if the objects exercise both outcomes per read.
        let outcomes = Self.objects.map { json in
            Self.outcome(json) { json, context throws(MappingError) in
                try context.integer(json, "v", schema: "s.yaml:3:5", as: UInt8.self)
            }
        }
        #expect(outcomes.contains("value 42; issues []"))
        #expect(outcomes[0] == "error $.v: required value is missing (schema: s.yaml:3:5)")
        #expect(outcomes[1] == "error $.v: required value is null (schema: s.yaml:3:5)", "sent as null")
        #expect(outcomes.contains { $0.contains("out of range for UInt8") })
        #expect(outcomes.contains { $0.contains("expected an integer") })
        let entities = Self.objects.map { json in
            Self.outcome(json) { json, context throws(MappingError) in
                try context.entities(json, "v", schema: "s.yaml:3:5", as: Tag.self)
            }
        }
        #expect(entities.contains { $0.hasPrefix("value [") && $0.contains("swift") == false && $0.contains("\"a\"") })
        #expect(entities.contains { $0.contains("$.v[1].name") })
    }

    /// What `write` puts into a fresh writer.
    static func written(_ write: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        write(&writer)
        writer.endObject()
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func membersWriteWhatKeyAndValueWrite() {
        let date = Date(timeIntervalSince1970: 1_394_175_600)
        let url = URL(string: "https://example.com/a?b=1")!
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        let data = Data("hello".utf8)
        let tags = [Tag(name: "a"), Tag(name: "b\"")]
        #expect(
            Self.written {
                $0.string("x\n\"y", forKey: "k"); $0.optionalString("z", forKey: "o");
                $0.optionalString(nil, forKey: "n")
            }
                == Self.written {
                    $0.key("k"); $0.string("x\n\"y"); $0.key("o"); $0.string("z")
                })
        #expect(
            Self.written {
                $0.bool(false, forKey: "k"); $0.optionalBool(true, forKey: "o"); $0.optionalBool(nil, forKey: "n")
            }
                == Self.written {
                    $0.key("k"); $0.bool(false); $0.key("o"); $0.bool(true)
                })
        #expect(
            Self.written {
                $0.integer(Int64.min, forKey: "k"); $0.optionalInteger(UInt8(7), forKey: "o");
                $0.optionalInteger(Int?.none, forKey: "n")
            }
                == Self.written {
                    $0.key("k"); $0.integer(Int64.min); $0.key("o"); $0.integer(7)
                })
        #expect(
            Self.written {
                $0.double(0.1, forKey: "k"); $0.optionalDouble(.nan, forKey: "o"); $0.optionalDouble(nil, forKey: "n")
            }
                == Self.written {
                    $0.key("k"); $0.double(0.1); $0.key("o"); $0.double(.nan)
                })
        #expect(
            Self.written {
                $0.float(0.1, forKey: "k"); $0.optionalFloat(2, forKey: "o"); $0.optionalFloat(nil, forKey: "n")
            }
                == Self.written {
                    $0.key("k"); $0.float(0.1); $0.key("o"); $0.float(2)
                })
        #expect(
            Self.written {
                $0.decimal(Decimal(string: "0.10")!, forKey: "k"); $0.optionalDecimal(nil, forKey: "n")
            }
                == Self.written {
                    $0.key("k"); $0.decimal(Decimal(string: "0.10")!)
                })
        #expect(
            Self.written {
                $0.iso8601Date(date, forKey: "k"); $0.optionalISO8601Date(date, forKey: "o");
                $0.optionalISO8601Date(nil, forKey: "n")
            }
                == Self.written {
                    $0.key("k"); ISO8601DateTransformer().encode(date, to: &$0); $0.key("o");
                    ISO8601DateTransformer().encode(date, to: &$0)
                })
        #expect(
            Self.written {
                $0.url(url, forKey: "k"); $0.optionalURL(nil, forKey: "n"); $0.uuid(uuid, forKey: "u");
                $0.optionalUUID(nil, forKey: "m")
            }
                == Self.written {
                    $0.key("k"); URLTransformer().encode(url, to: &$0); $0.key("u");
                    UUIDTransformer().encode(uuid, to: &$0)
                })
        #expect(
            Self.written {
                $0.base64Data(data, forKey: "k"); $0.optionalBase64Data(data, forKey: "o");
                $0.optionalBase64Data(nil, forKey: "n")
            }
                == Self.written {
                    $0.key("k"); Base64Transformer().encode(data, to: &$0); $0.key("o");
                    Base64Transformer().encode(data, to: &$0)
                })
        #expect(
            Self.written {
                $0.entity(tags[0], forKey: "k"); $0.optionalEntity(tags[1], forKey: "o");
                $0.optionalEntity(Tag?.none, forKey: "n"); $0.entities(tags, forKey: "a");
                $0.entities([Tag](), forKey: "e")
            }
                == Self.written {
                    $0.key("k"); EntityTransformer<Tag>().encode(tags[0], to: &$0); $0.key("o");
                    EntityTransformer<Tag>().encode(tags[1], to: &$0)
                    $0.key("a"); ArrayTransformer(EntityTransformer<Tag>()).encode(tags, to: &$0); $0.key("e");
                    ArrayTransformer(EntityTransformer<Tag>()).encode([], to: &$0)
                })
        #expect(
            Self.written {
                $0.optionalString(nil, forKey: "n"); $0.string("v", forKey: "k")
            } == #"{"k":"v"}"#)
    }
}
