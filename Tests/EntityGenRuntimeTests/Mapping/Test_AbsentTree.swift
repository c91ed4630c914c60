@testable import EntityGenRuntime
import Testing

/// The keys JSON objects left out, recorded beside the mapped graph (``AbsentTree``) as generated
/// mappers record them: each embedded object's by relationship and position, or key in a map; an element
/// skipped by a lossy array, and everything it embedded, leaves nothing behind, so the positions of the
/// elements kept still match the model's.
@Suite struct Test_AbsentTree {
    /// A hand-written mapper that calls the context as a generated one does: `note` is absent-tracked
    /// (bit 0), `children` (slot 2) is a lossy array and `named` (slot 3) a map of nested nodes.
    struct Node: JSONMappable, Equatable {
        var id: Int
        var note: String?
        var children: [Node] = []
        var named: [String: Node] = [:]

        static func map(from json: JSONValue, context: inout MappingContext) throws(MappingError) -> Node {
            try context.expectObject(json, entity: "Node", schema: "n.yaml:1:1")
            var absent = AbsentFields()
            let id = try context.integer(json, "id", schema: "n.yaml:2:1", as: Int.self)
            let note = try context.optionalString(json, "note", schema: "n.yaml:3:1")
            if case .none = note, context.isAbsent(json, "note") { absent.insert(0) }
            context.enterRelationship(2)
            let children =
                try context.optional(
                    json, MappingField("children", schema: "n.yaml:4:1"),
                    ArrayTransformer(EntityTransformer<Node>(), skipsInvalidElements: true)) ?? []
            context.enterRelationship(3)
            let named =
                try context.optional(
                    json, MappingField("named", schema: "n.yaml:5:1"), MapTransformer(EntityTransformer<Node>()))
                ?? [:]
            context.recordAbsent(absent)
            return Node(id: id, note: note, children: children, named: named)
        }

        func writeJSON(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.endObject()
        }
    }

    static func record(_ json: String, in context: inout MappingContext) throws -> (Node, AbsentTree) {
        let document = try JSONDocument(bytes: Array(json.utf8))
        return try document.withRoot { root throws(MappingError) in
            try context.mapRecordingAbsentKeys(root, as: Node.self)
        }
    }

    @Test func eachEmbeddedObjectIsFoundByRelationshipAndPositionOrKey() throws {
        let json = """
            {"id": 1, "children": [
                {"id": 2},
                {"id": 7, "children": [{"id": 8}], "named": {"x": "not a node"}},
                {"id": 3, "note": "n", "children": [{"id": 4}]}
              ],
              "named": {"b": {"id": 5, "note": null}, "a": {"id": 6}}}
            """
        var context = MappingContext()
        let (node, tree) = try Self.record(json, in: &context)
        #expect(node.children.map(\.id) == [2, 3])  // 7 failed at `named` after mapping its child 8
        #expect(context.issues.count == 1)
        #expect(tree.fields.contains(0))
        #expect(tree.child(2, 0).fields.contains(0))  // 2: no note
        #expect(!tree.child(2, 1).fields.contains(0))  // 3: its note, not 7's nor 8's
        #expect(tree.child(2, 1).child(2, 0).fields.contains(0))  // 4
        #expect(!tree.child(2, 1).child(2, 1).fields.contains(0))  // nothing there: empty
        #expect(!tree.child(3, key: "b").fields.contains(0))  // null is present
        #expect(tree.child(3, key: "a").fields.contains(0))
        #expect(!tree.child(3, key: "x").fields.contains(0) && !tree.child(9).fields.contains(0))
    }

    @Test func aFailedMappingLeavesTheContextAsItWas() throws {
        var context = MappingContext()
        #expect(throws: MappingError.self) { try Self.record(#"{"id": 1, "children": "no"}"#, in: &context) }
        let (_, tree) = try Self.record(#"{"id": 1, "note": "n", "children": [{"id": 2}]}"#, in: &context)
        #expect(!tree.fields.contains(0) && tree.child(2, 0).fields.contains(0))
        #expect(context.absentRecorder == nil)
    }

    @Test func mappingWithoutRecordingRecordsNothing() throws {
        let mapped = try Node.map(json: Array(#"{"id": 1, "children": [{"id": 2}]}"#.utf8))
        #expect(mapped.value == Node(id: 1, children: [Node(id: 2)]))
    }
}
