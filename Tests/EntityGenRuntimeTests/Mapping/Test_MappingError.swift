import EntityGenRuntime
import Testing

/// `MappingError` is one reference wide (so typed throws stay small in generated code) but keeps value
/// semantics: copies are independent, equality and hashing follow the fields.
@Suite struct Test_MappingError {
    @Test func mappingErrorIsAValue() {
        var error = MappingError(path: "$.a", schemaLocation: "A.yaml:1:1", message: "missing")
        let copy = error
        #expect(error == copy && error.hashValue == copy.hashValue)
        error.path = "$.b"
        error.serverMessage = "no"
        #expect(copy.path == "$.a" && copy.serverMessage == nil)
        #expect(error.path == "$.b" && error.serverMessage == "no" && error.message == "missing")
        #expect(error != copy)
        #expect(error.description == "$.b: missing (schema: A.yaml:1:1)")
        #expect(MappingError(path: "$.a", schemaLocation: "A.yaml:1:1", message: "missing") == copy)
    }
}
