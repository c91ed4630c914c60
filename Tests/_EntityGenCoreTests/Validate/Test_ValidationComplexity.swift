@testable import _EntityGenCore
import Foundation
import Testing

/// Validation grows linearly with the members of an entity: 4n attributes cost about 4x n, not 16x
/// (issue 16, item 8: 8k / 16k / 32k attributes took 0.93 / 3.6 / 13.9 s).
@Suite struct Test_ValidationComplexity {
    static func schema(attributes count: Int) -> SourceFile {
        var text = "entities:\n  Big:\n    identifiedBy: a0\n    attributes:\n"
        for index in 0..<count { text += "      a\(index): {type: String, key: \"group\(index % 7).a\(index)\"}\n" }
        return SourceFile(path: "Big.yaml", text: text)
    }

    /// Best of three, in seconds: parse, validate and translate.
    static func seconds(attributes count: Int) -> Double {
        let source = schema(attributes: count)
        var best = Double.infinity
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            let result = GeneratorPipeline.validate(schemas: [source], config: nil)
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            #expect(result.diagnostics.isEmpty)
        }
        return best
    }

    @Test func attributesPerEntityCostLinearTime() {
        let small = Self.seconds(attributes: 2_000)
        let large = Self.seconds(attributes: 8_000)
        #expect(large / small < 8, "2,000 attributes: \(small) s, 8,000: \(large) s")
    }
}
