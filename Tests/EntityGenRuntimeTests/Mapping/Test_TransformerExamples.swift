import EntityGenRuntime
import Testing

/// `TransformerExamples.check` (behind generated `checkExamples()`): a custom transformer whose `toJSON`
/// writes part of the value, or something `fromJSON` cannot read, is caught on the schema's examples
/// before storage reads rows back.
@Suite struct Test_TransformerExamples {
    struct Contact: Hashable, Sendable {
        var name: String
        var email: String?
    }

    /// Reads `"Name"` or `{"name": ..., "email": ...}`; `writesEmail` decides whether toJSON keeps the email.
    struct ContactTransformer: JSONTransformer {
        var writesEmail: Bool
        var writesReadableJSON = true

        func decode(_ value: JSONValue, context: inout MappingContext) throws(TransformFailure) -> Contact {
            if let name = value.string() { return Contact(name: name) }
            guard let name = value["name"]?.string() else {
                throw .expected("a name or an object with one", found: value)
            }
            return Contact(name: name, email: value["email"]?.string())
        }

        func encode(_ value: Contact, to writer: inout JSONWriter) {
            guard writesReadableJSON else { return writer.integer(1) }
            writer.beginObject()
            writer.key("name")
            writer.string(value.name)
            if writesEmail, let email = value.email {
                writer.key("email")
                writer.string(email)
            }
            writer.endObject()
        }
    }

    static let examples = [#""Ann""#, #"{"name": "Bo", "email": "bo@example.com"}"#]

    @Test func aFaithfulTransformerPasses() {
        #expect(TransformerExamples.check(ContactTransformer(writesEmail: true), examples: Self.examples).isEmpty)
    }

    @Test func aToJSONThatLeavesOutPartOfTheValueIsNamed() {
        let problems = TransformerExamples.check(ContactTransformer(writesEmail: false), examples: Self.examples)
        #expect(
            problems.map(\.description) == [
                #"{"name": "Bo", "email": "bo@example.com"}: written as {"name":"Bo"}, which reads back a different value: toJSON leaves out part of what fromJSON read"#
            ])
    }

    @Test func aToJSONThatFromJSONCannotReadIsNamed() {
        let problems = TransformerExamples.check(
            ContactTransformer(writesEmail: true, writesReadableJSON: false), examples: [#""Ann""#, "[1"])
        #expect(problems.count == 2)
        #expect(
            problems.first?.message
                == "written as 1, which does not read back (expected a name or an object with one, found the number 1): toJSON must write what fromJSON reads"
        )
        #expect(problems.last?.message.hasPrefix("does not read: not JSON") == true)
    }

    /// Without `Equatable`, the check still compares what is written twice.
    @Test func valuesThatAreNotEquatableAreComparedByWhatIsWritten() {
        struct Opaque: Sendable { var text: String }
        struct Drifting: JSONTransformer {
            func decode(_ value: JSONValue, context: inout MappingContext) throws(TransformFailure) -> Opaque {
                guard let text = value.string() else { throw .expected("a string", found: value) }
                return Opaque(text: text)
            }
            func encode(_ value: Opaque, to writer: inout JSONWriter) { writer.string(value.text + "!") }
        }
        let problems = TransformerExamples.check(Drifting(), examples: [#""a""#])
        #expect(problems.map(\.message) == [#"written as "a!", then as "a!!": the writing is not stable"#])
    }
}
