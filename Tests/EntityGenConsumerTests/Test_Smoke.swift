import EntityGenRuntime
import Testing

@Suite struct Test_Smoke {
    @Test func compiles() {
        #expect(Person.Attributes.name == "name")
    }
}
