@testable import _EntityGenCore
import Testing

/// A required attribute added to an entity whose table already has rows, as a newcomer writes one: with
/// a `default:` a column holds, the next migration adds the column with it (an integer written in hex
/// too); with a default only the mapper can apply (a non-empty list), lint says so at the attribute
/// instead of asking for a default it already has.
@Suite struct Test_MigrationTranslator {
    static let first = "entities:\n  Pod:\n    identifiedBy: name\n    attributes:\n      name: String\n"

    static func validate(_ text: String, history: String?) -> GeneratorPipeline.ValidationResult {
        Test_DiscardStoredData.validate(text, history: history)
    }

    @Test func newRequiredColumnsTakeTheirDefaultsOrSayWhyTheyCannot() throws {
        let history = try #require(
            Self.validate(Self.first, history: nil).plan?.migrations(for: .sqlite).updatedHistory)
        let plain = Self.validate(Self.first + "      stars: {type: Int, default: 0x1F}\n", history: history.encoded())
        #expect(!plain.diagnostics.contains { $0.severity == .error }, "\(plain.diagnostics)")
        let added = try #require(plain.plan?.migrations(for: .sqlite).updatedHistory?.migrations.last?.schema)
        #expect(added.table(named: "pod")?.column(named: "stars")?.defaultSQL == "31")

        let list = Self.validate(
            Self.first + "      tags: {type: '[String]', default: [swift]}\n", history: history.encoded())
        #expect(
            list.diagnostics.map(\.description) == [
                "S.yaml:6:7: error: since migration 'entitygen-v1', new required column 'pod.tags' has no default for the rows already stored; its 'default:' (of a custom type, or a non-empty collection) is applied by the mapper only and cannot fill stored rows; make it optional, or give it a default a column holds (text, a number, a date, an empty collection) [unmigratable-change]"
            ])
        let empty = Self.validate(
            Self.first + "      tags: {type: '[String]', default: []}\n", history: history.encoded())
        #expect(!empty.diagnostics.contains { $0.severity == .error }, "\(empty.diagnostics)")
    }
}
