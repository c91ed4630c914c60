@testable import _EntityGenCore
import Testing

/// The heuristics that relate records, each on a small invented payload, and where each must not guess:
/// references by foreign id, "id or expanded object", and kinds of records as a family. Every case also
/// passes the round-trip property (``InferenceProperty``).
@Suite struct Test_InferRelations {
    let base = Test_SchemaInference()

    @Test func aForeignIdWhoseEveryValueIsAnotherRecordsIdIsAReference() throws {
        // `author_id` names a user embedded elsewhere in the records; `parent_id` a comment.
        let json = base.records(6) { index in
            """
            {"id": \(100 + index), "user": {"id": \(index % 3 + 1), "name": "u\(index % 3)"},
             "author_id": \(index % 3 + 1), "parent_id": \(index == 0 ? "null" : String(100 + index - 1))}
            """
        }
        let schema = try base.infer([json], name: "Comment").schema
        // `author` does not name `User`, but its 3 distinct values are users' ids and no one else's.
        let author = try #require(base.member(schema, "Comment", "author"))
        #expect(author.isReference && author.type == "User" && author.reason?.contains("by its values:") == true)
        let parent = try #require(base.member(schema, "Comment", "parent"))
        #expect(parent.isReference && parent.type == "Comment?" && parent.key == "parent_id")
        #expect(parent.reason?.contains("another Comment") == true)
        // `reviewer_user_id` names `User`, by its name.
        let named = base.records(3) { index in
            #"{"id": \#(index), "user": {"id": \#(index + 7), "name": "u"}, "reviewer_user_id": \#(7 + (index + 1) % 3)}"#
        }
        let reviewer = try #require(base.member(try base.infer([named], name: "Post").schema, "Post", "reviewerUser"))
        #expect(reviewer.isReference && reviewer.type == "User")
        #expect(reviewer.reason?.contains("by its name and values") == true)
    }

    @Test func aForeignIdIsNotAReferenceWhenAValueNamesNothingOrTheTargetIsAmbiguous() throws {
        // 99 is no user's id: a reference would fail the import.
        let missing = base.records(3) { index in
            #"{"id": \#(index), "user": {"id": \#(index + 1)}, "user_id": \#(index == 2 ? 99 : index + 1)}"#
        }
        let schema = try base.infer([missing], name: "Post").schema
        #expect(base.member(schema, "Post", "userId")?.type == "Int64")
        #expect(base.member(schema, "Post", "user") != nil)
        // Values that are both a tag's and a label's id, under a name that says neither.
        let ambiguous = base.records(4) { index in
            """
            {"id": \(100 + index), "tag": {"id": \(index), "t": "x"}, "label": {"id": \(index), "l": 1, "m": 2},
             "other_id": \(index)}
            """
        }
        let second = try base.infer([ambiguous], name: "Post").schema
        #expect(base.member(second, "Post", "otherId")?.isReference == false)
        // Two values only, by value alone: too little to tell an id from a count.
        let few = base.records(3) { index in #"{"id": \#(index + 1), "prev_id": \#(index == 0 ? 1 : 2)}"# }
        #expect(base.member(try base.infer([few]).schema, "Item", "prevId")?.type == "Int64")
    }

    @Test func anIdOrTheExpandedObjectIsAnExpandableReference() throws {
        let json = base.records(4) { index in
            index % 2 == 0
                ? #"{"id": \#(index), "customer": {"id": "cus_\#(index)", "email": "a@b.c"}}"#
                : #"{"id": \#(index), "customer": "cus_\#(index - 1)"}"#
        }
        let schema = try base.infer([json], name: "Charge").schema
        let customer = try #require(base.member(schema, "Charge", "customer"))
        #expect(customer.isReference && customer.isExpandable && customer.type == "Customer")
        // Numbers beside objects identified by text: no single identifier, kept as AnyJSON.
        let mismatched = base.records(4) { index in
            index % 2 == 0
                ? #"{"id": \#(index), "customer": {"id": "cus_\#(index)"}}"# : #"{"id": \#(index), "customer": 5}"#
        }
        let fallback = try base.infer([mismatched], name: "Charge").schema
        #expect(base.member(fallback, "Charge", "customer")?.type == "AnyJSON")
    }

    @Test func recordsOfSeveralKindsWithKeysOfTheirOwnAreAFamily() throws {
        let json = base.records(6) { index in
            index % 2 == 0
                ? #"{"id": \#(index), "type": "text", "at": \#(index), "body": "hi"}"#
                : #"{"id": \#(index), "type": "image", "at": \#(index), "url": "https://x/\#(index).png", "width": 10}"#
        }
        let schema = try base.infer([json], name: "Block").schema
        let root = try #require(schema.entities.first)
        #expect(root.name == "Block" && root.isAbstract && root.discriminator == "type")
        #expect(root.attributes.map(\.name) == ["id", "at"])
        let text = try #require(schema.entities.first { $0.name == "TextBlock" })
        #expect(text.extends == "Block" && text.discriminatorValue == "text" && text.attributes.map(\.name) == ["body"])
        let image = try #require(schema.entities.first { $0.name == "ImageBlock" })
        #expect(image.attributes.map(\.name) == ["url", "width"])
        #expect(schema.feed?.entity == "Block")
    }

    @Test func aTypeKeyIsNotAFamilyWhenEveryKindHasTheSameKeysOrTheObjectsAreNested() throws {
        // `type` sorts nothing: every kind carries the same keys. It stays an attribute.
        let same = base.records(6) { index in #"{"id": \#(index), "type": "\#(index % 2 == 0 ? "a" : "b")", "n": 1}"# }
        let schema = try base.infer([same]).schema
        #expect(!schema.entities[0].isAbstract && base.member(schema, "Item", "type") != nil)
        // Kinds nested in a record: persistence cannot store a relationship to a family, so one entity
        // with optional members reads (and writes back) every kind.
        let nested = base.records(3) { index in
            #"{"id": \#(index), "blocks": [{"type": "text", "body": "b"}, {"type": "image", "url": "https://x"}]}"#
        }
        let inner = try base.infer([nested], name: "Page").schema
        let block = try #require(inner.entities.first { $0.name == "Block" })
        #expect(!block.isAbstract && block.attributes.map(\.name) == ["type", "body", "url"])
    }
}
