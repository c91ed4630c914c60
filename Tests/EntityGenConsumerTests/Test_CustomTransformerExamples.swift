import EntityGenRuntime
import Testing

/// The generated `checkExamples()` of the custom transformers in `Schemas/Pods.yaml`, run against the
/// conversions written by hand in `PodTypes.swift`: what a user puts in a test so that `toJSON` keeps
/// writing what `fromJSON` (and so storage) reads back.
@Suite struct Test_CustomTransformerExamples {
    @Test func podTransformersRoundTripTheirSchemaExamples() {
        #expect(AuthorList.examples.count == 2)
        #expect(AuthorList.checkExamples().isEmpty, "\(AuthorList.checkExamples())")
        #expect(PathList.examples == [#""Classes/*.{h,m}""#, #"["Code/*.h","Code/*.m"]"#])
        #expect(PathList.checkExamples().isEmpty, "\(PathList.checkExamples())")
    }
}
